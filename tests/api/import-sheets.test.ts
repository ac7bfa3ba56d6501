import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/node';
import writeExcelFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks } from '../../src/server/modules/books/check.ts';
import { importOldSystem } from '../../src/server/modules/import/old-system.ts';
import { SHEET_LIMITS } from '../../src/server/modules/import/spreadsheet.ts';
import type { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

// Issue 30 item 2 (docs/decisions/0041): CSV and XLSX sheets read by the importer through the
// same checks as the old system's JSON; templates from the registry; every bad file refused by
// a coded line naming the file and row, with nothing written.

const actor = { id: 'cli:test', name: 'test' };
const folderWith = (files: Record<string, string | Uint8Array>) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-sheets-'));
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), body);
  return dir;
};

const PARTNERS_EN = `Category,Name,Father's Name,Mother's Name,Address,Contact Number,NID / Trade License,Assigned Salary,Note\r\nClient,Rubel Traders,Karim,Rahima,Dhaka,1711000001,123,N/A,\r\n`;
const WIRE_HEADER = ['Date', 'Name', 'Size', 'Weight (KG)', 'Rate (per KG)', 'Paid Amount', 'Discount', 'Note'];
const wireRow = (day: string, kg: string) => `${day},Rubel Traders,10,${kg},95,1000,0,sold`;

