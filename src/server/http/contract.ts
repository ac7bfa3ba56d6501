import type { FastifyInstance, FastifySchema, FastifyTypeProvider } from 'fastify';
import { z } from 'zod';
import { refusalAnswerSchema } from '../../shared/api-schemas.ts';
import type { Access } from '../../shared/roles.ts';
import { HttpError, checkInput } from './validate.ts';

// The API's contract: each route declares its request (params, querystring, body) and its answers
// as zod schemas (src/shared/api-schemas.ts and the request schemas beside it). Fastify checks
// requests with them (a refusal with a code, src/shared/refusals.ts), types the handlers by them
// (ZodTypeProvider), and, outside production, checks every answer against them before sending it:
// a route whose answer drifts from its schema fails its tests instead of surprising a client. In
// production an answer is only written out (JSON.stringify: the types already hold it to the
// schema, and the entry POST's budget has no room for a second walk over every answer).
// /api/openapi.json is generated from the same declarations (openApiDocument).

export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** A route as the contract knows it. */
export interface ContractRoute {
  method: string;
  url: string;
  access: Access;
  schema: FastifySchema & {
    summary?: string;
    description?: string;
    tags?: string[];
    /** The media type of a file the route answers with instead of JSON (the export's zip). */
    file?: string;
  };
  /** Takes files as multipart/form-data (an upload), not JSON. */
  multipart?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    contractRoutes: ContractRoute[];
  }
}

/** An answer that does not fit its route's schema (outside production only). */
export class AnswerMismatch extends Error {}

const isZod = (s: unknown): s is z.ZodType => s instanceof z.ZodType;

/** Sets the request checks and answer writers on the root instance, and keeps the table of routes. */
export function registerContract(app: FastifyInstance, opts: { checkAnswers: boolean }): void {
  app.decorate('contractRoutes', [] as ContractRoute[]);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || !route.config?.access) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        app.contractRoutes.push({
          method,
          url: route.url,
          access: route.config.access,
          schema: (route.schema ?? {}) as ContractRoute['schema'],
          ...(route.config.multipart ? { multipart: true } : {}),
        });
    }
  });
  app.setValidatorCompiler(({ schema }) => {
    if (!isZod(schema)) throw new Error('a route schema must be a zod schema');
    return (data) => {
      const r = checkInput(schema, data ?? {});
      return r.ok ? { value: r.data } : { error: new HttpError(400, r.refusal.code, r.refusal.params, r.refusal.field) };
    };
  });
  app.setSerializerCompiler(({ schema, method, url }) => {
    if (!opts.checkAnswers || !isZod(schema)) return (data) => JSON.stringify(data);
    return (data) => {
      const r = schema.safeParse(data);
      if (!r.success) throw new AnswerMismatch(`${method} ${url}: the answer does not fit its schema: ${z.prettifyError(r.error)}`);
      return JSON.stringify(data);
    };
  });
}

type JsonSchema = Record<string, unknown>;

/** An upload's body: its files (each named in its part), and the route's own fields as text. */
const UPLOAD: JsonSchema = {
  type: 'object',
  properties: { files: { type: 'array', items: { type: 'string', format: 'binary' } }, skip_bad_rows: { type: 'string', enum: ['true', 'false'] } },
  required: ['files'],
};

const toJson = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
  return rest;
};

/** The parameters of a path or a query, one per property of its object schema. */
function parameters(schema: unknown, where: 'path' | 'query'): JsonSchema[] {
  if (!isZod(schema)) return [];
  const json = toJson(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: s,
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
  }));
}

const ACCESS_WORDS: Record<Access, string> = {
  anonymous: 'anyone not signed in',
  public: 'anyone',
  user: 'any signed-in user',
  acounts: 'the acounts and admin roles',
  admin: 'the admin role',
};

/**
 * The OpenAPI 3.1 document of every /api route, from the routes' declared schemas, and of the
 * sign-in routes (better-auth's own description of them, `authPaths`, under /api/auth).
 */
export function openApiDocument(
  routes: readonly ContractRoute[],
  auth: { paths: Record<string, unknown>; schemas: Record<string, unknown> },
  version: string,
): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  const refusal = {
    description: 'Refused: a code of the one list, its English message, the field at fault and the figures.',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Refusal' } } },
  };
  for (const r of routes) {
    if (r.url.startsWith('/api/auth/')) continue;
    const path = r.url.replace(/:(\w+)/g, '{$1}');
    const s = r.schema;
    const responses: Record<string, unknown> = {};
    for (const [status, answer] of Object.entries((s.response ?? {}) as Record<string, unknown>)) {
      if (isZod(answer))
        responses[status] = { description: status === '201' ? 'Created' : 'Answered', content: { 'application/json': { schema: toJson(answer, 'output') } } };
    }
    if (s.file) responses['200'] = { description: 'A file', content: { [s.file]: { schema: { type: 'string', format: 'binary' } } } };
    responses['4XX'] = refusal;
    responses['5XX'] = refusal;
    const secured = r.access !== 'public' && r.access !== 'anonymous';
    (paths[path] ??= {})[r.method.toLowerCase()] = {
      operationId: `${r.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      ...(s.summary ? { summary: s.summary } : {}),
      tags: s.tags ?? [path.split('/')[2] ?? 'api'],
      'x-access': r.access,
      description: `${s.description ? `${s.description} ` : ''}Who may call it: ${ACCESS_WORDS[r.access]}.`,
      security: secured ? [{ sessionCookie: [] }, { bearerToken: [] }] : [],
      parameters: [...parameters(s.params, 'path'), ...parameters(s.querystring, 'query')],
      ...(isZod(s.body) ? { requestBody: { required: true, content: { 'application/json': { schema: toJson(s.body, 'input') } } } } : {}),
      ...(r.multipart ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: UPLOAD } } } } : {}),
      responses,
    };
  }
  for (const [path, item] of Object.entries(auth.paths)) paths[`/api/auth${path}`] = item as Record<string, unknown>;
  return {
    openapi: '3.1.0',
    info: {
      title: 'AMA Metal & Wire Industries: the books',
      version,
      description:
        'Money in taka (2 decimals), weights in kg (3 decimals). Sign in with the session cookie of /api/auth/sign-in/email, or send a bearer token from POST /api/jwt. Every refusal is { "error": { "code", "message", "field"?, "params"? } }.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'ama.session_token', description: '__Secure-ama.session_token over HTTPS' },
        bearerToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
      schemas: { ...auth.schemas, Refusal: toJson(refusalAnswerSchema, 'output') },
    },
    paths,
  };
}
