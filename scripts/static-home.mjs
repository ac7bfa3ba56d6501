// After `react-router build` (react-router.config.ts calls this from buildEnd; by hand:
// `node scripts/static-home.mjs [build/client]`): serve `/` as its prerendered HTML without React.
// It takes the module scripts, the modulepreloads and React's streaming leftovers out of
// index.html, bundles src/web/features/home/home-island.ts (date, year, arrival note, signed-in header) into
// one small hashed file and links that instead. See docs/decisions/0006-home-without-hydration.md.
// Also writes the Bangla pages: index.bn.html and the app's page __spa-fallback.bn.html (decision 0015).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { readManifest } from './route-manifest.mjs';

const root = path.resolve(import.meta.dirname, '..');
const island = path.join(root, 'src/web/features/home/home-island.ts');
const authIsland = path.join(root, 'src/web/features/auth/auth-island.ts');
const renderer = path.join(root, 'src/web/features/home/render-home.tsx');

/** The prerendered page without React's scripts: no script and no module preload left. */
function withoutReact(html) {
  const stripped = html
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    // All but the role hint (src/shared/role-hint.ts): the header's signed-in shape from the first paint.
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, (script) => (script.startsWith('<script id="role-hint">') ? script : ''))
    // React's streamed Suspense boundaries that only held the scripts' data.
    .replace(/<!--\$[?!~]?--><template id="B:\d+"><\/template><!--\/\$-->/g, '')
    .replace(/<div hidden(?:="")? id="S:\d+"><\/div>/g, '')
    .replace(/<!--\$--><!--\/\$-->/g, '');
  const left = stripped.match(/<script(?! id="role-hint">)|modulepreload|<template id="B:|id="S:\d/);
  if (left) throw new Error(`static-home: index.html still holds '${left[0]}' after taking React out; the prerendered markup has changed`);
  return stripped;
}

/** Builds an island into `clientDir`/assets and returns its entry's URL path; `lazy`: it may fetch chunks of its own later. */
async function buildIsland(clientDir, name = 'home-island', entry = island, lazy = false) {
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
        input: { [name]: entry },
        output: { format: 'es', entryFileNames: 'assets/[name]-[hash].js', chunkFileNames: `assets/${name}-[name]-[hash].js` },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  const chunks = outputs.filter((o) => o.type === 'chunk');
  const entries = chunks.filter((c) => c.isEntry);
  // Its later chunks are fetched only by dynamic import (never on the first load).
  const eager = chunks.filter((c) => !c.isEntry && !entries.some((e) => e.dynamicImports.includes(c.fileName)));
  if (entries.length !== 1 || (!lazy && chunks.length !== 1) || eager.length) {
    throw new Error(`static-home: ${name} must be one file${lazy ? ' and lazily loaded chunks' : ''}, got ${chunks.map((c) => c.fileName).join(', ')}`);
  }
  return `/${entries[0].fileName}`;
}

/**
 * The language switch shows once the island has drawn the header: a signed-in header's figures and
 * name push it left, and hidden it moves without a layout shift (it works only with the island anyway).
 */
function switchShownByIsland(html) {
  const found = /(<div role="group"[^>]*class="[^"]*)("[^>]*data-testid="language-switch")/;
  if (!found.test(html)) throw new Error('static-home: the language switch is not in the page; the header has changed');
  return html.replace(found, '$1 invisible$2');
}

/** Bundles src/web/features/home/render-home.tsx for Node (stylesheets left out) and loads it. */
async function loadRenderer() {
  const outDir = path.join(root, 'node_modules/.cache/static-home');
  const noStyles = {
    name: 'static-home-no-styles',
    enforce: 'pre',
    resolveId: (id) => (id.endsWith('.css') ? '\0static-home-style' : null),
    load: (id) => (id === '\0static-home-style' ? 'export default {}' : null),
  };
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    plugins: [noStyles],
    build: { ssr: renderer, outDir, emptyOutDir: true, copyPublicDir: false, target: 'node20', assetsInlineLimit: 0 },
  });
  return import(`${pathToFileURL(path.join(outDir, 'render-home.js')).href}?${Date.now()}`);
}

const bodyOf = (html) => {
  const body = /<body\b[^>]*>([\s\S]*)<\/body>/.exec(html);
  if (!body) throw new Error('static-home: no <body> in the page');
  return body[1];
};
/** Markup as a browser reads it: React's text separators and hydration comments do not show. */
const shown = (html) => html.replace(/<!--[\s\S]*?-->/g, '').replace(/ data-discover="true"/g, '');
const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const replaced = (html, re, by) => {
  if (!re.test(html)) throw new Error(`static-home: ${re} is not in the page; the page has changed`);
  return html.replace(re, () => by);
};

/** A Bangla page's fonts: the whole font's two weights, in place of the English pages' four letters (app.css). */
function withBanglaFonts(html, clientDir) {
  return replaced(html, /<link rel="preload" href="\/assets\/bangla-word-400-[\w-]+\.woff2"[^>]*>/, '').replace('</head>', `${fontPreloads(clientDir)}</head>`);
}

