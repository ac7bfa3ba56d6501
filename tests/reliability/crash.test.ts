import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from '../../src/server/db/sqlite-driver.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_ACCOUNT as ADMIN, userCreateArgs } from '../helpers/factories.ts';
import {
  type Answer,
  type ServerProcess,
  type Write,
  call,
  createPartners,
  freePort,
  newWrite,
  randomInt,
  serverEnv,
  signIn as signInAt,
  sleep,
  startServer as start,
} from './support.ts';

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

const run = promisify(execFile);

interface Ack extends Write {
  id: number;
  retried: boolean;
}

describe('crash safety: SIGKILL during concurrent writes', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-crash-'));
  const logFile = path.join(dataDir, 'server.log');
  let env: Record<string, string>;
  let base = '';
  let server: ServerProcess | null = null;
  let passed = false;

  afterAll(async () => {
    if (server?.alive()) {
      server.kill('SIGKILL');
      await server.exited;
    }
    if (passed) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const where = () => `data dir ${dataDir}, server log ${logFile}`;

  const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], { env });

  async function startServer(): Promise<void> {
    server = await start(env, logFile);
  }

  async function killServer(): Promise<void> {
    if (!server) return;
    server.kill('SIGKILL');
    await server.exited;
  }

  const signIn = () => signInAt(base, ADMIN.email, ADMIN.password);
  const post = (cookie: string, urlPath: string, body: unknown): Promise<Answer> => call(base, cookie, 'POST', urlPath, body);
  const getJson = (cookie: string, urlPath: string): Promise<Answer> => call(base, cookie, 'GET', urlPath);

  /** The SQLite file as another process sees it: every entry, the integrity and foreign-key checks. */
  function readDataFile() {
    const sqlite = new BetterSqlite3(path.join(dataDir, 'ama.sqlite'), { readonly: true, fileMustExist: true });
    try {
      return {
        rows: sqlite.prepare('SELECT id, kind, idempotency_key, cash_p, stock_g FROM entries').all() as {
          id: number;
          kind: string;
          idempotency_key: string | null;
          cash_p: number;
          stock_g: number;
        }[],
        integrity: sqlite.pragma('integrity_check', { simple: true }),
        foreignKeys: sqlite.pragma('foreign_key_check'),
      };
    } finally {
      sqlite.close();
    }
  }

  it(
    `keeps every acknowledged entry exactly once over ${CYCLES} SIGKILLs during ${WRITERS} concurrent writers`,
    async () => {
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      // One sign-in per cycle, a few seconds apart: more than the default 10 a minute allows.
      env = serverEnv(port, dataDir, { SIGN_IN_ATTEMPTS_PER_MINUTE: '100000' });

      await cli(...userCreateArgs(ADMIN));
      await startServer();
      const setupCookie = await signIn();
      const partnerNames = await createPartners(base, setupCookie, 'Crash');

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
            const w = newWrite(partnerNames, 'crash');
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
        expect(
          missing.map((a) => `${a.kind.path} ${a.key} (id ${a.id})`),
          `lost entries, ${cycleFacts}`,
        ).toEqual([]);
        expect(
          extra.map((r) => `${r.kind} id ${r.id} key ${r.idempotency_key}`),
          `entries nobody acknowledged or stored twice, ${cycleFacts}`,
        ).toEqual([]);
        expect(wrong, `entries stored unlike their acknowledgement, ${cycleFacts}`).toEqual([]);
        expect(rows).toHaveLength(acks.length);
        expect(integrity, `integrity_check, ${cycleFacts}`).toBe('ok');
        expect(foreignKeys, `foreign_key_check, ${cycleFacts}`).toEqual([]);

        expect(await checking, `cli check, ${cycleFacts}`).toEqual({ code: 0, out: expect.stringMatching(new RegExp(`^books ok: ${acks.length} entries,`)) });

        // The header: cash balance and wire stock are the sums of what was acknowledged.
        const dash = await getJson(cookie, 'dashboard');
        expect(dash.status).toBe(200);
        const shown = {
          balance: BigInt(Math.round(Number(dash.json.data?.current_balance) * 100)),
          stock: BigInt(Math.round(Number(dash.json.data?.wire_stock) * 1000)),
        };
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
