/**
 * A stand-in for Google's OpenID Connect provider, for tests: a real
 * `oidc-provider` on http://127.0.0.1:<random port> with one confidential
 * client, and an interaction endpoint that signs in and consents on its own —
 * a browser that follows redirects goes from the authorization endpoint
 * straight back to the client's redirect URI with a code.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OidcAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture?: string;
}

export interface OidcServer {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  /**
   * The account that the next interactive login signs in as (it stays the current account until
   * changed). Every authorization request signs in afresh, whatever session the browser has here.
   */
  setNextAccount(account: OidcAccount): void;
  stop(): Promise<void>;
}

export interface OidcServerOptions {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
}

// --- The slice of oidc-provider's API used here (the package ships no type declarations).

interface Interaction {
  uid: string;
  prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
  params: Record<string, unknown>;
  session?: { accountId?: string };
  grantId?: string;
}

interface Grant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  addResourceScope(resource: string, scope: string): void;
  save(): Promise<string>;
}

interface Provider {
  cookieName(type: 'session' | 'interaction' | 'resume'): string;
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Interaction: {
    find(uid: string): Promise<Interaction | undefined>;
  };
  Grant: {
    new (properties: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  };
}

interface OidcProviderModule {
  default: new (issuer: string, configuration: Record<string, unknown>) => Provider;
}

let loaded: Promise<OidcProviderModule> | undefined;

/**
 * Import oidc-provider once. On Node 20 it warns at import time that the
 * runtime is unsupported (it wants Node 22 LTS, but works on 20); that one
 * line is dropped so it does not clutter every test run.
 */
function loadOidcProvider(): Promise<OidcProviderModule> {
  loaded ??= (async () => {
    const warn = console.warn;
    console.warn = (...args: unknown[]) => {
      if (args.some((a) => typeof a === 'string' && a.includes('oidc-provider WARNING: Unsupported runtime'))) return;
      warn.apply(console, args);
    };
    try {
      // @ts-expect-error -- oidc-provider ships no type declarations; the slice used here is typed above.
      return (await import('oidc-provider')) as OidcProviderModule;
    } finally {
      console.warn = warn;
    }
  })();
  return loaded;
}

// --- A per-provider in-memory storage adapter (oidc-provider's own one warns when used).

type Payload = Record<string, unknown> & { uid?: unknown; userCode?: unknown; grantId?: unknown; consumed?: unknown };

function createMemoryAdapter(): (model: string) => object {
  const store = new Map<string, { payload: Payload; expiresAt: number }>();
  const live = (key: string): Payload | undefined => {
    const entry = store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      store.delete(key);
      return undefined;
    }
    return entry.payload;
  };
  const findBy = (model: string, field: 'uid' | 'userCode', value: string): Payload | undefined => {
    for (const key of store.keys()) {
      if (!key.startsWith(`${model}:`)) continue;
      const payload = live(key);
      if (payload?.[field] === value) return payload;
    }
    return undefined;
  };
  return (model: string) => ({
    async upsert(id: string, payload: Payload, expiresIn?: number) {
      store.set(`${model}:${id}`, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
    },
    async find(id: string) {
      return live(`${model}:${id}`);
    },
    async findByUid(uid: string) {
      return findBy(model, 'uid', uid);
    },
    async findByUserCode(userCode: string) {
      return findBy(model, 'userCode', userCode);
    },
    async consume(id: string) {
      const payload = live(`${model}:${id}`);
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    },
    async destroy(id: string) {
      store.delete(`${model}:${id}`);
    },
    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of store) {
        if (entry.payload.grantId === grantId) store.delete(key);
      }
    },
  });
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export async function startOidcServer(opts: OidcServerOptions): Promise<OidcServer> {
  const { default: ProviderClass } = await loadOidcProvider();

  const clientId = opts.clientId ?? 'test-client';
  const clientSecret = opts.clientSecret ?? randomBytes(24).toString('base64url');
  const accounts = new Map<string, OidcAccount>();
  let nextAccount: OidcAccount | undefined;

  // Listen first: the issuer has to contain the port.
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.writeHead(503).end('starting');
  };
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };

  const provider = new ProviderClass(issuer, {
    adapter: createMemoryAdapter(),
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        application_type: 'web',
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // oidc-provider treats client_secret_basic and client_secret_post as interchangeable:
        // a client registered with either may authenticate with both.
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    responseTypes: ['code'],
    scopes: ['openid', 'email', 'profile', 'offline_access'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    conformIdTokenClaims: false, // put the scope's claims in the ID token too, like Google does
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: Interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          const { picture, ...rest } = account;
          return picture === undefined ? rest : { ...rest, picture };
        },
      };
    },
    // Explicit lifetimes and hooks, so oidc-provider has no "you SHOULD change this" notices to print.
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      RefreshToken: 14 * 24 * 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
    },
    clientBasedCORS: () => true,
    async renderError(ctx: { type: string; body: unknown }, out: Record<string, unknown>) {
      ctx.type = 'text/plain';
      ctx.body = `OIDC error: ${JSON.stringify(out)}`;
    },
  });

  async function interact(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    const { prompt, params } = details;
    if (prompt.name === 'login') {
      if (!nextAccount) throw new Error('OIDC test server: call setNextAccount() before signing in');
      await provider.interactionFinished(req, res, { login: { accountId: nextAccount.sub } }, { mergeWithLastSubmission: false });
      return;
    }
    if (prompt.name === 'consent') {
      const accountId = details.session?.accountId;
      if (!accountId) throw new Error('OIDC test server: consent requested without a signed-in account');
      const grant =
        (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ?? new provider.Grant({ accountId, clientId: String(params.client_id) });
      const scope = stringList(prompt.details.missingOIDCScope);
      if (scope.length) grant.addOIDCScope(scope.join(' '));
      const claims = stringList(prompt.details.missingOIDCClaims);
      if (claims.length) grant.addOIDCClaims(claims);
      const resources = prompt.details.missingResourceScopes;
      if (resources && typeof resources === 'object') {
        for (const [indicator, scopes] of Object.entries(resources)) grant.addResourceScope(indicator, stringList(scopes).join(' '));
      }
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }
    throw new Error(`OIDC test server: unsupported prompt '${prompt.name}'`);
  }

  const providerCallback = provider.callback();

  // Every authorization request is a fresh interactive login as the next account. The
  // browser's session cookie is hidden from the authorization endpoint, and from the resume
  // step of an interaction that started without a session; otherwise a browser still signed
  // in as someone else would get that account's code, or a logout round trip (an
  // auto-submitting POST form) before oidc-provider lets another account in.
  const sessionCookie = provider.cookieName('session');
  const withoutSessionCookie = (req: IncomingMessage) => {
    if (!req.headers.cookie) return;
    req.headers.cookie = req.headers.cookie
      .split(';')
      .filter((pair) => {
        const name = pair.slice(0, pair.indexOf('=')).trim();
        return name !== sessionCookie && name !== `${sessionCookie}.sig`;
      })
      .join(';');
  };
  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    if (path === '/auth') withoutSessionCookie(req);
    const resume = /^\/auth\/([^/]+)$/.exec(path);
    if (resume?.[1]) {
      const interaction = await provider.Interaction.find(decodeURIComponent(resume[1]));
      if (interaction && !interaction.session) withoutSessionCookie(req);
    }
    if (req.method === 'GET' && path.startsWith('/interaction/')) {
      await interact(req, res);
      return;
    }
    providerCallback(req, res);
  };
  handle = (req, res) => {
    route(req, res).catch((err: unknown) => {
      const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`OIDC test server failed: ${message}`);
    });
  };

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    setNextAccount(account) {
      accounts.set(account.sub, { ...account });
      nextAccount = { ...account };
    },
    async stop() {
      await new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
