import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

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
