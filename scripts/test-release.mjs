// `npm run test:release`: build once, run anywhere, tried as a server would (a few minutes: a
// build and an install). Makes a release (npm run release), unpacks its tarball into a temporary
// folder, installs it with production dependencies only (npm install --omit=dev), checks that the
// web build tool did not come along, then runs the release's own smoke test through `npm start`
// (scripts/smoke.mjs --npm-start: GET / and /api/health answer, sign in, a write load, SIGTERM).
// Arguments go to the release script (--no-build to pack the build/client already there), but
// --reuse-native (CI): the install skips install scripts and takes the SQLite driver's compiled
// module from this checkout (the same version, the same Node), instead of compiling it again from
// source (two of CI's 40 minutes on a slow machine; what is tried here is the tarball, not the compiler).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const seconds = (t) => `${((performance.now() - t) / 1000).toFixed(0)} s`;
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });

let t = performance.now();
const tarball = path.resolve(
  root,
  run(process.execPath, ['scripts/release.mjs', ...process.argv.slice(2).filter((a) => a !== '--reuse-native')], root)
    .trim()
    .split('\n')
    .at(-1),
);
console.log(`release: ${path.relative(root, tarball)} (${seconds(t)})`);

/** better-sqlite3's compiled module from this checkout into the release's, when the versions are the same. */
function reuseNative(dir) {
  const pkg = (d) => JSON.parse(fs.readFileSync(path.join(d, 'node_modules/better-sqlite3/package.json'), 'utf8')).version;
  if (pkg(root) !== pkg(dir)) throw new Error(`better-sqlite3 ${pkg(dir)} in the release, ${pkg(root)} here: run without --reuse-native`);
  const built = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
  fs.mkdirSync(path.dirname(path.join(dir, built)), { recursive: true });
  fs.copyFileSync(path.join(root, built), path.join(dir, built));
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-release-'));
let failed = false;
try {
  execFileSync('tar', ['-xzf', tarball, '-C', tmp]);
  const [name] = fs.readdirSync(tmp);
  const dir = path.join(tmp, name);
  if (fs.existsSync(path.join(dir, 'src/web'))) throw new Error('the release carries the web sources');

  t = performance.now();
  const reuse = process.argv.includes('--reuse-native');
  run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', ...(reuse ? ['--ignore-scripts'] : [])], dir);
  if (reuse) reuseNative(dir);
  console.log(`npm install --omit=dev${reuse ? ' --ignore-scripts, the driver compiled here reused' : ''}: ${seconds(t)}`);
  // Production packages' peer dependencies bring a few development ones along (typescript, vite);
  // the web app's build tool must not be there: npm start cannot have built anything.
  if (fs.existsSync(path.join(dir, 'node_modules/@react-router/dev'))) throw new Error('the web build tool (@react-router/dev) was installed');

  // The release's own smoke test, with the release's own node_modules.
  execFileSync(process.execPath, [path.join(dir, 'scripts/smoke.mjs'), '--dir', dir, '--npm-start'], { stdio: 'inherit' });
  console.log('release ok');
} catch (error) {
  failed = true;
  console.error(`release test FAILED: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
