// After a build: writes the web manifest (the company's name from content/home.json, its icon from
// public/), so the app can be installed, and build/client/sw.js from src/sw/service-worker.js,
// with the release's scripts, styles, icons and manifest to keep, and a version made from them
// (a new release is a new worker, which replaces the old caches). See docs/decisions/0014-outbox.md.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'build/client');
const company = JSON.parse(fs.readFileSync(path.join(root, 'content/home.json'), 'utf8')).company;
const manifest = {
  name: company.name,
  short_name: company.name.split(' ')[0],
  description: `${company.name}: books`,
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  background_color: '#ffffff',
  theme_color: '#1e293b',
  icons: [
    { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
  ],
};
fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), `${JSON.stringify(manifest, null, 2)}\n`);

const assets = fs
  .readdirSync(path.join(dir, 'assets'))
  // Fonts too: the taka sign and, for Bangla, Noto Sans Bengali (an offline start must not lose them).
  .filter((name) => /\.(js|css|woff2)$/.test(name))
  .sort()
  .map((name) => `/assets/${name}`);
const statics = fs
  .readdirSync(dir)
  .filter((name) => /\.(svg|png|webmanifest)$/.test(name))
  .sort()
  .map((name) => `/${name}`);
const precache = [...assets, ...statics];
const version = crypto
  .createHash('sha256')
  .update(precache.join('\n'))
  .update(fs.readFileSync(path.join(dir, '__spa-fallback.html')))
  .update(fs.readFileSync(path.join(dir, '__spa-fallback.bn.html')))
  .digest('hex')
  .slice(0, 12);
const source = fs.readFileSync(path.join(root, 'src/sw/service-worker.js'), 'utf8');
if (!source.includes('= __PRECACHE__;') || !source.includes("'__VERSION__'")) throw new Error('service-worker.js lost its placeholders');
fs.writeFileSync(path.join(dir, 'sw.js'), source.replace('= __PRECACHE__;', `= ${JSON.stringify(precache)};`).replace("'__VERSION__'", `'${version}'`));
console.log(`sw.js: ${precache.length} files kept, version ${version}`);
