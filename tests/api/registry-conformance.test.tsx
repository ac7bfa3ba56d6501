import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../src/shared/dates.ts';
import { type KindDef, createRegistry, kinds } from '../../src/shared/registry.ts';
import { dashboardPageOf, historyMenuOf, sidebarOf, statementColumnsOf } from '../../src/shared/registry-views.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { checkBooks } from '../../src/server/modules/books/check.ts';
import { authorizationMatrix, parseAccessTable } from './authorization-matrix.ts';

// A kind added to a registry, and nothing else: its form, routes, sidebar entry, history page and
// statement all appear, and so does it in voids, corrections, the running totals, `check`, the
// overview, the production report and /api/openapi.json. (A cash-out kind with an amount and a
// note, stored in columns that exist, counted as an overhead, as "Gas Bill" would be.) Only its
// authorization rows are written by hand, as for any new kind.
// prettier-ignore
const gasBillAccess = parseAccessTable(`
  route                                        anonymous user acounts admin
  GET  /api/gasBillForTest                     401 403 ok  ok
  POST /api/gasBillForTest                     401 403 ok  ok
  GET  /api/gasBillForTest/dates               401 403 ok  ok
  GET  /api/gasBillForTest/names               401 403 ok  ok
`);
const gasBill: KindDef = {
  kind: 'gasBillForTest',
  path: 'gasBillForTest',
  title: 'Gas Bill',
  group: 'cashOut',
  cash: { field: 'paid_amount', direction: -1 },
  production: 'otherExpenses',
  write: 'acounts',
  screens: ['debit'],
  dashboard: {
    section: 'cashOut',
    page: 'gasBillForTestData',
    label: 'Gas Bill',
    order: 10,
    view: 'statement',
    statement: 'paymentDetails',
    history: { page: 'gasBillForTestHistory', order: 7 },
  },
  fields: [
    { name: 'paid_amount', column: 'paid_amount_p', label: 'Amount', input: { type: 'decimal', unit: 'money' }, required: true },
    { name: 'note', column: 'note', label: 'Note', input: { type: 'text', max: 500, long: true }, required: false },
  ],
};
const testRegistry = createRegistry([...(kinds as readonly KindDef[]), gasBill]);

describe('a kind added to the registry appears on every screen', () => {
  it('in the sidebar, the history menu and as a dashboard page', () => {
    const cashOut = sidebarOf(testRegistry).find((g) => g.title === 'Cash Out Data');
    expect(cashOut?.pages.at(-1)).toMatchObject({ name: 'gasBillForTestData', page: { type: 'statement', label: 'Gas Bill' } });
    const debit = historyMenuOf(testRegistry).find((g) => g.title === 'Debit Data');
    expect(debit?.pages.at(-1)).toMatchObject({ name: 'gasBillForTestHistory', page: { type: 'history', label: 'Gas Bill' } });
    expect(dashboardPageOf(testRegistry, 'gasBillForTestHistory')).toMatchObject({ type: 'history', kind: gasBill });
    // The app's own registry does not have it.
    expect(sidebarOf(createRegistry(kinds)).flatMap((g) => g.pages.map((p) => p.name))).not.toContain('gasBillForTestData');
  });

  it('with its statement columns, read from its own fields', () => {
    expect(statementColumnsOf(gasBill)).toEqual([
      { header: 'Name', field: 'subject', format: 'text' },
      { header: 'Date', field: 'issue_date', format: 'date' },
      { header: 'Paid Amount', field: 'paid_amount', format: 'money' },
      { header: 'Note', field: 'note', format: 'text' },
    ]);
  });

  it('with its form, built from its fields', async () => {
    const { QueryClient, QueryClientProvider } = await import('@tanstack/react-query');
    const { EntryForm } = await import('../../src/web/features/books/entry-form.tsx');
    const html = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <EntryForm kind={gasBill} />
      </QueryClientProvider>,
    );
    expect(html).toContain('aria-label="Gas Bill"');
    expect(html).toMatch(/Amount/);
    expect(html).toMatch(/Note/);
    expect(html).toContain('Submit');
  });
});