/** The Bengali font's two weights, asked for at once on a page whose text is all Bengali (drawn first in a fallback, it would shift on the swap). */
const fontPreloads = (clientDir) => weightPreloads(clientDir, "the Bengali font's", /^noto-sans-bengali-bengali-(400|700)-normal-[\w-]+\.woff2$/);

/** `<link rel=preload>`s of a font's two weights (400 and 700) in the build's assets, named by `pattern`. */
function weightPreloads(clientDir, font, pattern) {
  const fonts = fs.readdirSync(path.join(clientDir, 'assets')).filter((name) => pattern.test(name));
  if (fonts.length !== 2) throw new Error(`static-home: expected ${font} two weights in assets, found ${fonts.join(', ') || 'none'}`);
  return fonts.map((name) => `<link rel="preload" href="/assets/${name}" as="font" type="font/woff2" crossorigin=""/>`).join('');
}

/** The English page with the Bangla body, title, description and lang. */
function banglaPage(englishHtml, bn, clientDir) {
  let html = replaced(englishHtml, /<html lang="en"/, '<html lang="bn"');
  html = replaced(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(bn.title)}</title>`);
  html = replaced(html, /<meta name="description" content="[^"]*"\/>/, `<meta name="description" content="${escapeHtml(bn.description)}"/>`);
  const open = /<body\b[^>]*>/.exec(html)?.[0] ?? '<body>';
  html = html.slice(0, html.indexOf(open) + open.length) + bn.body + html.slice(html.lastIndexOf('</body>'));
  // The island's words in Bangla (it shows English ones as they are).
  return withBanglaFonts(html, clientDir).replace('</head>', `<meta name="home-words" content="${escapeHtml(JSON.stringify(bn.words))}"/></head>`);
}

/**
 * The app's page (React Router's SPA fallback, sent for every app path) in Bangla:
 * __spa-fallback.bn.html, which the server sends when the `lang` cookie is `bn`. The same page with
 * `lang="bn"`, the Bangla description, what it shows before the screen has loaded drawn in Bangla
 * (root's HydrateFallback; its English must equal React Router's), and the Bangla catalogue asked
 * for with the app's scripts: entry.client.tsx loads it before React draws (decision 0015, "The first paint").
 */
function banglaShell(englishHtml, en, bn, clientDir) {
  const bodyAt = (html) => {
    const open = /<body\b[^>]*>/.exec(html);
    if (!open) throw new Error('static-home: no <body> in __spa-fallback.html');
    const start = open.index + open[0].length;
    return { start, end: html.indexOf('<script', start) };
  };
  const englishBody = bodyAt(englishHtml);
  if (shown(en.body) !== shown(englishHtml.slice(englishBody.start, englishBody.end))) {
    throw new Error(
      "static-home: the app's loading page drawn for Bangla does not match React Router's English one (render-home.tsx draws root's HydrateFallback)",
    );
  }
  const catalogue = fs.readdirSync(path.join(clientDir, 'assets')).filter((name) => /^messages-bn-[\w-]+\.js$/.test(name));
  if (catalogue.length !== 1) throw new Error(`static-home: expected one Bangla catalogue chunk in assets, found ${catalogue.join(', ') || 'none'}`);
  let html = replaced(englishHtml, /<html lang="en"/, '<html lang="bn"').replace(takaPreload, '');
  html = replaced(html, /<meta name="description" content="[^"]*"\/>/, `<meta name="description" content="${escapeHtml(bn.description)}"/>`);
  // At low priority, as the app's other modules (withScreenPreloads).
  html = withBanglaFonts(html, clientDir).replace('</head>', `<link rel="modulepreload" href="/assets/${catalogue[0]}" fetchpriority="low"/></head>`);
  const { start, end } = bodyAt(html);
  return html.slice(0, start) + bn.body + html.slice(end);
}

/**
 * The app's page is the same for every screen, so it names only the shell's scripts; the screen's
 * own route modules, and what they import, used to be found one after another (route, imports,
 * their imports: three round trips before /dashboard could draw). A small inline script asks for
 * the files of the screen the address names at once, from React Router's manifest as soon as that
 * has arrived (before the app's code), and for the session. Every module preload is asked for at
 * low priority: the page's styles come first, so its header and loading state paint before the scripts have
 * arrived (a phone on a slow network sees the page sooner; the scripts take as long as before).
 * Decision 0047.
 */
function withScreenPreloads(html, clientDir) {
  const { url } = readManifest(clientDir, html);
  // Written small (it counts in the page's JavaScript, P5): the routes the address's first segment
  // names, each with the layouts above it up to the root (whose files the page names already).
  // The session is asked for at once too when the role hint says someone is in (shared/role-hint.ts):
  // its answer comes with the scripts, not after them (src/web/lib/session.ts takes it). Its failure
  // (offline) is the app's to read: marked handled here, so the browser does not report it first.
  const script =
    `var d=document,s=location.pathname.split('/')[1];if(d.documentElement.dataset.role)(__amaSession=fetch('/api/auth/get-session')).catch(Object);` +
    `s&&import("${url}").then(function(){var r=__reactRouterManifest.routes,h={},k,o,l;` +
    `for(k in r)if((r[k].path||'').split('/')[0]==s)for(o=r[k];o.id!='root';o=r[o.parentId]){h[o.module]=1;(o.imports||[]).map(function(f){h[f]=1})}` +
    `for(k in h){l=d.createElement('link');l.rel='modulepreload';l.href=k;l.fetchPriority='low';d.head.append(l)}})`;
  const low = html.replace(/(<link rel="modulepreload" href="[^"]+")/g, '$1 fetchpriority="low"').replace('</head>', `${takaPreloads(clientDir)}</head>`);
  // After the role hint, in its script (one inline script less to count): it reads the hint.
  const hint = /(<script id="role-hint">[^<]*)(<\/script>)/;
  if (!hint.test(low)) throw new Error("static-home: the role hint's script is not in the app's page");
  return low.replace(hint, (_, open, close) => `${open};${script}${close}`);
}

/**
 * The taka sign's two weights (app.css 'AMA Taka', under 1 KB each), asked for with the English app
 * page: every screen shows amounts, and a face that arrives after the first amount is drawn makes
 * the browser lay out every text of the page again (a statement's table: ~90 ms on a 4× slower CPU,
 * issue 32 item 4). A Bangla page draws the sign in Noto Sans Bengali and does not ask for them.
 */
const takaPreloads = (clientDir) => weightPreloads(clientDir, "the taka sign's", /^taka-(400|700)-[\w-]+\.woff2$/);
const takaPreload = /<link rel="preload" href="\/assets\/taka-\d00-[\w-]+\.woff2"[^>]*>/g;

/**
 * `/login` and `/signup` without React (docs/decisions/0042-light-sign-in-pages.md): React Router's
 * prerendered page less its scripts, with auth-island.ts instead, and the same page in Bangla
 * (`<page>/index.bn.html`), drawn by render-home.tsx and checked against React Router's English.
 */
async function staticAuthPages(clientDir, renderAuthPage, headerWords) {
  const src = await buildIsland(clientDir, 'auth-island', authIsland, true);
  // The switch hidden until the island has drawn the header, as on `/` (a signed-in visitor's name moves it).
  const withIsland = (html) => switchShownByIsland(html).replace('</head>', `<script type="module" src="${src}"></script></head>`);
  for (const page of ['login', 'signup']) {
    const file = path.join(clientDir, page, 'index.html');
    const english = withoutReact(fs.readFileSync(file, 'utf8'));
    // The server shows the Google button when Google is configured (src/server/web.ts, withGoogleShown).
    if (page === 'login' && !english.includes('<div class="flex flex-col gap-2" hidden="" data-google="">')) {
      throw new Error("static-home: the login page's hidden Google button is not in the page; src/server/web.ts would not show it");
    }
    const en = await renderAuthPage(page, 'en');
    if (shown(en.body) !== shown(bodyOf(english))) throw new Error(`static-home: /${page} drawn for Bangla does not match React Router's English page`);
    const bn = await renderAuthPage(page, 'bn');
    fs.writeFileSync(file, withIsland(english));
    fs.writeFileSync(path.join(clientDir, page, 'index.bn.html'), withIsland(banglaPage(english, { ...bn, words: headerWords }, clientDir)));
  }
  return src;
}

