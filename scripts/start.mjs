// `npm start`: build the web app if it is missing or older than its sources, then run the server.
// In a release (no web sources, the built app beside the server) it only runs the server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const marker = path.join(root, 'build/client/index.html');
const sources = ['src/web', 'src/shared', 'content', 'vite.config.ts', 'react-router.config.ts', 'scripts/static-home.mjs', 'package.json'];

function newestMtime(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(full).reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), stat.mtimeMs);
}

const builtAt = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
// A release (npm run release) carries the built web app and not its sources: nothing to build.
const isRelease = !fs.existsSync(path.join(root, 'src/web'));
if (isRelease && !builtAt) {
  console.error(`Cannot start: no built web app at ${path.dirname(marker)} and no sources to build it from (unpack the whole release)`);
  process.exit(1);
}
if (!isRelease && builtAt < Math.max(...sources.map(newestMtime))) {
  console.log('Building the web app (first start or sources changed)...');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= 'production';
const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'src/server/main.ts'));
