import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../src/shared/dates.ts';
import { type KindDef, createRegistry, kinds } from '../../src/shared/registry.ts';
import { dashboardPageOf, historyMenuOf, sidebarOf, statementColumnsOf } from '../../src/shared/registry-views.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { kindRows } from './authorization-matrix.ts';

// A kind added to a registry, and nothing else: its form, routes, authorization rows, sidebar
// entry, history page and statement all appear. (A cash-out kind with an amount and a note,
// stored in columns that exist, as "Gas Bill" would be.)
const gasBill: KindDef = {
  kind: 'gasBillForTest',
  path: 'gasBillForTest',
  title: 'Gas Bill',
  group: 'cashOut',
  cash: { field: 'paid_amount', direction: -1 },
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

  it('has its create, list, dates and names routes, each in the authorization table', () => {
    const routes = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`);
    const rows = Object.keys(kindRows(testRegistry)).filter((r) => r.includes('gasBillForTest'));
    expect(rows.sort()).toEqual(['GET /api/gasBillForTest', 'GET /api/gasBillForTest/dates', 'GET /api/gasBillForTest/names', 'POST /api/gasBillForTest']);
    for (const r of rows) expect(routes).toContain(r);
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
});
