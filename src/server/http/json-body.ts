import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refusal as refusalOf } from '../../shared/refusals.ts';
import { HttpError } from './validate.ts';

// How request bodies are read. The API takes JSON objects only; a body is refused, with the key
// at fault named, when it holds what no field of ours can: a `__proto__` key (or a
// `constructor.prototype`), the NUL character (PostgreSQL text cannot hold it) or half of a
// surrogate pair (it would be stored as U+FFFD, not as sent).

/** NUL, or a UTF-16 surrogate without its other half (in `u` mode a whole pair is one code point). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what it looks for
const UNSTORABLE = /[\u0000\uD800-\uDFFF]/u;

/** A key as it can be shown back: the characters we refuse become '?'. */
const printable = (key: string) => key.replace(new RegExp(UNSTORABLE.source, 'gu'), '?');

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The body's bytes as text; bytes that are not UTF-8 are refused, never stored as U+FFFD. */
export function decodeUtf8(bytes: Buffer): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new HttpError(400, 'body_not_utf8');
  }
}

/**
 * The first key that appears twice in one object of a (valid) JSON text. JSON.parse keeps the
 * last silently; we refuse, since the sender meant one of them and we cannot tell which.
 */
export function duplicateKey(text: string): string | undefined {
  const objects: (Set<string> | null)[] = []; // a Set of keys per open object, null per open array
  let keyNext = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const keys = objects[objects.length - 1];
      if (keys && keyNext) {
        // A key without an escape is its text as it stands (the body parsed already: no raw control characters).
        const raw = text.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
        if (keys.has(key)) return key;
        keys.add(key);
        keyNext = false;
      }
      i = end;
    } else if (c === '{') {
      objects.push(new Set());
      keyNext = true;
    } else if (c === '[') objects.push(null);
    else if (c === '}' || c === ']') objects.pop();
    else if (c === ',') keyNext = objects[objects.length - 1] instanceof Set;
  }
  return undefined;
}

/** Parses a JSON body text; throws a 400 naming the key of the first value we refuse. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw new HttpError(400, 'body_empty');
  let body: unknown;
  try {
    body = mayHoldRefused(text) ? JSON.parse(text, refuseEach) : JSON.parse(text);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'body_not_json');
  }
  // Every route takes an object of fields: an array, a string (JSON inside JSON) or null is refused here.
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'body_not_object');
  const twice = duplicateKey(text);
  if (twice !== undefined) refuse(printable(twice), 'field_twice');
  return body;
}

const refuse = (key: string, why: 'field_twice' | 'not_a_field' | 'cannot_store'): never => {
  throw new HttpError(400, why, undefined, key === '' ? undefined : key);
};

/**
 * Whether a JSON text can hold a key or a value we refuse: only through a `\u` escape, one of
 * the characters itself, or the very words. A text with none of them (nearly every body) is
 * parsed without looking at each key and value (`refuseEach`).
 */
const mayHoldRefused = (text: string) => text.includes('\\u') || UNSTORABLE.test(text) || text.includes('__proto__') || text.includes('constructor');

/** JSON.parse's reviver: throws a 400 at the first key or value we refuse. */
function refuseEach(this: unknown, key: string, value: unknown) {
  if (key === '__proto__' || (key === 'constructor' && value !== null && typeof value === 'object' && Object.hasOwn(value, 'prototype')))
    refuse(key, 'not_a_field');
  if (UNSTORABLE.test(key)) refuse(printable(key), 'not_a_field');
  if (typeof value === 'string' && UNSTORABLE.test(value)) refuse(key, 'cannot_store');
  return value;
}

/**
 * Replaces Fastify's JSON parser with `parseJsonBody`, and answers 415 to a body of any other
 * type on the API's own routes (an upload's route: to any but multipart/form-data) (the sign-in routes under /api/auth take form posts too and
 * answer for themselves).
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
    try {
      done(null, parseJsonBody(decodeUtf8(body as Buffer)));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  // A callback hook, not an async one: it runs on every request, and a promise per request is not free.
  app.addHook('onRequest', (req, reply, done) => {
    const refusal = refuseText(req);
    if (refusal instanceof HttpError) return done(refusal);
    if (refusal) return reply.code(415).send({ error: refusalOf(refusal) });
    done();
  });
}

/** A path or query with text we cannot store (the error to throw), or a body type refused (415's code). */
function refuseText(req: FastifyRequest): HttpError | 'body_not_json_type' | 'body_not_utf8_charset' | 'import_not_multipart' | undefined {
  if (!req.url.startsWith('/api/')) return undefined;
  // The path and the query are text too: the same characters are refused there.
  for (const [key, value] of [...Object.entries(req.params ?? {}), ...Object.entries(req.query ?? {})]) {
    if ([key, value].flat().some((v) => typeof v === 'string' && UNSTORABLE.test(v))) return new HttpError(400, 'cannot_store', undefined, printable(key));
  }
  const type = req.headers['content-type'];
  if (type === undefined) return undefined;
  // Text in any other character set would be read as UTF-8 and stored wrong: refused.
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(type)?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') return 'body_not_utf8_charset';
  if (req.url.startsWith('/api/auth/')) return undefined;
  const media = type.split(';')[0]?.trim().toLowerCase();
  // An upload's route (config.multipart) takes its files as multipart/form-data, and nothing else.
  if (req.routeOptions.config.multipart) return media === 'multipart/form-data' ? undefined : 'import_not_multipart';
  return media === 'application/json' ? undefined : 'body_not_json_type';
}
