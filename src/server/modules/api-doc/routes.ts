import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { openApiDocument } from '../../http/contract.ts';

const VERSION = (JSON.parse(fs.readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

// GET /api/openapi.json: the API described for the people who script against it (with a session
// cookie or a POST /api/jwt token), generated from the routes' own schemas, never written by hand.
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  let document: Promise<string> | undefined;
  const build = async () => {
    const auth = (await app.auth.api.generateOpenAPISchema()) as { paths?: Record<string, unknown>; components?: { schemas?: Record<string, unknown> } };
    // The sign-in routes this server does not serve (tokens come from POST /api/jwt; this document replaces better-auth's).
    const authPaths = Object.fromEntries(Object.entries(auth.paths ?? {}).filter(([path]) => path !== '/token' && !path.startsWith('/open-api')));
    return JSON.stringify(openApiDocument(app.contractRoutes, { paths: authPaths, schemas: auth.components?.schemas ?? {} }, VERSION));
  };
  app.get(
    '/openapi.json',
    {
      config: { access: 'public' },
      schema: { summary: 'This description of the API (OpenAPI 3.1)', tags: ['api'], response: { 200: z.looseObject({ openapi: z.literal('3.1.0') }) } },
    },
    async (_req, reply) => {
      // Worked out once, after every route is registered.
      document ??= build().catch((error: unknown) => {
        document = undefined;
        throw error;
      });
      return reply.type('application/json; charset=utf-8').send(await document);
    },
  );
}
