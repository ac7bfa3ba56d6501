import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

// The security headers (helmet's choice of them, from our options) are the same on every answer.
// helmet works them out when its middleware runs; the Fastify plugin runs it afresh on every
// request (CSP directives parsed again each time: 5% of a small /api answer's CPU). Here they are
// worked out once, at start, and copied onto each reply.
//
// Those are a page's headers. An answer of the API (/api/…) is JSON, never a page: it gets the few
// headers that matter for data (docs/decisions/0017-api-headers.md): nothing in it may run or be
// framed, it is not sniffed as another type, and other sites cannot embed it. Eleven headers of a
// kilobyte on every small answer cost a tenth of its time.

/** The security headers of every /api answer. */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/** The headers helmet sets for these options, as a plain object (names in lower case). */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let error: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    error = err;
  });
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return headers;
}

/** The security headers of an answer to `url`: the API's for /api/…, a page's otherwise. */
export type HeadersFor = (url: string) => Readonly<Record<string, string>>;

/** Puts the headers on every answer; returns the choice of them for answers given before any hook runs. */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): HeadersFor {
  const page = securityHeaders(options);
  const headersFor: HeadersFor = (url) => (url.startsWith('/api/') ? API_SECURITY_HEADERS : page);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(headersFor(req.url));
    done();
  });
  return headersFor;
}
