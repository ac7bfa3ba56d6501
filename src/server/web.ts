import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppPath } from '../shared/app-paths.ts';

// Serves the built web app: hashed assets with long caching, the prerendered home page, and the
// single-page-app fallback for every other path. Also works out the CSP hashes of inline scripts.

export interface WebBuild {
  dir: string;
  indexHtml: string;
  /** The home page in Bangla (index.bn.html), sent for `/` when the `lang` cookie is `bn`. */
  indexBnHtml: string;
  fallbackHtml: string;
  /** The app's page in Bangla (__spa-fallback.bn.html), sent for app paths when the `lang` cookie is `bn`. */
  fallbackBnHtml: string;
  /** `/login` and `/signup` served without React (decision 0042), in English and Bangla; none in a build from before them. */
  authPages: Record<string, { en: string; bn: string }>;
  /** 'sha256-…' sources for every inline script in the built HTML files. */
  scriptHashes: string[];
}

export function readWebBuild(dir: string): WebBuild | null {
  const index = path.join(dir, 'index.html');
  const indexBn = path.join(dir, 'index.bn.html');
  const fallback = path.join(dir, '__spa-fallback.html');
  const fallbackBn = path.join(dir, '__spa-fallback.bn.html');
  if (!fs.existsSync(index) || !fs.existsSync(fallback)) return null;
  const indexHtml = fs.readFileSync(index, 'utf8');
  // A build from before the Bangla home page has none: English for everyone.
  const indexBnHtml = fs.existsSync(indexBn) ? fs.readFileSync(indexBn, 'utf8') : indexHtml;
  const fallbackHtml = fs.readFileSync(fallback, 'utf8');
  const fallbackBnHtml = fs.existsSync(fallbackBn) ? fs.readFileSync(fallbackBn, 'utf8') : fallbackHtml;
  const authPages: WebBuild['authPages'] = {};
  for (const page of ['/login', '/signup']) {
    const en = path.join(dir, page, 'index.html');
    const bn = path.join(dir, page, 'index.bn.html');
    if (fs.existsSync(en) && fs.existsSync(bn)) authPages[page] = { en: fs.readFileSync(en, 'utf8'), bn: fs.readFileSync(bn, 'utf8') };
  }
  const pages = [indexHtml, indexBnHtml, fallbackHtml, fallbackBnHtml, ...Object.values(authPages).flatMap((p) => [p.en, p.bn])];
  const scriptHashes = [...new Set(pages.flatMap(inlineScriptHashes))];
  return { dir, indexHtml, indexBnHtml, fallbackHtml, fallbackBnHtml, authPages, scriptHashes };
}

/** The app's stylesheet (its address in the built page), for a page drawn on the server (modules/share/page.ts). */
export function stylesheetOf(build: WebBuild | null): string | null {
  return /<link rel="stylesheet" href="(\/assets\/[^"#?]+\.css)/.exec(build?.fallbackHtml ?? '')?.[1] ?? null;
}

export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.length === 0) continue;
    hashes.push(`'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The page's language from a Cookie header: Bangla when `lang=bn`, English otherwise. */
export function pageLanguage(cookie: string | undefined): 'en' | 'bn' {
  return /(?:^|;\s*)lang=bn(?:;|$)/.test(cookie ?? '') ? 'bn' : 'en';
}

/** The login page's Google button, drawn hidden at build time: shown when Google sign-in is configured. */
export function withGoogleShown(html: string): string {
  return html.replace('<div class="flex flex-col gap-2" hidden="" data-google="">', '<div class="flex flex-col gap-2" data-google="">');
}

export async function registerWeb(app: FastifyInstance, build: WebBuild, opts: { google: boolean } = { google: false }): Promise<void> {
  await app.register(fastifyStatic, {
    root: build.dir,
    index: false,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      // The service worker is checked for a new release at every visit (docs/decisions/0014-outbox.md).
      const worker = path.basename(filePath).startsWith('sw.js');
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : worker ? 'no-cache' : 'public, max-age=3600');
    },
  });

  const sendHtml = (reply: FastifyReply, html: string, status: number) =>
    reply.code(status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);

  // The home page in the visitor's language: the `lang` cookie the language switch sets
  // (docs/decisions/0015-bangla.md). `Vary: Cookie` with `no-cache`: no cache hands one
  // language's page to someone who chose the other.
  const home = (req: FastifyRequest, reply: FastifyReply) =>
    sendHtml(reply.header('Vary', 'Cookie'), pageLanguage(req.headers.cookie) === 'bn' ? build.indexBnHtml : build.indexHtml, 200);
  app.get('/', home);
  app.get('/index.html', home);
  app.get('/index.bn.html', home);
  // The sign-in pages without React, in the cookie's language too (decision 0042).
  for (const [page, pages] of Object.entries(build.authPages)) {
    const html = opts.google ? { en: withGoogleShown(pages.en), bn: withGoogleShown(pages.bn) } : pages;
    app.get(page, (req, reply) => sendHtml(reply.header('Vary', 'Cookie'), pageLanguage(req.headers.cookie) === 'bn' ? html.bn : html.en, 200));
  }

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    if ((req.method === 'GET' || req.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api') {
      // The app's page in the visitor's language too, so its first paint is already in it and
      // `<html lang>` is right from the first byte (decision 0015, "The first paint").
      const bn = pageLanguage(req.headers.cookie) === 'bn';
      return sendHtml(reply.header('Vary', 'Cookie'), bn ? build.fallbackBnHtml : build.fallbackHtml, isAppPath(pathname) ? 200 : 404);
    }
    return reply.code(404).send({ error: { message: 'Not Found' } });
  });
}
