#!/usr/bin/env bash
# `npm run test:systemd` (root, Debian; not part of `npm test`): the deployment kit under a real
# systemd. A minimal Debian is made with debootstrap and booted with systemd-nspawn (systemd is its
# PID 1); a release of this checkout is installed in it as docs/deploy.md says (unpacked in
# /opt/ama-books, `npm install --omit=dev` run beside, deploy/ama-books.service enabled, the settings
# in /etc/ama-books/ama-books.env), with this machine's Node. Then, as the factory's server would
# meet them: the service starts with its hardening; an admin is made by the CLI as the service's
# user; entries are saved under load and the service stopped in the middle (a clean stop within
# TimeoutStopSec, every acknowledged entry stored: `check`); a killed server is restarted by
# systemd; a second server and `seed:demo` are refused while it runs; `systemd-analyze security`.
# Prints one line a step; exits non-zero at the first that fails. Decision 0029.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
machine=${AMA_TRIAL_DIR:-/var/lib/machines/ama-trial}
port=${AMA_TRIAL_PORT:-3700}
base="http://127.0.0.1:$port"
work=$(mktemp -d)
say() { printf '%s\n' "$*"; }
fail() { say "FAILED: $*"; exit 1; }

command -v systemd-nspawn > /dev/null && command -v debootstrap > /dev/null || apt-get install -y systemd-container debootstrap > /dev/null
if [ ! -x "$machine/usr/lib/systemd/systemd" ]; then
  say "making a minimal Debian in $machine (debootstrap, a few minutes)"
  debootstrap --variant=minbase --include=systemd,systemd-sysv,dbus bookworm "$machine" http://deb.debian.org/debian > "$work/debootstrap.log"
fi

say "release of this checkout, installed as on a server"
tarball=$(cd "$root" && node scripts/release.mjs --no-build | tail -1)
tar -xzf "$root/$tarball" -C "$work"
app=$(find "$work" -maxdepth 1 -type d -name 'ama-books-*' | head -1)
(cd "$app" && npm install --omit=dev --no-audit --no-fund > "$work/npm.log" 2>&1) || fail "npm install --omit=dev (see $work/npm.log)"
rm -rf "$machine/opt/ama-books" "$machine/var/lib/ama-books"
cp -a "$app" "$machine/opt/ama-books"
cp "$(command -v node)" "$machine/usr/local/bin/node"
cp "$machine/opt/ama-books/deploy/ama-books.service" "$machine/etc/systemd/system/"
mkdir -p "$machine/etc/ama-books" "$machine/etc/systemd/system/multi-user.target.wants"
ln -sf /etc/systemd/system/ama-books.service "$machine/etc/systemd/system/multi-user.target.wants/ama-books.service"
printf 'PORT=%s\nHOST=127.0.0.1\nAPP_URL=%s\n' "$port" "$base" > "$machine/etc/ama-books/ama-books.env"
chroot "$machine" id ama-books > /dev/null 2>&1 || chroot "$machine" useradd --system --home-dir /var/lib/ama-books --shell /usr/sbin/nologin ama-books

say "booting it (systemd-nspawn, the host's network)"
setsid systemd-nspawn -D "$machine" --register=no --keep-unit -b --console=pipe > "$work/nspawn.log" 2>&1 < /dev/null &
nspawn=$!
trap 'kill $nspawn 2> /dev/null; wait $nspawn 2> /dev/null; rm -rf "$work"' EXIT
init=
for _ in $(seq 1 60); do
  init=$(pgrep -P "$nspawn" -x systemd || true)
  [ -n "$init" ] && break
  sleep 0.5
done
[ -n "$init" ] || fail "no systemd in the container ($work/nspawn.log)"
inside() { nsenter -t "$init" -a "$@"; }
as_app() { inside runuser -u ama-books -- env DATA_DIR=/var/lib/ama-books HOME=/var/lib/ama-books sh -c "cd /opt/ama-books && $1"; }
healthy() { for _ in $(seq 1 60); do curl -sf "$base/api/health" > /dev/null && return 0; sleep 0.5; done; return 1; }
healthy || fail "the service did not answer on $base"
say "ok: systemd is PID 1 ($(inside cat /proc/1/comm)); ama-books.service $(inside systemctl is-active ama-books), $(curl -s "$base/api/health")"

