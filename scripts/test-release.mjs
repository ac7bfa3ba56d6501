// `npm run test:release`: build once, run anywhere, tried as a server would (a few minutes: a
// build and an install). Makes a release (npm run release), unpacks its tarball into a temporary
// folder, installs it with production dependencies only (npm install --omit=dev), checks that the
// web build tool did not come along, then runs the release's own smoke test through `npm start`
// (scripts/smoke.mjs --npm-start: GET / and /api/health answer, sign in, a write load, SIGTERM).
// Arguments go to the release script (--no-build to pack the build/client already there).
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
  run(process.execPath, ['scripts/release.mjs', ...process.argv.slice(2)], root)
    .trim()
    .split('\n')
    .at(-1),
);
console.log(`release: ${path.relative(root, tarball)} (${seconds(t)})`);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-release-'));
let failed = false;
try {
  execFileSync('tar', ['-xzf', tarball, '-C', tmp]);
  const [name] = fs.readdirSync(tmp);
  const dir = path.join(tmp, name);
  if (fs.existsSync(path.join(dir, 'src/web'))) throw new Error('the release carries the web sources');

  t = performance.now();
  run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], dir);
  console.log(`npm install --omit=dev: ${seconds(t)}`);
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
