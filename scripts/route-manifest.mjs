// React Router's browser manifest of a build (the one the app's page names): its URL, its routes as
// a tree for `matchRoutes`, and the files a first visit to a path needs. Read by `bench-web.mjs`
// (what a first visit loads) and `static-home.mjs` (the manifest's URL, for the app's page's early script).
import fs from 'node:fs';
import path from 'node:path';
import { matchRoutes } from 'react-router';

/** The manifest named by `html` (the app's page), with its URL and route tree. */
export function readManifest(clientDir, html) {
  const url = html.match(/\/assets\/manifest-[\w-]+\.js/)?.[0];
  if (!url) throw new Error("no React Router manifest named in the app's page");
  const text = fs.readFileSync(path.join(clientDir, url), 'utf8');
  const manifest = JSON.parse(text.slice(text.indexOf('=') + 1).replace(/;\s*$/, ''));
  const tree = (parentId) =>
    Object.values(manifest.routes)
      .filter((r) => r.parentId === parentId)
      .map((r) => ({ id: r.id, path: r.path, index: r.index, children: r.index ? undefined : tree(r.id) }));
  return { url, manifest, tree: tree(undefined) };
}

/** The route modules a path matches, root first, each with the chunks it imports statically. */
export function routeFiles({ manifest, tree }, pathname) {
  return (matchRoutes(tree, pathname) ?? []).map((m) => {
    const route = manifest.routes[m.route.id];
    return { id: route.id, files: [route.module, ...(route.imports ?? [])] };
  });
}