describe.each(dialects)('spreadsheets on %s', (dialect) => {
  let t: TestApp;
  let admin: Agent;
  let db: TestApp['app']['deps']['database']['db'];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.signedIn('admin')).agent;
    db = t.app.deps.database.db;
  });
  afterAll(async () => {
    await t.close();
  });

  const run = (folder: string, write = true) => importOldSystem(db, { folder, write, skipBadRows: false, timeZone: 'Asia/Dhaka', actor });
  const entries = async () => (await db.selectFrom('entries').select('id').execute()).length;

  it('templates come from the registry, in English or Bangla, for admins only; filled in, they come back as entries', async () => {
    const acc = (await t.signedIn('acounts')).agent;
    expect((await acc.get('/api/import/templates/mWireData.xlsx')).statusCode).toBe(403);
    expect((await admin.get('/api/import/templates/nothing.csv')).statusCode).toBe(404);
    expect((await admin.get('/api/import/templates/mWireData.pdf')).statusCode).toBe(400);

    const xlsx = await admin.get('/api/import/templates/mWireData.xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="mWireData.xlsx"');
    const [sheet] = await readXlsxFile(xlsx.rawPayload);
    expect(sheet!.data).toEqual([WIRE_HEADER]);
    const partners = await admin.get('/api/import/templates/partners.csv?lang=bn');
    expect(partners.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(partners.body).toMatch(/^\uFEFF"ধরন","নাম",/);
    // An account's opening balance asks for its account by name (decision 0041).
    expect((await admin.get('/api/import/templates/openingBalances.csv')).body).toBe('\uFEFF"Date","Amount","Note","Account"\r\n');

    // The accountant fills both in: the partners in Bangla (a Bangla category), the sales in the workbook.
    const filled = await writeExcelFile([
      {
        sheet: sheet!.sheet,
        data: [
          WIRE_HEADER.map((value) => ({ value })),
          [{ value: new Date('2024-03-05'), format: 'dd/mm/yyyy' }, ...['Rubel Traders', '10', 100.5, 95, 5000, 0, 'first'].map((value) => ({ value }))],
          ['6/3/2024', 'rubel  traders', '12', 10, 100, null, null, 'second'].map((value) => (value === null ? null : { value })),
        ],
      },
    ]).toBuffer();
    const folder = folderWith({
      'partners.csv': `${partners.body}"ক্রেতা","Rubel Traders","Karim","Rahima","Dhaka","1711000001","123","N/A",""\r\n`,
      'books.xlsx': filled,
    });
    const report = await run(folder);
    expect(report.lines).toEqual(['import: 3 imported, 0 already imported, 0 with problems']);
    const rows = await db.selectFrom('entries').selectAll().where('kind', '=', 'msWire').orderBy('id').execute();
    expect(rows.map((r) => [r.issue_date, r.name, r.weight_g, r.paid_amount_p, r.due_amount_p, r.note])).toEqual([
      ['2024-03-05', 'Rubel Traders', 100500, 500000, 454750, 'first'],
      ['2024-03-06', 'Rubel Traders', 10000, 0, 100000, 'second'],
    ]);
    expect(rows[0]!.import_key).toMatch(/^mWireData:sheet:[\w-]{24}$/);
    const partner = await db.selectFrom('partners').selectAll().executeTakeFirstOrThrow();
    expect([partner.catagories, partner.contact]).toEqual(['Client', '01711000001']);
    expect(await checkBooks(db)).toEqual([]);

    // The same files again: nothing new. A CSV that overlaps the workbook (its first row and one more): only the new row.
    expect((await run(folder)).lines).toEqual(['import: 0 to import, 3 already imported, 0 with problems']);
    const overlap = folderWith({
      'mWireData.csv': `${WIRE_HEADER.join(',')}\r\n2024-03-05,Rubel Traders,10,100.5,95,5000,0,first\r\n${wireRow('2024-03-07', '7')}\r\n`,
    });
    expect((await run(overlap)).lines).toEqual(['import: 1 imported, 1 already imported, 0 with problems']);
    expect(await entries()).toBe(3);
  });

  it('a row with a problem is named by file, row (1: the first data row) and column, with the API refusal; nothing is written', async () => {
    const before = await entries();
    const folder = folderWith({
      'partners.csv': PARTNERS_EN,
      'MS Wire.csv': `${WIRE_HEADER.join(',')}\r\n${wireRow('2024-04-01', '5')}\r\n\r\n${wireRow('2024-02-30', '-5')}\r\n`,
    });
    const report = await run(folder);
    expect(report.lines.slice(0, -1)).toEqual([
      'MS Wire.csv:3: weight: Weight (KG) cannot be negative',
      'MS Wire.csv:3: issue_date: "2024-02-30" is not a real date',
    ]);
    expect(report.lines.at(-1)).toMatch(/, 1 with problems$/);
    expect(report.exitCode).toBe(1);
    expect(await entries()).toBe(before);
  });

  describe('bad files: one coded line naming the file and row, nothing written, memory bounded', () => {
    const refusedWith = async (files: Record<string, string | Uint8Array>, line: string | RegExp) => {
      const before = await entries();
      const report = await run(folderWith(files));
      const problems = report.lines.slice(0, -1);
      expect(problems).toHaveLength(1);
      if (typeof line === 'string') expect(problems[0]).toBe(line);
      else expect(problems[0]).toMatch(line);
      expect(report.exitCode).toBe(1);
      expect(await entries()).toBe(before);
    };
    const workbook = (data: { value: unknown; type?: unknown; columnSpan?: number }[][]) =>
      writeExcelFile([{ sheet: 'mWireData', data: data as never }]).toBuffer();

    it('a PDF named .xlsx', async () => {
      await refusedWith(
        { 'mWireData.xlsx': '%PDF-1.7\n%âãÏÓ\n1 0 obj\n' },
        'mWireData.xlsx:0: (file): is not an Excel workbook (.xlsx): save it again as "Excel Workbook"',
      );
    });

    it('a zip bomb: the unpacked sizes the zip declares are checked before anything is inflated', async () => {
      const zip = zipSync({ 'xl/workbook.xml': new TextEncoder().encode('<workbook/>'), 'xl/worksheets/sheet1.xml': new Uint8Array(1000) });
      // Each entry of the central directory now says it unpacks to 200 MB.
      const view = new DataView(zip.buffer);
      for (let i = 0; i < zip.length - 4; i++) if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, 200 * 1024 * 1024, true);
      await refusedWith({ 'books.xlsx': zip }, 'books.xlsx:0: (file): would unpack to 400 MB, more than 40 MB: split it, or save it as CSV');
    });

    it('a 200 MB file', async () => {
      const folder = folderWith({});
      fs.writeFileSync(path.join(folder, 'mWireData.csv'), `${WIRE_HEADER.join(',')}\r\n`);
      fs.truncateSync(path.join(folder, 'mWireData.csv'), 200 * 1024 * 1024);
      const report = await run(folder);
      expect(report.lines).toEqual([
        'mWireData.csv:0: (file): the file is 200 MB; a CSV file may be at most 64 MB: split it',
        'import: 0 to import, 0 already imported, 1 with problems',
      ]);
      fs.rmSync(folder, { recursive: true });
    });

    it('a CSV in Windows-1252 is refused, not guessed', async () => {
      const text = Buffer.concat([
        Buffer.from(`${WIRE_HEADER.join(',')}\r\n2024-04-01,Rubel Traders,10,5,95,0,0,caf`),
        Buffer.from([0xe9]),
        Buffer.from('\r\n'),
      ]);
      await refusedWith(
        { 'partners.csv': PARTNERS_EN, 'mWireData.csv': text },
        'mWireData.csv:1: (file): is not UTF-8 text: save it again as "CSV UTF-8 (Comma delimited)"',
      );
    });

    it('a formula cell', async () => {
      const book = await workbook([
        WIRE_HEADER.map((value) => ({ value })),
        [
          { value: '2024-04-01' },
          { value: 'Rubel Traders' },
          { value: '10' },
          { value: 5 },
          { value: 95 },
          { value: '=D2*E2', type: 'Formula' },
          { value: 0 },
          { value: 'x' },
        ],
      ]);
      await refusedWith(
        { 'partners.csv': PARTNERS_EN, 'books.xlsx': book },
        'books.xlsx[mWireData]:1: F2: cell F2 is a formula: type its value instead (the books keep what the accountant sees)',
      );
    });

    it('merged header cells', async () => {
      const book = await workbook([
        [{ value: 'Date' }, { value: 'Name', columnSpan: 2 }, null, { value: 'Weight (KG)' }] as never,
        [{ value: '2024-04-01' }, { value: 'Rubel Traders' }, { value: '' }, { value: 5 }],
      ]);
      await refusedWith({ 'books.xlsx': book }, 'books.xlsx[mWireData]:0: (header): cells B1:C1 are merged: unmerge them, one header and one value to a cell');
    });

    it('a row with 500 columns', async () => {
      const wide = Array.from({ length: 500 }, (_, i) => String(i)).join(',');
      await refusedWith(
        { 'partners.csv': PARTNERS_EN, 'mWireData.csv': `${WIRE_HEADER.join(',')}\r\n${wide}\r\n` },
        `mWireData.csv:1: (row): has 500 columns; a sheet may have at most ${SHEET_LIMITS.columns}`,
      );
    });

    it('an unknown header, and a sheet named after nothing', async () => {
      await refusedWith(
        { 'mWireData.csv': 'Date,Name,Colour\r\n2024-04-01,Rubel Traders,red\r\n' },
        /^mWireData\.csv:0: C: "Colour" is not a column of mWireData; its columns: Date, Name, Size, Weight \(KG\), /,
      );
      await refusedWith(
        { 'khata.csv': 'Date\r\n' },
        /^khata\.csv:0: \(file\): "khata" is not a sheet the books know; name it after a template: userDetailsData, furnaceData, /,
      );
    });
  });
});
