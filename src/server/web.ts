import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isAppPath } from '../shared/app-paths.ts';

// Serves the built web app: hashed assets with long caching, the prerendered home page, and the
// single-page-app fallback for every other path. Also works out the CSP hashes of inline scripts.

export interface WebBuild {
  dir: string;
  indexHtml: string;
  fallbackHtml: string;
  /** 'sha256-…' sources for every inline script in the built HTML files. */
  scriptHashes: string[];
}

export function readWebBuild(dir: string): WebBuild | null {
  const index = path.join(dir, 'index.html');
  const fallback = path.join(dir, '__spa-fallback.html');
  if (!fs.existsSync(index) || !fs.existsSync(fallback)) return null;
  const indexHtml = fs.readFileSync(index, 'utf8');
  const fallbackHtml = fs.readFileSync(fallback, 'utf8');
  return { dir, indexHtml, fallbackHtml, scriptHashes: [...new Set([...inlineScriptHashes(indexHtml), ...inlineScriptHashes(fallbackHtml)])] };
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

export async function registerWeb(app: FastifyInstance, build: WebBuild): Promise<void> {
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

  app.get('/', (_req, reply) => sendHtml(reply, build.indexHtml, 200));
  app.get('/index.html', (_req, reply) => sendHtml(reply, build.indexHtml, 200));

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    if ((req.method === 'GET' || req.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api') {
      return sendHtml(reply, build.fallbackHtml, isAppPath(pathname) ? 200 : 404);
    }
    return reply.code(404).send({ error: { message: 'Not Found' } });
  });
}
