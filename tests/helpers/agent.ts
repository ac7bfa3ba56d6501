import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type Refusal, isRefusalCode, refusal } from '../../src/shared/refusals.ts';

/** better-auth's refusals keep its own English text beside our code (src/server/auth/plugin.ts). */
const AUTH_WORDED = new Set(['wrong_credentials', 'email_not_verified', 'invalid_token', 'email_invalid', 'too_many_requests']);

/**
 * Every refusal of the API is { error: { code, message, field?, params? } } with a code of the one
 * list and, but for better-auth's own words, the message that code gives: checked on every answer
 * the tests' agents receive, so every API test also holds the contract.
 */
export function checkRefusal(res: LightMyRequestResponse, url: string): void {
  if (res.statusCode < 400 || !url.startsWith('/api/') || !String(res.headers['content-type'] ?? '').includes('json')) return;
  const error = (res.json() as { error?: Refusal }).error;
  if (!error || !isRefusalCode(error.code)) throw new Error(`${url} answered ${res.statusCode} without a refusal code: ${res.body.slice(0, 300)}`);
  if (AUTH_WORDED.has(error.code)) return;
  const expected = refusal(error.code, error.params, error.field).message;
  if (error.message !== expected) throw new Error(`${url}: ${error.code}'s message is "${error.message}", not "${expected}"`);
}

/**
 * A browser-like client over app.inject: keeps cookies between calls and sends the app's own
 * Origin on writes, as a page of the app would.
 */
export class Agent {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly origin = 'http://localhost:3000',
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  async request(method: InjectOptions['method'], url: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method,
      url,
      headers: {
        host: new URL(this.origin).host,
        ...(method !== 'GET' ? { origin: this.origin } : {}),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...this.extraHeaders,
        ...headers,
      },
      ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
    });
    checkRefusal(res, url);
    for (const c of res.cookies) {
      if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0)) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, body: unknown = {}, headers?: Record<string, string>) => this.request('POST', url, body, headers);
  put = (url: string, body: unknown = {}, headers?: Record<string, string>) => this.request('PUT', url, body, headers);

  signIn(email: string, password: string) {
    return this.post('/api/auth/sign-in/email', { email, password });
  }

  /** A path plus query from a full link (as found in a mail). */
  static pathOf(link: string): string {
    const u = new URL(link);
    return `${u.pathname}${u.search}`;
  }
}
