import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { type FieldDef, type KindDef, type PartnerCategory, kinds, partnerCategories } from '../../src/shared/registry.ts';
import { ADMIN_ACCOUNT as ADMIN, decimalText, entryBody, gramsOfNumber, partnerBody, poishaOfNumber, unitsOf, userCreateArgs } from '../helpers/factories.ts';

// Crash safety (QUALITY.md R1). The real server runs as a child process on SQLite; 8 writers post
// entries of every kind at once, each with a fresh idempotency key, and log every entry answered
// with a 2xx. At a random moment the server is killed with SIGKILL. A write that got no answer is
// sent again after the restart with the same body and key, as a phone would. Then, every cycle:
// every acknowledged entry is in the file exactly once with the cash and stock it should move,
// nothing else is, SQLite's integrity check is ok, `cli check` finds the summary equal to the
// recomputed books, and the header balance and stock equal the sums of what was acknowledged.
//
// CRASH_CYCLES=50 (npm run test:crash) for the full run; 5 by default.

const CYCLES = Number(process.env.CRASH_CYCLES ?? 5);
if (!Number.isInteger(CYCLES) || CYCLES < 1) throw new Error(`CRASH_CYCLES must be a whole number ≥ 1, not ${process.env.CRASH_CYCLES}`);
const WRITERS = 8;
const KILL_AFTER_MS = { min: 100, max: 1500 };

const allKinds = kinds as readonly KindDef[];
const run = promisify(execFile);

/** What the test expects of one write, worked out here from the numbers it typed. */
interface Write {
  kind: KindDef;
  body: Record<string, unknown>;
  key: string;
  cash: bigint; // poisha, signed
  stock: bigint; // grams, signed
}
interface Ack extends Write {
  id: number;
  retried: boolean;
}

