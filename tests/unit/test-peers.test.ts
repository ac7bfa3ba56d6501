import { createHash, randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { startMailServer } from '../helpers/mail-server.ts';
import { type OidcAccount, startOidcServer } from '../helpers/oidc-server.ts';

describe('test mail server', () => {
  it('receives a multipart mail over SMTP and decodes subject, bodies and links', async () => {
    const server = await startMailServer();
    try {
      const link = `http://127.0.0.1:3210/api/auth/verify-email?token=${'a1B2c3D4e5'.repeat(10)}&callbackURL=${encodeURIComponent('/books?tab=mine&sort=new')}&x=y=z`;
      expect(link.length).toBeGreaterThan(120);

      const transport = nodemailer.createTransport({ url: server.url, ignoreTLS: true });
      await transport.sendMail({
        from: 'AMA <noreply@ama.test>',
        to: 'reader@example.test',
        subject: 'Verify your email — AMA',
        text: `Hello!\n\nConfirm your address: ${link}\n\nThanks.`,
        html: `<p>Hello!</p><p><a href="${link.replace(/&/g, '&amp;')}">Confirm your address</a></p>`,
      });
      transport.close();

      const mail = await server.waitForMail({ to: 'reader@example.test', subject: /^Verify your email/ });
      expect(mail.subject).toBe('Verify your email — AMA');
      expect(mail.from).toBe('noreply@ama.test');
      expect(mail.to).toEqual(['reader@example.test']);
      expect(mail.raw).toContain('quoted-printable'); // the link really went through QP encoding
      expect(mail.text).toContain(link);
      expect(mail.html).toContain('&amp;');
      expect(server.linksIn(mail)).toEqual([link]);
      expect(server.mails).toHaveLength(1);

      await expect(server.waitForMail({ to: 'nobody@example.test' }, 50)).rejects.toThrow(/No mail matching to=nobody@example.test/);
    } finally {
      await server.stop();
    }
  });
});

/** Just enough of a browser: follows redirects by hand and keeps cookies (by name). */
class Browser {
  private readonly cookies = new Map<string, string>();

  async get(url: string): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { redirect: 'manual', headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [key = '', val = ''] = a.split('=').map((s) => s.trim());
        return (key.toLowerCase() === 'expires' && Date.parse(val) <= Date.now()) || (key.toLowerCase() === 'max-age' && Number(val) <= 0);
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** Follows redirects from `url` until one points at `stopAt`; returns that location. */
  async followUntil(url: string, stopAt: string): Promise<URL> {
    let current = url;
    for (let hop = 0; hop < 20; hop++) {
      const res = await this.get(current);
      const location = res.headers.get('location');
      if (!location || res.status < 300 || res.status >= 400) {
        throw new Error(`Expected a redirect from ${current}, got ${res.status}: ${await res.text()}`);
      }
      const next = new URL(location, current);
      if (next.href.startsWith(stopAt)) return next;
      current = next.href;
    }
    throw new Error('Too many redirects');
  }
}

function decodeJwtPayload(jwt: string): Record<string, unknown> {
  const [, payload = ''] = jwt.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('test OIDC server', () => {
  it('runs a full authorization-code flow with PKCE and no human', async () => {
    const redirectUri = 'http://127.0.0.1:9/cb';
    const server = await startOidcServer({ redirectUris: [redirectUri] });
    try {
      const discovery = (await (await fetch(server.discoveryUrl)).json()) as Record<string, string>;
      expect(discovery.issuer).toBe(server.issuer);
      expect(discovery.authorization_endpoint).toBe(`${server.issuer}/auth`);
      const tokenEndpoint = discovery.token_endpoint ?? '';
      const userinfoEndpoint = discovery.userinfo_endpoint ?? '';
      expect(discovery.code_challenge_methods_supported).toContain('S256');

      const login = async (account: OidcAccount, browser: Browser, auth: 'basic' | 'post') => {
        server.setNextAccount(account);
        const verifier = randomBytes(32).toString('base64url');
        const state = randomBytes(16).toString('base64url');
        const authorize = new URL(discovery.authorization_endpoint ?? '');
        authorize.search = new URLSearchParams({
          client_id: server.clientId,
          redirect_uri: redirectUri,
          response_type: 'code',
          scope: 'openid email profile',
          state,
          code_challenge: createHash('sha256').update(verifier).digest('base64url'),
          code_challenge_method: 'S256',
        }).toString();

        const callback = await browser.followUntil(authorize.href, redirectUri);
        expect(callback.searchParams.get('error')).toBeNull();
        expect(callback.searchParams.get('state')).toBe(state);
        const code = callback.searchParams.get('code') ?? '';
        expect(code).not.toBe('');

        const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier });
        const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
        if (auth === 'basic') {
          const enc = (s: string) => encodeURIComponent(s);
          headers.authorization = `Basic ${Buffer.from(`${enc(server.clientId)}:${enc(server.clientSecret)}`).toString('base64')}`;
        } else {
          form.set('client_id', server.clientId);
          form.set('client_secret', server.clientSecret);
        }
        const tokenRes = await fetch(tokenEndpoint, { method: 'POST', headers, body: form });
        const tokens = (await tokenRes.json()) as Record<string, string>;
        expect(tokenRes.status, JSON.stringify(tokens)).toBe(200);
        return tokens;
      };

      const alice: OidcAccount = {
        sub: 'google-alice',
        email: 'alice@example.test',
        email_verified: true,
        name: 'Alice Reader',
        picture: 'http://127.0.0.1:9/alice.png',
      };
      const browser = new Browser();
      const tokens = await login(alice, browser, 'basic');
      const idToken = decodeJwtPayload(tokens.id_token ?? '');
      expect(idToken).toMatchObject({
        iss: server.issuer,
        aud: server.clientId,
        sub: alice.sub,
        email: alice.email,
        email_verified: true,
        name: alice.name,
        picture: alice.picture,
      });

      const userinfoRes = await fetch(userinfoEndpoint, { headers: { authorization: `Bearer ${tokens.access_token}` } });
      expect(userinfoRes.status).toBe(200);
      const userinfo = (await userinfoRes.json()) as Record<string, unknown>;
      expect(userinfo).toMatchObject({ sub: alice.sub, email: alice.email, email_verified: true, name: alice.name });

      // Same browser (it still has a session for Alice), next account Bob, secret sent in the body.
      const bob: OidcAccount = { sub: 'google-bob', email: 'bob@example.test', email_verified: false, name: 'Bob' };
      const bobTokens = await login(bob, browser, 'post');
      const bobIdToken = decodeJwtPayload(bobTokens.id_token ?? '');
      expect(bobIdToken).toMatchObject({ sub: bob.sub, email: bob.email, email_verified: false, name: bob.name });
      expect(bobIdToken).not.toHaveProperty('picture');
    } finally {
      await server.stop();
    }
  });
});