echo 'Owner#Trial2026' | as_app '/usr/local/bin/node --import tsx src/server/cli.ts user:create --email owner@trial.test --name Owner --role admin' > /dev/null
cat > "$work/load.mjs" << 'EOF'
import { createRequire } from 'node:module';
const require = createRequire(`${process.env.ROOT}/package.json`);
const autocannon = require('autocannon');
const base = process.env.BASE;
const login = await fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email: 'owner@trial.test', password: 'Owner#Trial2026' }) });
if (!login.ok) throw new Error(`sign-in: ${login.status}`);
const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const headers = { cookie, origin: base, 'content-type': 'application/json' };
const partner = { catagories: 'Client', name: 'Trial Client', fname: 'Abdul Karim', mname: 'Rokeya Begum', address: 'Tongi', contact: '01712345678', nid: '1990123456789', assignedSalary: '0' };
await fetch(`${base}/api/userDetailsData`, { method: 'POST', headers, body: JSON.stringify(partner) });
// Each request keyed, so a count of the stored entries can be set against the answers.
let n = 0;
const sale = () => JSON.stringify({ name: 'Trial Client', size: '12', weight: '10', price: '80', paid_amount: '500', discount_amount: '0', note: 'trial', idempotency_key: `trial-${process.pid}-${n++}` });
const r = await autocannon({ url: `${base}/api/mWireData`, method: 'POST', connections: 10, duration: Number(process.env.LOAD_SECONDS), headers, requests: [{ setupRequest: (req) => ({ ...req, body: sale() }) }] });
console.log(r['2xx']);
EOF
ROOT="$root" BASE="$base" LOAD_SECONDS=6 node "$work/load.mjs" > "$work/acked" &
loader=$!
sleep 3
started=$(date +%s%N)
inside systemctl stop ama-books
stopped=$(( ($(date +%s%N) - started) / 1000000 ))
wait $loader || true
acked=$(cat "$work/acked")
[ "$(inside systemctl show -p Result --value ama-books)" = success ] || fail "the stop did not end cleanly: $(inside systemctl show -p Result --value ama-books)"
[ "$stopped" -lt 10000 ] || fail "the stop took $stopped ms"
checked=$(as_app '/usr/local/bin/node --import tsx src/server/cli.ts check')
stored=$(sed -E 's/^books ok: ([0-9]+) entries.*/\1/' <<< "$checked")
[ "$stored" -ge "$acked" ] || fail "$acked entries acknowledged, $stored stored"
say "ok: stopped under a write load in $stopped ms (Result=success); $acked acknowledged, $stored stored; $checked"

inside systemctl start ama-books
healthy || fail "no answer after the start"
inside systemctl kill --signal=KILL ama-books
sleep 1
say "ok: the server killed: $(inside systemctl is-active ama-books) ($(inside systemctl show -p Result --value ama-books))"
healthy || fail "systemd did not bring it back"
say "ok: restarted by systemd (restarts: $(inside systemctl show -p NRestarts --value ama-books)), $(curl -s "$base/api/health")"

second=$(as_app "TMPDIR=/var/lib/ama-books PORT=$((port + 1)) timeout 20 /usr/local/bin/node scripts/start.mjs" 2>&1 || true)
grep -q 'another server is already running' <<< "$second" || fail "a second server was not refused: $second"
seed=$(as_app 'TMPDIR=/var/lib/ama-books /usr/local/bin/node --import tsx src/server/cli.ts seed:demo --entries 10' 2>&1 || true)
grep -q 'a server is running' <<< "$seed" || fail "seed:demo was not refused: $seed"
say "ok: a second server and seed:demo refused while it runs, whatever their temporary folder"
say "ok: $(inside systemd-analyze security ama-books --no-pager 2>&1 | tail -1)"
inside systemctl poweroff > /dev/null 2>&1 || true
say "all steps passed"
