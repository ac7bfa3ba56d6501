import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkBooks } from '../../src/server/modules/books/check.ts';
import type { ImportReportAnswer } from '../../src/shared/import-api.ts';
import type { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { type Part, folderParts, upload } from '../helpers/multipart.ts';

// Issue 30 item 6: the old system's import through the web (docs/decisions/0039). The sample
// export (tests/fixtures/old-system) uploaded as the page sends it: a dry run, the import refused
// while rows have problems, the good rows imported as one batch that the header and another
// instance see at once, the same files again bringing nothing new, and the batch voided.

const SAMPLE = path.join(import.meta.dirname, '../fixtures/old-system');
const sample = folderParts(SAMPLE);

const skip: Part = { name: 'skip_bad_rows', content: 'true', file: false };
const reportOf = (res: { json(): unknown }) => (res.json() as { data: ImportReportAnswer }).data;
const uploadsLeft = () => fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('ama-import-')).length;

// Uploads are unpacked under the system's temporary folder, which other test files running at the
// same time use too: this file gives its server one of its own, so what is left there is its own.
const systemTmp = process.env.TMPDIR;
beforeAll(() => {
  process.env.TMPDIR = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-web-tests-'));
});
afterAll(() => {
  const own = os.tmpdir();
  if (systemTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = systemTmp;
  fs.rmSync(own, { recursive: true, force: true });
});

describe.each(dialects)('the import on the web on %s', (dialect) => {
  let t: TestApp;
  let admin: Agent;
  const count = async (table: 'entries' | 'partners' | 'import_batches') =>
    Number(
      (
        await t.app.deps.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const written = async () => [await count('entries'), await count('partners'), await count('import_batches')];
  beforeEach(async () => {
    t = await createTestApp(dialect);
    admin = (await t.signedIn('admin', 'Web Admin')).agent;
  });
  afterEach(async () => {
    await t.close();
  });

  it('a dry run reports each problem and note by file, row, column and value, counts, and writes nothing', async () => {
    const before = uploadsLeft();
    const res = await upload(admin, '/api/import/dry-run', sample);
    expect(res.statusCode, res.body).toBe(200);
    const report = reportOf(res);
    expect(report).toMatchObject({
      to_import: 81,
      already_imported: 0,
      with_problems: 4,
      imported: 0,
      batch_id: null,
      rows_left_off: 0,
      dashboard_differs: true,
    });
    expect(report.rows.filter((r) => r.kind === 'problem').map((r) => [r.file, r.row, r.column, r.value, r.code])).toEqual([
      ['mWireData.json', 6, 'name', 'Nobody Known Here', 'import_partner_unknown'],
      ['giWireData.json', 6, 'weight', '-5', 'field_negative'],
      ['investorData.json', 4, 'paid_amount', 'abc', expect.any(String)],
      ['powderCost.json', 6, 'issue_date', '2024-02-30', 'import_date_not_real'],
    ]);
    expect(report.rows[0]?.message).toBe(
      '"Nobody Known Here" matches no Client on the partner list; the closest: Nasir Wire Mart, Rubel Traders, Sumon Enterprise',
    );
    expect(report.rows.filter((r) => r.kind === 'note').map((r) => [r.file, r.row, r.column, r.code])).toEqual([
      ['acidCost.json', 5, '_id', 'import_note_duplicate'],
      ['dashboard.json', 1, 'wire_stock', 'import_note_dashboard'],
      ['dashboard.json', 1, 'current_balance', 'import_note_dashboard'],
    ]);
    expect(await written()).toEqual([0, 0, 0]);
    // The upload's folder is gone.
    expect(uploadsLeft()).toBe(before);
  });

  it('refuses the import while rows have problems (422, the report, nothing written); imports the good rows as one batch the header and another instance see at once', async () => {
    const refused = await upload(admin, '/api/import', sample);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'import_problems', params: { count: 4 } });
    expect(reportOf(refused)).toMatchObject({ to_import: 81, with_problems: 4, imported: 0, batch_id: null });
    expect(await written()).toEqual([0, 0, 0]);

    // The header is read (and kept, on SQLite) before the import: it must not keep the old answer.
    // Another instance (PostgreSQL: SQLite has one server per data folder, its lock) reads it too.
    expect((await admin.get('/api/dashboard')).json().data).toMatchObject({ wire_stock: 0, current_balance: 0 });
    const other = dialect === 'postgres' ? await t.secondInstance(admin) : null;
    try {
      if (other) expect((await other.agent.get('/api/dashboard')).json().data).toMatchObject({ wire_stock: 0, current_balance: 0 });
      const done = await upload(admin, '/api/import', [...sample, skip]);
      expect(done.statusCode, done.body).toBe(200);
      const report = reportOf(done);
      expect(report).toMatchObject({ to_import: 81, already_imported: 0, with_problems: 4, imported: 81 });
      expect(report.batch_id).toEqual(expect.any(Number));
      expect(await written()).toEqual([60, 19, 1]);
      expect(await checkBooks(t.app.deps.database.db)).toEqual([]);
      // The header's figures are the imported entries' (the old dashboard's notes say the same figures).
      const header = { wire_stock: 61920.75, current_balance: 122064 };
      expect((await admin.get('/api/dashboard')).json().data).toMatchObject(header);
      expect((await admin.get('/api/userDetailsData')).json().data).toHaveLength(19);
      if (other) {
        expect((await other.agent.get('/api/dashboard')).json().data).toMatchObject(header);
        expect((await other.agent.get('/api/userDetailsData')).json().data).toHaveLength(19);
      }
    } finally {
      await other?.close();
    }

    const batches = (await admin.get('/api/import/batches')).json().data;
    expect(batches).toEqual([
      expect.objectContaining({ id: expect.any(Number), created_by: 'Web Admin', partners: 19, entries: 59, users: 3, voided_at: null }),
    ]);
    expect(batches[0].source).toMatch(/^web: userDetailsData\.json|web: .*mWireData\.json/);

    // The same files again: nothing new, no batch.
    const again = await upload(admin, '/api/import', [...sample, skip]);
    expect(again.statusCode, again.body).toBe(200);
    expect(reportOf(again)).toMatchObject({ to_import: 0, already_imported: 81, with_problems: 4, imported: 0, batch_id: null });
    expect(await written()).toEqual([60, 19, 1]);
  });

  it('voids a batch with a reason: the header back to nothing, the batch marked; again, or without a reason, refused', async () => {
    const done = reportOf(await upload(admin, '/api/import', [...sample, skip]));
    const id = done.batch_id as number;
    const noReason = await admin.post(`/api/import/batches/${id}/void`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toMatchObject({ code: 'reason_required', field: 'reason' });
    const voided = await admin.post(`/api/import/batches/${id}/void`, { reason: 'wrong export' });
    expect(voided.statusCode, voided.body).toBe(200);
    // 59 entries and the asset's sale.
    expect(voided.json().data).toEqual({ voided: 60 });
    expect((await admin.get('/api/dashboard')).json().data).toMatchObject({ wire_stock: 0, current_balance: 0 });
    expect((await admin.get('/api/import/batches')).json().data[0]).toMatchObject({ id, voided_by: 'Web Admin', void_reason: 'wrong export' });
    const twice = await admin.post(`/api/import/batches/${id}/void`, { reason: 'again' });
    expect([twice.statusCode, twice.json().error.code]).toEqual([409, 'import_batch_voided']);
    const none = await admin.post('/api/import/batches/999999/void', { reason: 'none such' });
    expect([none.statusCode, none.json().error.code]).toEqual([404, 'import_batch_not_found']);
  });

  it("books the old dashboard's difference with the reason sent, on the dry run's word; a reason too long is refused, nothing written", async () => {
    const reason = (text: string): Part => ({ name: 'dashboard_reason', content: text, file: false });
    const tooLong = await upload(admin, '/api/import', [...sample, skip, reason('x'.repeat(501))]);
    expect([tooLong.statusCode, tooLong.json().error.code, tooLong.json().error.field]).toEqual([400, 'field_too_long', 'dashboard_reason']);
    expect(await written()).toEqual([0, 0, 0]);
    const dry = reportOf(await upload(admin, '/api/import/dry-run', [...sample, reason('old dashboard at the cut-over')]));
    expect(dry.rows.filter((r) => r.code === 'import_note_dashboard_booked').map((r) => r.message)).toEqual([
      'note: the difference goes in as an opening adjustment (Add 37.5 kg)',
      'note: the difference goes in as an opening adjustment (Take away 1,234.50 taka)',
    ]);
    expect(await written()).toEqual([0, 0, 0]);
    const done = await upload(admin, '/api/import', [...sample, skip, reason('old dashboard at the cut-over')]);
    expect(done.statusCode, done.body).toBe(200);
    expect((await admin.get('/api/dashboard')).json().data).toMatchObject({ wire_stock: 61958.25, current_balance: 120829.5 });
  });

  it('speaks the report in the reader’s language', async () => {
    const { agent, user } = await t.signedIn('admin');
    await t.app.deps.database.db.updateTable('user').set({ lang: 'bn' }).where('id', '=', user.id).execute();
    const report = reportOf(await upload(agent, '/api/import/dry-run', sample));
    expect(report.rows[0]).toMatchObject({ code: 'import_partner_unknown', params: { value: '"Nobody Known Here"', category: 'Client' } });
    expect(report.rows[0]?.message).toMatch(/^অংশীদারের তালিকায় "Nobody Known Here" নামে কোনো .+ নেই; কাছাকাছি নাম: /);
    expect(report.rows[0]?.message).not.toContain('Client');
  });

  it('takes spreadsheets made from the templates too: the partners and the sales as CSV, a dry run, then the import', async () => {
    const partners = await admin.get('/api/import/templates/partners.csv');
    const sales = await admin.get('/api/import/templates/mWireData.csv');
    expect([partners.statusCode, sales.statusCode]).toEqual([200, 200]);
    const header = (csv: string) =>
      csv
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split(',')
        .map((h) => h.replace(/"/g, ''));
    const sale = Object.fromEntries(header(sales.body).map((h) => [h, '']));
    Object.assign(sale, {
      Date: '2024-03-05',
      Name: 'Sheet Client',
      Size: '10',
      'Weight (KG)': '100',
      'Rate (per KG)': '95',
      'Paid Amount': '1000',
      Discount: '0',
      Note: 'from a sheet',
    });
    const files: Part[] = [
      { name: 'partners.csv', content: `${partners.body}Client,Sheet Client,Karim,Rahima,Dhaka,1711000009,123,N/A,\r\n` },
      { name: 'mWireData.csv', content: `${sales.body}${Object.values(sale).join(',')}\r\n` },
    ];
    // A sheet named after nothing the books know is a problem of its own, by its file (never passed over).
    const misnamed = reportOf(await upload(admin, '/api/import/dry-run', [files[0]!, { ...files[1]!, name: 'MS Wire sales.csv' }]));
    expect(misnamed.rows.filter((r) => r.kind === 'problem').map((r) => [r.file, r.code])).toEqual([['MS Wire sales.csv', 'import_unknown_sheet']]);
    const dry = await upload(admin, '/api/import/dry-run', files);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(reportOf(dry)).toMatchObject({ to_import: 2, with_problems: 0 });
    const done = await upload(admin, '/api/import', files);
    expect(done.statusCode, done.body).toBe(200);
    expect(reportOf(done)).toMatchObject({ imported: 2, with_problems: 0 });
    expect(await written()).toEqual([1, 1, 1]);
    expect(await checkBooks(t.app.deps.database.db)).toEqual([]);
  });

  it('refuses a file too big, an unknown file name, a file twice, no files, JSON, and anyone but an admin, naming the file; nothing written', async () => {
    const before = uploadsLeft();
    const refusals: [Part[], number, string, Record<string, unknown>?][] = [
      [[...sample, { name: 'README.md', content: '# notes' }], 400, 'import_file_unknown', { file: 'README.md' }],
      [[{ name: '../../etc/passwd', content: 'root' }], 400, 'import_file_unknown', { file: 'passwd' }],
      [[{ name: 'users.json', content: '{"users": [' }], 400, 'import_file_not_json', { file: 'users.json' }],
      [[{ name: 'users.json', content: 'x'.repeat(9 * 1024 * 1024) }], 413, 'import_file_too_large', { file: 'users.json', limit: 8 }],
      [[sample[0]!, sample[0]!], 400, 'import_file_twice', { file: sample[0]!.name }],
      [[{ name: 'nothing', content: 'x', file: false }], 400, 'not_a_field'],
      [[], 400, 'import_no_files'],
    ];
    for (const [parts, status, code, params] of refusals) {
      const res = await upload(admin, '/api/import', parts);
      expect([res.statusCode, res.json().error.code], `${code}: ${res.body.slice(0, 200)}`).toEqual([status, code]);
      if (params) expect(res.json().error.params).toEqual(params);
    }
    // A 65 MB collection file: refused as it streams, by name.
    const big = await upload(admin, '/api/import/dry-run', [{ name: 'mWireData.json', content: Buffer.alloc(65 * 1024 * 1024, 32) }]);
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toMatchObject({ code: 'import_file_too_large', params: { file: 'mWireData.json', limit: 64 }, field: 'files' });
    const json = await admin.post('/api/import/dry-run', { files: [] });
    expect([json.statusCode, json.json().error.code]).toEqual([415, 'import_not_multipart']);
    const { agent: acounts } = await t.signedIn('acounts');
    expect((await upload(acounts, '/api/import', [...sample, skip])).statusCode).toBe(403);
    expect((await acounts.get('/api/import/batches')).statusCode).toBe(403);
    expect(await written()).toEqual([0, 0, 0]);
    expect(uploadsLeft()).toBe(before);
  });
});