async function staticHome(clientDir) {
  const index = path.join(clientDir, 'index.html');
  const english = withoutReact(fs.readFileSync(index, 'utf8'));
  const { renderHome, renderShell, renderAuthPage } = await loadRenderer();
  const en = await renderHome('en');
  if (shown(en.body) !== shown(bodyOf(english))) {
    throw new Error("static-home: the home page drawn for Bangla does not match React Router's English page (render-home.tsx draws the same root and route)");
  }
  const bn = await renderHome('bn');
  const src = await buildIsland(clientDir);
  const withIsland = (html) => switchShownByIsland(html).replace('</head>', `<script type="module" src="${src}"></script></head>`);
  fs.writeFileSync(index, withIsland(english));
  fs.writeFileSync(path.join(clientDir, 'index.bn.html'), withIsland(banglaPage(english, bn, clientDir)));
  const shell = path.join(clientDir, '__spa-fallback.html');
  const shellEn = withScreenPreloads(fs.readFileSync(shell, 'utf8'), clientDir);
  const shellBn = banglaShell(shellEn, await renderShell('en'), await renderShell('bn'), clientDir);
  fs.writeFileSync(shell, shellEn);
  fs.writeFileSync(path.join(clientDir, '__spa-fallback.bn.html'), shellBn);
  // The sign-in pages draw a signed-in visitor's header too (components/layout/static-header.ts): the same words.
  const authSrc = await staticAuthPages(clientDir, renderAuthPage, bn.words);
  console.log(
    `static-home: / is served without React, in English (index.html) and Bangla (index.bn.html); its script is ${src}; the app's page in Bangla is __spa-fallback.bn.html; /login and /signup are served without React, with ${authSrc}`,
  );
}

await staticHome(path.resolve(root, process.argv[2] ?? 'build/client'));
// The app's modules open BroadcastChannels (the outbox tells other tabs), which would keep Node running.
process.exit(0);
