import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type FieldDef, type KindDef, type PartnerCategory, kinds, partnerCategories } from '../../src/shared/registry.ts';
import { decimalText, entryBody, partnerBody, unitsOf } from '../helpers/factories.ts';

// What the process-level reliability tests share: real servers as child processes on loopback,
// signed-in sessions, and writes of every kind whose cash and stock the test works out itself.

const allKinds = kinds as readonly KindDef[];

export const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
export const pick = <T>(items: readonly T[]): T => items[randomInt(0, items.length - 1)] as T;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What the test expects of one write, worked out here from the numbers it typed. */
export interface Write {
  kind: KindDef;
  body: Record<string, unknown>;
  key: string;
  cash: bigint; // poisha, signed
  stock: bigint; // grams, signed
}

function sample(f: FieldDef, partnerNames: Map<PartnerCategory, string>): unknown {
  switch (f.input.type) {
    case 'party': {
      const name = partnerNames.get(pick(f.input.categories));
      if (!name) throw new Error(`test bug: no partner for ${f.name}`);
      return name;
    }
    case 'text':
      return `${f.label} ${randomUUID().slice(0, 8)}`.slice(0, f.input.max);
    case 'choice':
      return pick(f.input.options);
    case 'decimal':
      // Whole and fractional parts the unit allows; 'unit' has 2 decimals, the others their own.
      return decimalText(BigInt(randomInt(1, 5_000_000)), f.input.unit === 'weight' || f.input.unit === 'quantity' ? 3 : 2);
    case 'computed':
      return undefined;
  }
}

/** A write of a random kind (or the one given) with a fresh idempotency key. */
export function newWrite(partnerNames: Map<PartnerCategory, string>, prefix: string, kind: KindDef = pick(allKinds)): Write {
  const key = `${prefix}-${randomUUID()}`;
  const body = entryBody(kind, { idempotency_key: key }, undefined, (f) => sample(f, partnerNames));
  // A rule's way, turned when its flip's field holds its `when` (an opening adjustment taken away).
  const way = (rule: NonNullable<KindDef['cash']>) => BigInt(rule.flip && body[rule.flip.field] === rule.flip.when ? -rule.direction : rule.direction);
  const cash = kind.cash ? way(kind.cash) * unitsOf(body[kind.cash.field], 2) : 0n;
  const stock = kind.stock ? way(kind.stock) * unitsOf(body[kind.stock.field], 3) : 0n;
  return { kind, body, key, cash, stock };
}

export { freePort } from '../helpers/ports.ts';

export interface ServerProcess {
  base: string;
  pid: number;
  exited: Promise<number | null>;
  alive(): boolean;
  kill(signal: NodeJS.Signals): void;
}

/** A server's environment as production runs it, on loopback `port`, its books in `dataDir`, and no web build. */
export function serverEnv(port: number, dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    WEB_BUILD_DIR: path.join(dataDir, 'no-web-build'),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** The servers a test starts (pass `track` to startServer): `killAll` after it, whatever happened. */
export function serverList() {
  const servers: ServerProcess[] = [];
  return {
    track: { spawned: (s: ServerProcess) => void servers.push(s) },
    async killAll() {
      for (const s of servers) if (s.alive()) s.kill('SIGKILL');
      await Promise.all(servers.map((s) => s.exited));
    },
  };
}

/** Starts `src/server/main.ts` as a child process logging to `logFile`; resolves once it answers health. */
export async function startServer(
  env: Record<string, string>,
  logFile: string,
  opts: { waitHealthy?: boolean; spawned?: (server: ServerProcess) => void } = {},
): Promise<ServerProcess> {
  const base = `http://127.0.0.1:${env.PORT}`;
  const log = fs.openSync(logFile, 'a');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  let alive = true;
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => ((alive = false), resolve(code))));
  const server = { base, pid: child.pid ?? -1, exited, alive: () => alive, kill: (signal: NodeJS.Signals) => void child.kill(signal) };
  // Known to the caller at once, so a test that times out waiting for health can still stop it.
  opts.spawned?.(server);
  if (opts.waitHealthy === false) return server;
  for (let i = 0; i < 600 && alive; i++) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await sleep(50);
  }
  const tail = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n') : '(no log)';
  throw new Error(`the server did not come up (${alive ? 'no answer in 30 s' : 'it exited'}); log ${logFile}\n${tail}`);
}

/** A signed-in session as a browser would hold it: the cookies of the sign-in answer. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${text}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export interface Answer {
  status: number;
  json: { data?: Record<string, unknown>; error?: unknown };
}

/** A call as the web app makes it; throws when no complete answer arrives (the server died). */
export async function call(base: string, cookie: string, method: string, urlPath: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${base}/api/${urlPath}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), origin: base, cookie },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Answer['json'] };
}

/** One partner of every category (entries name their party); returns the names by category. */
export async function createPartners(base: string, cookie: string, prefix: string): Promise<Map<PartnerCategory, string>> {
  const names = new Map<PartnerCategory, string>();
  for (const category of partnerCategories) {
    const name = `${prefix} ${category}`;
    const res = await call(base, cookie, 'POST', 'userDetailsData', partnerBody(category, name));
    if (res.status !== 201) throw new Error(`partner ${name}: ${res.status} ${JSON.stringify(res.json)}`);
    names.set(category, name);
  }
  return names;
}