const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[randomInt(0, items.length - 1)] as T;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('crash safety: SIGKILL during concurrent writes', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-crash-'));
  const logFile = path.join(dataDir, 'server.log');
  let env: Record<string, string>;
  let base = '';
  let server: { pid: number; exited: Promise<void>; alive: () => boolean; kill: (signal: NodeJS.Signals) => void } | null = null;
  let passed = false;

  afterAll(async () => {
    if (server?.alive()) {
      server.kill('SIGKILL');
      await server.exited;
    }
    if (passed) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const logTail = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n') : '(no log)');
  const where = () => `data dir ${dataDir}, server log ${logFile}`;

  const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], { env });

  async function startServer(): Promise<void> {
    const log = fs.openSync(logFile, 'a');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', log, log] });
    fs.closeSync(log);
    let alive = true;
    const exited = new Promise<void>((resolve) => child.on('exit', () => ((alive = false), resolve())));
    server = { pid: child.pid ?? -1, exited, alive: () => alive, kill: (signal) => child.kill(signal) };
    for (let i = 0; i < 600 && alive; i++) {
      const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
      if (ok) return;
      await sleep(50);
    }
    throw new Error(`the server did not come up (${alive ? 'no answer in 30 s' : 'it exited'}); ${where()}\n${logTail()}`);
  }

  async function killServer(): Promise<void> {
    if (!server) return;
    server.kill('SIGKILL');
    await server.exited;
  }

  /** A signed-in session as a browser would hold it: the cookies of the sign-in answer. */
  async function signIn(): Promise<string> {
    const res = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    const text = await res.text();
    expect(res.status, `sign-in: ${text}`).toBe(200);
    const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
    expect(cookies.length, 'sign-in set no cookie').toBeGreaterThan(0);
    return cookies.join('; ');
  }

  /** POST as the web app does; throws when no complete answer arrives (the server died). */
  async function post(cookie: string, urlPath: string, body: unknown): Promise<{ status: number; json: { data?: Record<string, unknown>; error?: unknown } }> {
    const res = await fetch(`${base}/api/${urlPath}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, cookie }, body: JSON.stringify(body) });
    return { status: res.status, json: (await res.json()) as { data?: Record<string, unknown> } };
  }

  async function getJson(cookie: string, urlPath: string): Promise<{ status: number; json: { data?: Record<string, unknown> } }> {
    const res = await fetch(`${base}/api/${urlPath}`, { headers: { cookie } });
    return { status: res.status, json: (await res.json()) as { data?: Record<string, unknown> } };
  }

  /** The SQLite file as another process sees it: every entry, the integrity and foreign-key checks. */
  function readDataFile() {
    const sqlite = new BetterSqlite3(path.join(dataDir, 'ama.sqlite'), { readonly: true, fileMustExist: true });
    try {
      return {
        rows: sqlite.prepare('SELECT id, kind, idempotency_key, cash_p, stock_g FROM entries').all() as { id: number; kind: string; idempotency_key: string | null; cash_p: number; stock_g: number }[],
        integrity: sqlite.pragma('integrity_check', { simple: true }),
        foreignKeys: sqlite.pragma('foreign_key_check'),
      };
    } finally {
      sqlite.close();
    }
  }

  const partnerNames = new Map<PartnerCategory, string>();

  function partyName(categories: readonly PartnerCategory[]): string {
    const name = partnerNames.get(pick(categories));
    if (!name) throw new Error(`test bug: no partner of ${categories.join(', ')}`);
    return name;
  }

  /** Random valid values, so the writers' entries differ (parties come from partyName). */
  function sample(f: FieldDef): unknown {
    switch (f.input.type) {
      case 'text':
        return `${f.label} ${randomUUID().slice(0, 8)}`.slice(0, f.input.max);
      case 'choice':
        return pick(f.input.options);
      case 'decimal':
        // Whole and fractional parts the unit allows; 'unit' has 2 decimals, the others their own.
        return decimalText(BigInt(randomInt(1, 5_000_000)), f.input.unit === 'weight' || f.input.unit === 'quantity' ? 3 : 2);
      default:
        return undefined;
    }
  }

  function newWrite(): Write {
    const kind = pick(allKinds);
    const key = `crash-${randomUUID()}`;
    const body = entryBody(kind, { idempotency_key: key }, partyName, sample);
    const cash = kind.cash ? BigInt(kind.cash.direction) * unitsOf(body[kind.cash.field], 2) : 0n;
    const stock = kind.stock ? BigInt(kind.stock.direction) * unitsOf(body[kind.stock.field], 3) : 0n;
    return { kind, body, key, cash, stock };
  }

  it(
    `keeps every acknowledged entry exactly once over ${CYCLES} SIGKILLs during ${WRITERS} concurrent writers`,
    async () => {
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      env = {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: base,
        WEB_BUILD_DIR: path.join(dataDir, 'no-web-build'),
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        // One sign-in per cycle, a few seconds apart: more than the default 10 a minute allows.
        SIGN_IN_ATTEMPTS_PER_MINUTE: '100000',
      };

      await cli(...userCreateArgs(ADMIN));
      await startServer();
      const setupCookie = await signIn();
      for (const category of partnerCategories) {
        const name = `Crash ${category}`;
        const res = await post(setupCookie, 'userDetailsData', partnerBody(category, name));
        expect(res.status, JSON.stringify(res.json)).toBe(201);
        partnerNames.set(category, name);
      }

      const acks: Ack[] = [];
      let replayed = 0;
      let lost = 0;
      let doubled = 0;

      for (let cycle = 1; cycle <= CYCLES; cycle++) {
        const cookie = await signIn();
        const refused: string[] = [];
        let stopped = false;

        // One writer: posts until the server dies; returns the write left without an answer.
        const writer = async (): Promise<Write | null> => {
          while (!stopped) {
            const w = newWrite();
            let res: Awaited<ReturnType<typeof post>>;
            try {
              res = await post(cookie, w.kind.path, w.body);
            } catch {
              return w;
            }
            if (res.status !== 201) refused.push(`${w.kind.path} → ${res.status} ${JSON.stringify(res.json)}`);
            else acks.push({ ...w, id: Number(res.json.data?.id), retried: false });
          }
          return null;
        };
        const writers = Array.from({ length: WRITERS }, writer);
        await sleep(randomInt(KILL_AFTER_MS.min, KILL_AFTER_MS.max));
        stopped = true;
        await killServer();
        const pending = (await Promise.all(writers)).filter((w): w is Write => w !== null);
        expect(refused, `cycle ${cycle}: writes refused while the server ran; ${where()}`).toEqual([]);

        await startServer();
        // The phone's retry: the same body and key, on the session it already had.
        for (const w of pending) {
          const res = await post(cookie, w.kind.path, w.body);
          expect([200, 201], `cycle ${cycle}: retry of ${w.kind.path} ${w.key}: ${JSON.stringify(res.json)}`).toContain(res.status);
          acks.push({ ...w, id: Number(res.json.data?.id), retried: true });
          if (res.status === 200) replayed++;
        }

        // `cli check` (the stored summary against the books added up again) runs meanwhile.
        const checking = cli('check').then(
          (r) => ({ code: 0, out: r.stdout }),
          (e: { code?: number; stdout?: string; stderr?: string }) => ({ code: e.code ?? -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` }),
        );

        // Every acknowledged entry exactly once, with its effect; nothing else.
        const { rows, integrity, foreignKeys } = readDataFile();
        const byKey = new Map<string, typeof rows>();
        for (const r of rows) byKey.set(r.idempotency_key ?? '(none)', [...(byKey.get(r.idempotency_key ?? '(none)') ?? []), r]);
        const missing = acks.filter((a) => (byKey.get(a.key) ?? []).length === 0);
        const stored = (r: { id: number; kind: string; cash: bigint; stock: bigint }) => `${r.kind} id ${r.id}, cash ${r.cash} poisha, stock ${r.stock} g`;
        const wrong = acks.flatMap((a) => {
          const [r, ...more] = byKey.get(a.key) ?? [];
          if (!r || more.length > 0) return [];
          const actual = stored({ id: r.id, kind: r.kind, cash: BigInt(r.cash_p), stock: BigInt(r.stock_g) });
          const expected = stored({ id: a.id, kind: a.kind.kind, cash: a.cash, stock: a.stock });
          return actual === expected ? [] : [`${a.key}: stored ${actual}; acknowledged ${expected}`];
        });
        const ackedKeys = new Set(acks.map((a) => a.key));
        const extra = rows.filter((r) => r.idempotency_key === null || !ackedKeys.has(r.idempotency_key) || (byKey.get(r.idempotency_key)?.length ?? 0) > 1);
        lost = missing.length;
        doubled = extra.length;
        const cycleFacts = `cycle ${cycle}: ${acks.length} acknowledged, ${pending.length} retried this cycle; ${where()}`;
        expect(missing.map((a) => `${a.kind.path} ${a.key} (id ${a.id})`), `lost entries, ${cycleFacts}`).toEqual([]);
        expect(extra.map((r) => `${r.kind} id ${r.id} key ${r.idempotency_key}`), `entries nobody acknowledged or stored twice, ${cycleFacts}`).toEqual([]);
        expect(wrong, `entries stored unlike their acknowledgement, ${cycleFacts}`).toEqual([]);
        expect(rows).toHaveLength(acks.length);
        expect(integrity, `integrity_check, ${cycleFacts}`).toBe('ok');
        expect(foreignKeys, `foreign_key_check, ${cycleFacts}`).toEqual([]);

        expect(await checking, `cli check, ${cycleFacts}`).toEqual({ code: 0, out: expect.stringMatching(new RegExp(`^books ok: ${acks.length} entries,`)) });

        // The header: cash balance and wire stock are the sums of what was acknowledged.
        const dash = await getJson(cookie, 'dashboard');
        expect(dash.status).toBe(200);
        const shown = { balance: poishaOfNumber(dash.json.data?.current_balance), stock: gramsOfNumber(dash.json.data?.wire_stock) };
        const sum = acks.reduce((s, a) => ({ balance: s.balance + a.cash, stock: s.stock + a.stock }), { balance: 0n, stock: 0n });
        expect(shown, `dashboard, ${cycleFacts}`).toEqual(sum);
      }

      // A clean stop at the end: the file still checks out with the server gone.
      server?.kill('SIGTERM');
      await server?.exited;
      expect(server?.alive()).toBe(false);
      const after = readDataFile();
      expect(after.integrity).toBe('ok');
      expect(after.rows.map((r) => r.idempotency_key).sort()).toEqual(acks.map((a) => a.key).sort());

      console.log(
        `crash safety: ${CYCLES} cycles, ${acks.length} acknowledged (${new Set(acks.map((a) => a.kind.kind)).size} kinds), ${acks.filter((a) => a.retried).length} retried (${replayed} had been saved before the kill), lost ${lost}, doubled ${doubled}`,
      );
      passed = true;
    },
    60_000 + CYCLES * 20_000,
  );
});
