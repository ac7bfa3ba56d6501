import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks } from '../../src/server/modules/books/check.ts';
import type { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { entryBody, partnerBody } from '../helpers/factories.ts';

// `npm run cli -- check` on the books of a running server: the owner checks them in the day, while
// the staff save entries. Each figure it compares must be read at one moment; read one after
// another while sales and expenses landed between them, the books looked wrong when they were not
// ("the accounts (50000) … ≠ the balance 0", a party's totals against its entries).
const run = promisify(execFile);

describe.each(dialects)('check while entries are saved on %s', (dialect) => {
  let t: TestApp;
  let acc: Agent;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const admin = (await t.signedIn('admin')).agent;
    acc = (await t.signedIn('acounts')).agent;
    expect((await admin.post('/api/userDetailsData', partnerBody('Client', 'Live Client'))).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  /**
   * The check as the owner runs it: on SQLite the CLI, a process of its own on the server's file
   * (in this process, its reads would hold the event loop and no save could land during them); on
   * PostgreSQL through the pool, whose other connections save meanwhile.
   */
  async function check(): Promise<string[]> {
    if (dialect === 'postgres') return checkBooks(t.app.deps.database.db);
    const env = { PATH: process.env.PATH ?? '', DATA_DIR: path.dirname(t.app.deps.database.location) };
    const out = await run(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', 'check'], { env }).catch((e: { stdout: string; stderr: string }) => e);
    return out.stdout.startsWith('books ok') ? [] : [out.stderr || out.stdout];
  }

  it('finds nothing wrong in books that are right, however the saves fall between its reads', { timeout: 60_000 }, async () => {
    let writing = true;
    let saved = 0;
    // Three people saving at once: sales to a client (its ledger, the kinds' and the accounts'
    // totals move) and expenses (Cash in hand alone).
    const writer = (url: string, body: Record<string, unknown>) =>
      (async () => {
        while (writing) {
          const r = await acc.post(url, body);
          expect(r.statusCode, r.body).toBe(201);
          saved += 1;
        }
      })();
    const writers = [
      writer(
        '/api/mWireData',
        entryBody('msWire', { size: '12', weight: '10', price: '80', paid_amount: '500', discount_amount: '0', note: 'live' }, 'Live Client'),
      ),
      writer(
        '/api/mWireData',
        entryBody('msWire', { size: '14', weight: '5', price: '90', paid_amount: '0', discount_amount: '0', note: 'live' }, 'Live Client'),
      ),
      writer('/api/otherExpanses', entryBody('otherExpense', { paid_amount: '25' })),
    ];
    const found: string[] = [];
    let checks = 0;
    try {
      // Until a good many saves have landed during the checks.
      for (; checks < 400 && (checks < 4 || saved < 60); checks++) found.push(...(await check()));
    } finally {
      writing = false;
      await Promise.all(writers);
    }
    expect(saved).toBeGreaterThanOrEqual(60);
    expect(found.slice(0, 3)).toEqual([]);
    expect(await check()).toEqual([]);
  });
});