describe.each(dialects)('a kind added to the registry is served on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { registry: testRegistry });
  });
  afterAll(() => t.close());

  it('has its create, list, dates and names routes, and no route without a row in the authorization table', () => {
    const routes = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`);
    expect(routes.filter((r) => r.includes('gasBillForTest')).sort()).toEqual(Object.keys(gasBillAccess).sort());
    // Without the rows written for it, the new kind's routes are the ones the table lacks.
    expect(routes.filter((r) => !authorizationMatrix[r]).sort()).toEqual(Object.keys(gasBillAccess).sort());
  });

  it('refuses a plain user, and lets acounts record, list, and read its history and statement', async () => {
    const { agent: user } = await t.signedIn('user');
    expect((await user.request('POST', '/api/gasBillForTest', { paid_amount: '10' })).statusCode).toBe(403);

    const { agent } = await t.signedIn('acounts');
    const before = (await agent.request('GET', '/api/dashboard')).json().data.current_balance;
    const bad = await agent.request('POST', '/api/gasBillForTest', { paid_amount: 'ten' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Amount');

    const made = await agent.request('POST', '/api/gasBillForTest', { paid_amount: '1,250.50', note: 'November gas' });
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({ paid_amount: 1250.5, note: 'November gas' });
    // A cash-out kind takes its amount from the balance.
    expect((await agent.request('GET', '/api/dashboard')).json().data.current_balance).toBeCloseTo(before - 1250.5, 2);

    const today = todayIn('Asia/Dhaka');
    const list = (await agent.request('GET', '/api/gasBillForTest')).json();
    expect(list.data.map((e: { note: string }) => e.note)).toEqual(['November gas']);
    const dates = (await agent.request('GET', '/api/gasBillForTest/dates')).json();
    expect(dates.data).toEqual([{ issue_date: today, count: 1 }]);
    const statement = (await agent.request('GET', `/api/gasBillForTest?issue_date>=${today}&issue_date<=${today}`)).json();
    expect(statement.totals).toEqual({ paid_amount: 1250.5 });
  });

  it('is voided and corrected like every kind, kept in the running totals and `check`, and counted in the overview, the production report and the API description', async () => {
    const { agent } = await t.signedIn('acounts');
    const made = (await agent.request('POST', '/api/gasBillForTest', { paid_amount: '300', note: 'Cylinder' })).json().data;
    const typo = (await agent.request('POST', '/api/gasBillForTest', { paid_amount: '999', note: 'Typed twice' })).json().data;
    const balance = async () => (await agent.request('GET', '/api/dashboard')).json().data.current_balance as number;
    const before = await balance();

    const voided = await agent.request('POST', `/api/entries/${typo.id}/void`, { reason: 'typed twice' });
    expect(voided.statusCode).toBe(200);
    expect(await balance()).toBeCloseTo(before + 999, 2);
    const corrected = await agent.request('POST', `/api/entries/${made.id}/correct`, { paid_amount: '350', note: 'Cylinder', reason: 'the bill said 350' });
    expect(corrected.statusCode).toBe(201);
    expect(corrected.json().data).toMatchObject({ paid_amount: 350, corrects: made.id });
    expect(await balance()).toBeCloseTo(before + 999 + 300 - 350, 2);
    const live = (await agent.request('GET', '/api/gasBillForTest')).json().data.filter((e: { voided: boolean; void_of?: number }) => !e.voided && !e.void_of);
    expect(live.map((e: { paid_amount: number }) => e.paid_amount).sort((a: number, b: number) => a - b)).toEqual([350, 1250.5]);

    // The running totals (history dates, statement totals) and `check` know the kind.
    const today = todayIn('Asia/Dhaka');
    expect((await agent.request('GET', '/api/gasBillForTest/dates')).json().data).toEqual([{ issue_date: today, count: 2 }]);
    const db = t.app.deps.database.db;
    expect(await checkBooks(db, testRegistry)).toEqual([]);
    // And `check` reads its figures by its own fields: an amount changed behind the books' back is found.
    const replacement = corrected.json().data.id as number;
    await db.updateTable('entries').set({ paid_amount_p: 36000 }).where('id', '=', replacement).execute();
    expect((await checkBooks(db, testRegistry)).join('\n')).toContain(`entry ${replacement} (gasBillForTest): cash effect -35000, expected -36000`);
    await db.updateTable('entries').set({ paid_amount_p: 35000 }).where('id', '=', replacement).execute();

    // Money out this month, an overhead of production, and a path of the API's description.
    const overview = (await agent.request('GET', '/api/overview')).json().data;
    expect(overview.month.cash_out).toBeCloseTo(1250.5 + 350, 2);
    const production = (await agent.request('GET', '/api/production')).json().data;
    expect(production.total.other_expenses).toBeCloseTo(1250.5 + 350, 2);
    const doc = (await agent.request('GET', '/api/openapi.json')).json();
    expect(doc.paths['/api/gasBillForTest'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('paid_amount');
    expect(doc.paths['/api/gasBillForTest'].get['x-access']).toBe('acounts');
  });
});
