// `npm run release`: build once, run anywhere (issue 31). Builds the web app and puts what a server
// runs into release/ama-books-<version>-<commit>/ and a tarball of it beside (release/*.tar.gz):
// the built web app, the server's sources (run by tsx, a dependency), package.json and the
// lockfile, the deploy kit (deploy/) if there is one, and release.json naming what was built.
// On the server: unpack, `npm install --omit=dev`, `npm start` (it serves without building:
// scripts/start.mjs sees no web sources). `--no-build` packs the build/client already there.
// Prints the tarball's path as its last line.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** What a release holds, beside build/client: each path is copied if it exists. */
const CONTENTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'README.md',
  'docs',
  'deploy',
  'src/server',
  'src/shared',
  'scripts/start.mjs',
  'scripts/smoke.mjs',
  'scripts/processes.mjs',
];
const REQUIRED = ['package.json', 'package-lock.json', 'src/server', 'src/shared', 'scripts/start.mjs'];

const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

if (!process.argv.includes('--no-build')) execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
if (!fs.existsSync(path.join(root, 'build/client/index.html'))) throw new Error('no built web app in build/client: run npm run build');
for (const p of REQUIRED) if (!fs.existsSync(path.join(root, p))) throw new Error(`${p} is missing: a release needs it`);

const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const commit = git('rev-parse', '--short=10', 'HEAD');
const changed = git('status', '--porcelain', '--untracked-files=no') !== '';
const name = `ama-books-${version}-${commit}${changed ? '-changed' : ''}`;
const out = path.join(root, 'release');
const dir = path.join(out, name);
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });

/**
 * What the server's sources import from outside src/server and src/shared (the shared statement's
 * page reads content/home.json for the company's name): found in the sources, so a release never
 * leaves out a file the server needs to start (one did, 2026-11-26: `npm start` failed).
 */
function serverImportsOutside() {
  const found = new Set();
  for (const f of fs.readdirSync(path.join(root, 'src/server'), { recursive: true })) {
    if (!/\.(ts|mts|js|mjs)$/.test(String(f))) continue;
    const file = path.join(root, 'src/server', String(f));
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\(\s*)'(\.\.?\/[^']+)'/g)) {
      const target = path.relative(root, path.resolve(path.dirname(file), m[1]));
      if (!/^src\/(server|shared)\//.test(target)) found.add(target);
    }
  }
  return [...found];
}

for (const p of [...CONTENTS, ...serverImportsOutside()]) {
  const from = path.join(root, p);
  if (fs.existsSync(from)) fs.cpSync(from, path.join(dir, p), { recursive: true });
  else if (!CONTENTS.includes(p)) throw new Error(`${p} is imported by the server but missing`);
}
fs.cpSync(path.join(root, 'build/client'), path.join(dir, 'build/client'), { recursive: true });
const manifest = { name: 'ama-books', version, commit, changed, builtAt: new Date().toISOString(), builtWithNode: process.versions.node };
fs.writeFileSync(path.join(dir, 'release.json'), `${JSON.stringify(manifest, null, 2)}\n`);

const tarball = path.join(out, `${name}.tar.gz`);
execFileSync('tar', ['-czf', tarball, '-C', out, name]);
const kib = (fs.statSync(tarball).size / 1024).toFixed(0);
console.log(`release ${name}${changed ? ' (with uncommitted changes)' : ''}: ${path.relative(root, dir)}/ and, ${kib} KiB:`);
console.log(path.relative(root, tarball));
