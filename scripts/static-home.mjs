// After `react-router build` (react-router.config.ts calls this from buildEnd; by hand:
// `node scripts/static-home.mjs [build/client]`): serve `/` as its prerendered HTML without React.
// It takes the module scripts, the modulepreloads and React's streaming leftovers out of
// index.html, bundles src/web/features/home/home-island.ts (date, year, arrival note, signed-in header) into
// one small hashed file and links that instead. See docs/decisions/0006-home-without-hydration.md.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const island = path.join(root, 'src/web/features/home/home-island.ts');

/** The prerendered page without React's scripts: no script and no module preload left. */
function withoutReact(html) {
  const stripped = html
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    // React's streamed Suspense boundaries that only held the scripts' data.
    .replace(/<!--\$[?!~]?--><template id="B:\d+"><\/template><!--\/\$-->/g, '')
    .replace(/<div hidden(?:="")? id="S:\d+"><\/div>/g, '')
    .replace(/<!--\$--><!--\/\$-->/g, '');
  const left = stripped.match(/<script|modulepreload|<template id="B:|id="S:\d/);
  if (left) throw new Error(`static-home: index.html still holds '${left[0]}' after taking React out; the prerendered markup has changed`);
  return stripped;
}

/** Builds the island into `clientDir`/assets and returns its URL path. */
async function buildIsland(clientDir) {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir: clientDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2022',
      rolldownOptions: {
        input: { 'home-island': island },
        output: { format: 'es', entryFileNames: 'assets/[name]-[hash].js' },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  const chunks = outputs.filter((o) => o.type === 'chunk');
  if (chunks.length !== 1 || !chunks[0].isEntry) throw new Error(`static-home: the island must be one file, got ${chunks.map((c) => c.fileName).join(', ')}`);
  return `/${chunks[0].fileName}`;
}

/**
 * The home page is not translated yet (docs/decisions/0015-bangla.md), and without React its
 * language switch would do nothing: it is taken out of the static page (the sign-in pages have it).
 */
function withoutLanguageSwitch(html) {
  const found = /<div role="group"[^>]*data-testid="language-switch"[^>]*>[\s\S]*?<\/div>/;
  if (!found.test(html)) throw new Error('static-home: the language switch is not in index.html; the header has changed');
  return html.replace(found, '');
}

async function staticHome(clientDir) {
  const index = path.join(clientDir, 'index.html');
  const html = withoutLanguageSwitch(withoutReact(fs.readFileSync(index, 'utf8')));
  const src = await buildIsland(clientDir);
  fs.writeFileSync(index, html.replace('</head>', `<script type="module" src="${src}"></script></head>`));
  console.log(`static-home: / is served without React; its script is ${src}`);
}

await staticHome(path.resolve(root, process.argv[2] ?? 'build/client'));
