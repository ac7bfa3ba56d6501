import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

// The security headers (helmet's choice of them, from our options) are the same on every answer.
// helmet works them out when its middleware runs; the Fastify plugin runs it afresh on every
// request (CSP directives parsed again each time: 5% of a small /api answer's CPU). Here they are
// worked out once, at start, and copied onto each reply.

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

/** Puts the headers on every answer; returns them for answers given before any hook runs. */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): Record<string, string> {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
  return headers;
}
