import type { Readable } from 'node:stream';
import writeXlsxFile, { type Cell, type Row, type Sheet } from 'write-excel-file/node';
import { messages as en } from '../../../shared/messages.ts';
import { messages as bnMessages, terms } from '../../../shared/messages-bn.ts';
import { type DecimalUnit, toDecimal, units } from '../../../shared/money.ts';
import type { FieldDef, Registry } from '../../../shared/registry.ts';
import { TRANSFER_KIND, TRANSFER_TITLE } from '../../../shared/transfers.ts';
import type { Database } from '../../db/dialect.ts';
import * as repo from '../books/repository.ts';
import { readSnapshot } from './export.ts';

// GET /api/export.xlsx?from=&to= (admin, docs/decisions/0040): the accountant's workbook of a date
// range, one sheet per kind by the registry's fields (a transfer's sheet, and one for the entries
// the server writes), each entry of the range once: voided ones marked, reversals left out (the
// statements' rule). Figures are numbers (taka, kg) and days are dates, so the sheet adds up.
// In English or Bangla (`lang`): the catalogues' words (the registry's terms, the app's messages)
// and, for the few the app shows only on its accounts screen, the same Bangla here.

/** The workbook's words that no shared catalogue holds (the accounts screen's own, in its Bangla). */
const ownBangla: Record<string, string> = {
  Transfers: 'স্থানান্তরসমূহ',
  'From account': 'যে হিসাব থেকে',
  'To account': 'যে হিসাবে',
  Fee: 'চার্জ',
  Kind: 'ধরন',
  Voided: 'বাতিল',
  'Other entries': 'অন্যান্য এন্ট্রি',
};
/** The app's Bangla for its English words (the messages catalogue, keyed by the English text). */
const messageBangla = new Map<string, string>(Object.entries(en).map(([key, text]) => [text, bnMessages[key as keyof typeof en]]));

/** English text → the workbook's language. */
const wordsIn = (lang: 'en' | 'bn') => (text: string) =>
  lang === 'en' ? text : ((terms as Record<string, string>)[text] ?? messageBangla.get(text) ?? ownBangla[text] ?? text);

const MONEY = '#,##0.00';
const header = (titles: string[]): Row => titles.map((value) => ({ value, fontWeight: 'bold' }));
const day = (d: string): Cell => ({ value: new Date(`${d}T00:00:00.000Z`), type: Date, format: 'yyyy-mm-dd' });
const figure = (v: number | null, unit: DecimalUnit): Cell =>
  v === null ? null : { value: toDecimal(Number(v), unit), type: Number, format: unit.scale === 100 ? MONEY : '#,##0.000' };

/** A field's cell of a row: figures as numbers, the rest as text. */
function cell(f: FieldDef, row: Record<string, unknown>): Cell {
  const v = row[f.column] as number | string | null;
  if (f.input.type === 'decimal') return figure(v as number | null, units[f.input.unit]);
  if (f.input.type === 'computed') return figure(v as number | null, units.money);
  return v === null || v === undefined ? null : String(v);
}

export async function accountantWorkbook(
  database: Database,
  registry: Registry,
  range: { from: string; to: string },
  lang: 'en' | 'bn' = 'en',
): Promise<Readable> {
  const t = wordsIn(lang);
  const head = (titles: string[]) => header(titles.map(t));
  const sheets = await readSnapshot(database, async (db) => {
    const accounts = new Map((await db.selectFrom('money_accounts').select(['id', 'name']).execute()).map((a) => [Number(a.id), a.name]));
    const rowsOf = async (kinds: string[]) =>
      repo.withCurrentNames(
        db,
        await db
          .selectFrom('entries')
          .selectAll()
          .where('kind', 'in', kinds)
          .where('void_of', 'is', null)
          .where('issue_date', '>=', range.from)
          .where('issue_date', '<=', range.to)
          .orderBy('issue_date')
          .orderBy('id')
          .execute(),
      );
    const tail = (r: { account_id: number; issued_by: string; voided: number }): Row => [
      accounts.get(Number(r.account_id)) ?? null,
      r.issued_by,
      Number(r.voided) ? t(en.voidedWord) : null,
    ];
    const out: Sheet<never>[] = [];
    for (const kind of registry.kinds) {
      const rows = await rowsOf([kind.kind]);
      out.push({
        sheet: t(kind.title),
        data: [
          head([en.date, en.receiptNo, ...kind.fields.map((f) => f.label), en.account, en.issuedBy, 'Voided']),
          ...rows.map((r) => [day(r.issue_date), Number(r.id), ...kind.fields.map((f) => cell(f, r as unknown as Record<string, unknown>)), ...tail(r)]),
        ],
      });
    }
    const transfers = await rowsOf([TRANSFER_KIND]);
    out.push({
      sheet: t(`${TRANSFER_TITLE}s`),
      data: [
        head([en.date, en.receiptNo, 'From account', 'To account', en.amount, 'Fee', en.note, en.issuedBy, 'Voided']),
        ...transfers.map((r) => [
          day(r.issue_date),
          Number(r.id),
          accounts.get(Number(r.account_id)) ?? null,
          accounts.get(Number(r.to_account_id)) ?? null,
          figure(r.paid_amount_p, units.money),
          figure(0 - Number(r.cash_p), units.money),
          r.note,
          r.issued_by,
          Number(r.voided) ? t(en.voidedWord) : null,
        ]),
      ],
    });
    // What the server writes (a day close's difference, a returned cheque, an asset's sale): its title and money.
    const made = [...registry.serverKinds.map((k) => k.kind), ...registry.kinds.flatMap((k) => (k.lifecycle?.entry ? [k.lifecycle.entry.kind] : []))];
    const titleOf = (kind: string) => registry.server(kind)?.title ?? registry.madeBy(kind)?.lifecycle.entry.title ?? kind;
    out.push({
      sheet: t('Other entries'),
      data: [
        head([en.date, en.receiptNo, 'Kind', en.name, en.amount, en.note, en.account, en.issuedBy, 'Voided']),
        ...(await rowsOf(made)).map((r) => [
          day(r.issue_date),
          Number(r.id),
          t(titleOf(r.kind)),
          r.name,
          figure(Number(r.cash_p), units.money),
          r.note,
          ...tail(r),
        ]),
      ],
    });
    return out;
  });
  // Called without a stream to write to, it gives its own to read (the types list both forms as one).
  const toStream = writeXlsxFile(sheets).toStream as () => Promise<Readable>;
  return toStream();
}
