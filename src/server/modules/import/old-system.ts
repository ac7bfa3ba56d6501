import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { resetRequestSchema } from '../../../shared/auth-schemas.ts';
import { CASH_ACCOUNT_ID } from '../../../shared/accounts.ts';
import { todayIn } from '../../../shared/dates.ts';
import { DASHBOARD_NOTE } from '../../../shared/import-api.ts';
import { entryInputSchema, lifecycleSchema, partnerSchema } from '../../../shared/entry-schemas.ts';
import { formatAmount, formatKg, toFixedText, units, type DecimalUnit } from '../../../shared/money.ts';
import { cleanName, partnerNameKey } from '../../../shared/partner-names.ts';
import { type RefusalCode, type RefusalParams, readSpoken, refusalText, speakingCodes } from '../../../shared/refusals.ts';
import {
  type KindDef,
  PARTNER_COLLECTION,
  type Registry,
  inputFields,
  oldSpellings,
  partnerFields,
  registry as appRegistry,
} from '../../../shared/registry.ts';
import { type Role, roles } from '../../../shared/roles.ts';
import { recordAudit } from '../../audit.ts';
import type { DB } from '../../db/schema.ts';
import { writeTransaction } from '../../db/write.ts';
import { HttpError } from '../../http/validate.ts';
import { type ClosedDays, type DayMove, closedDays, closedRefusal, movesMoney } from '../books/closed-days.ts';
import { buildEntryRow } from '../books/entries.ts';
import { emptyEntry } from '../books/context.ts';
import * as repo from '../books/repository.ts';
import { type Document, readDocuments } from './documents.ts';
import { accountsByName } from './accounts.ts';
import { collectingEvery } from './memory.ts';
import { folderSheets } from './spreadsheet.ts';
import { nativeBooks } from './native.ts';

// `npm run cli -- import <folder>`: the old system's mongoexport (docs/decisions/0030). Every row
// is read and checked as the API checks it (the registry's schemas, its pricing, the partner-name
// rules) into a plan; the plan is written as one batch only when no row has a problem (or the
// admin skips the bad rows). Partners come first, then each kind's collection, then the people.

/** Whoever runs the import: stamped on the batch, its audit line and the entries' author. */
export interface ImportActor {
  id: string;
  name: string;
}

/** A person of the old system, to be made a verified account without a password. */
export interface OldAccount {
  email: string;
  name: string;
  role: Role;
  /** Their Google account id (Firebase's google.com rawId), when they signed in with Google. */
  google: string | null;
}

/** Where accounts are (better-auth's tables): the CLI passes its own; without it people are not imported. */
export interface Accounts {
  exists(email: string): Promise<boolean>;
  create(account: OldAccount): Promise<void>;
}

export interface ImportOptions {
  folder: string;
  /** False: a dry run, nothing written. */
  write: boolean;
  /** Write the good rows even when some have problems. */
  skipBadRows: boolean;
  timeZone: string;
  actor: ImportActor;
  registry?: Registry;
  accounts?: Accounts;
  /** Each line as it is said (the command line prints them at once); without it they are collected in the report. */
  onLine?: (line: string) => void;
  /** Each problem and note as data too (the web's report, in the reader's language): said with its line. */
  onProblem?: (problem: ImportProblem) => void;
  /** What the batch records as its source (default: the folder's full path). */
  source?: string;
  /**
   * The reason to book the old dashboard's difference from the imported entries as opening
   * adjustments (money in Cash in hand, wire stock), dated the day of the import; without it the
   * difference is only reported.
   */
  dashboardReason?: string;
}

/** A problem or note of the report as data: where, the value as read (when known), and its coded refusal. */
export interface ImportProblem {
  file: string;
  row: number;
  column: string;
  value: string | null;
  code: RefusalCode;
  params: RefusalParams;
  kind: 'problem' | 'note';
}

export interface ImportReport {
  /** Problems and notes, `<file>:<row>: <column>: <message>`, then the count line (none given to `onLine`). */
  lines: string[];
  toImport: number;
  already: number;
  problems: number;
  batchId: number | null;
  exitCode: 0 | 1;
}

/** Who wrote an old record that does not say (issued_by missing or null). */
export const OLD_SYSTEM_NAME = 'Old system';
const DOCUMENT = '(document)';
/** Fields of an old document that are not part of the record (Mongoose's) or that the importer reads itself. */
const NOT_COMPARED = new Set(['_id', '__v', 'createdAt', 'updatedAt']);

interface PartyRef {
  id: number | null;
  name: string;
  category: string;
  key: string;
}

interface PlannedPartner {
  ref: PartyRef;
  importKey: string;
  columns: Record<string, string | null>;
}

interface PlannedEntry {
  kind: KindDef;
  row: repo.NewEntry;
  party: PartyRef | null;
  /** An asset sold in the old system: the sale's own entry (money in), written after the asset. */
  sale: repo.NewEntry | null;
}

/** A schema's parse as far as its problems go. */
type Parse = { success: true } | { success: false; error: { issues: readonly { message: string; path: readonly PropertyKey[] }[] } };

const fileOf = (collection: string) => `${collection}.json`;

/** Float noise (2981.0000000001, 2.2e-12) is taken to the unit's last digit when it is that close to it; anything else goes to the schema as it is. */
function exactFigure(value: unknown, unit: DecimalUnit): unknown {
  const decimals = unit.decimals;
  const read = (n: number) => {
    const scaled = n * 10 ** decimals;
    const nearest = Math.round(scaled);
    return Math.abs(scaled - nearest) < 1e-4 ? toFixedText(nearest, decimals) : n;
  };
  if (typeof value === 'number' && Number.isFinite(value)) return read(value);
  if (typeof value === 'string' && /^\s*\d+\.\d+\s*$/.test(value) && value.trim().split('.')[1]!.length > decimals) return read(Number(value));
  return value;
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A number where the spec has text is the number's text. */
const asText = (v: unknown) => (typeof v === 'number' ? String(v) : v);

/** A phone number as Bangladesh writes it: the leading 0 a number lost, the country code +880 taken off. */
export function oldContact(v: unknown): unknown {
  const text = typeof v === 'number' ? String(v) : v;
  if (typeof text !== 'string') return text;
  const digits = text.trim().replace(/^\+?880(?=1\d{9}$)/, '0');
  return /^1\d{9}$/.test(digits) ? `0${digits}` : digits;
}

const realDay = (y: number, m: number, d: number) => {
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
};
const pad = (n: number) => String(n).padStart(2, '0');

/** An old date (`2024-10-11`, `2024-3-5`, an ISO time, `{"$date": …}`) as the business day in the time zone, or why not. */
export function oldDay(value: unknown, timeZone: string): { day: string } | { code: RefusalCode; params: RefusalParams } {
  // Quoted: a day's text as a refusal's param would be written as people read it ("1 March 2024").
  const shown = JSON.stringify(value instanceof Date ? (Number.isNaN(value.getTime()) ? 'an invalid $date' : value.toISOString()) : String(value));
  const notReal = { code: 'import_date_not_real' as const, params: { value: shown } };
  if (isBlank(value)) return { code: 'field_required', params: { field: 'issue_date' } };
  let moment: Date | undefined;
  if (value instanceof Date) moment = value;
  else if (typeof value === 'number') moment = new Date(value);
  else if (typeof value === 'string') {
    const text = value.trim();
    const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(T.*)?$/.exec(text);
    if (!m) return { code: 'import_not_date', params: { value: shown } };
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (!realDay(y, mo, d)) return notReal;
    if (!m[4]) return { day: `${y}-${pad(mo)}-${pad(d)}` };
    moment = new Date(text);
  }
  if (!moment) return { code: 'import_not_date', params: { value: shown } };
  if (Number.isNaN(moment.getTime())) return notReal;
  return { day: todayIn(timeZone, moment) };
}

/** Edit distance, for the closest names offered when a name matches no partner. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/** A value of an old document as it was read (extended JSON's dates as ISO times), for the report. */
function shownValue(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The flag of an old lifecycle (`true`, `"true"`). */
const oldFlag = (v: unknown) => v === true || (typeof v === 'string' && v.trim().toLowerCase() === 'true');

export async function importOldSystem(db: Kysely<DB>, options: ImportOptions): Promise<ImportReport> {
  const registry = options.registry ?? appRegistry;
  const lines: string[] = [];
  const emit = options.onLine ?? ((line: string) => void lines.push(line));
  let toImport = 0;
  let already = 0;
  let problems = 0;
  // Lines are said once, on the first reading; `said` counts them on either (a row's problems).
  let quiet = false;
  let said = 0;
  // The document being read (`documents`), for the value of a problem's column.
  let reading: Record<string, unknown> | null = null;
  const sayLine = (text: string, file: string, row: number, column: string, code: RefusalCode, params: RefusalParams) => {
    said++;
    if (quiet) return;
    emit(text);
    const value = column === DOCUMENT ? undefined : reading?.[column];
    options.onProblem?.({ file, row, column, value: shownValue(value), code, params, kind: code.startsWith('import_note') ? 'note' : 'problem' });
  };
  const say = (file: string, row: number, column: string, code: RefusalCode, params: RefusalParams = {}) =>
    sayLine(`${file}:${row}: ${column}: ${refusalText(code, params)}`, file, row, column, code, params);
  const problem = say;
  /** Each issue of a schema's parse as a line (in `column`, else the issue's field); true when there were any. */
  const schemaProblems = (file: string, row: number, result: Parse, column?: string) => {
    if (result.success) return false;
    for (const issue of result.error.issues) {
      const spoken = readSpoken(issue.message);
      const where = column ?? String(issue.path[0] ?? DOCUMENT);
      if (spoken) say(file, row, where, spoken.code, spoken.params);
      else sayLine(`${file}:${row}: ${where}: ${issue.message}`, file, row, where, 'field_invalid', { field: where });
    }
    return true;
  };
  // [sheets] A collection's documents come from its JSON file and then from every CSV file and
  // workbook sheet that fills it (spreadsheet.ts); a document not from the JSON names its `file`.
  const sheets = folderSheets(options.folder, registry);
  const collect = collectingEvery(5_000);
  async function* documents(collection: string): AsyncGenerator<Document> {
    const file = path.join(options.folder, fileOf(collection));
    const sources = [...(fs.existsSync(file) ? [readDocuments(file)] : []), sheets.documents(collection)];
    for (const source of sources)
      for await (const d of source) {
        reading = 'doc' in d ? d.doc : null;
        collect();
        yield d;
      }
  }
  /** A document that is not one: its source's coded refusal (a spreadsheet's), or JSON that does not parse. */
  const documentProblem = (file: string, d: Extract<Document, { error: string }>) =>
    d.refusal
      ? problem(d.file ?? file, d.row, d.refusal.column, d.refusal.code, d.refusal.params)
      : problem(d.file ?? file, d.row, DOCUMENT, 'import_not_document', { reason: d.error });
  for await (const d of sheets.unplaced()) {
    problems++;
    if ('error' in d) documentProblem(String(d.file), d);
  }
  // [/sheets]

  // Partners: every one typed in or imported before, by category and name key.
  const parties = new Map<string, PartyRef[]>();
  const addParty = (ref: PartyRef) => parties.set(ref.key, [...(parties.get(ref.key) ?? []), ref]);
  const known = await db.selectFrom('partners').select(['id', 'name', 'catagories', 'name_key', 'import_key']).execute();
  const keptPartners = new Map<string, PartyRef>();
  for (const p of known) {
    const ref = { id: Number(p.id), name: p.name, category: p.catagories, key: p.name_key };
    addParty(ref);
    if (p.import_key) keptPartners.set(p.import_key, ref);
  }
  const newPartners: PlannedPartner[] = [];
  const partnerRows = new Map<string, number>();
  for await (const d of documents(PARTNER_COLLECTION)) {
    const partnerFile = d.file ?? fileOf(PARTNER_COLLECTION); // [sheets]
    if ('error' in d) {
      problems++;
      documentProblem(partnerFile, d); // [sheets]
      continue;
    }
    const importKey = `${PARTNER_COLLECTION}:${String(d.doc._id)}`;
    const input = Object.fromEntries(partnerFields.map((f) => [f.name, f.numeric ? oldContact(d.doc[f.name]) : asText(d.doc[f.name])]));
    const parsed = speakingCodes(() => partnerSchema.safeParse(input));
    if (schemaProblems(partnerFile, d.row, parsed) || !parsed.success) {
      problems++;
      continue;
    }
    const columns = Object.fromEntries(partnerFields.map((f) => [f.column, (parsed.data[f.name] as string | undefined) ?? null]));
    const ref: PartyRef = { id: null, name: String(columns.name), category: String(columns.catagories), key: partnerNameKey(String(columns.name)) };
    const twin = (parties.get(ref.key) ?? []).find((p) => p.category === ref.category);
    const sameFileRow = partnerRows.get(`${ref.category}\u0000${ref.key}`);
    const kept = keptPartners.get(importKey);
    if (kept || (twin && sameFileRow === undefined)) {
      // Imported before (perhaps renamed since: the old name still finds it), or typed in already under that name: the same partner.
      already++;
      if (kept && !twin) addParty({ ...kept, key: ref.key });
      continue;
    }
    if (sameFileRow !== undefined) {
      problems++;
      problem(partnerFile, d.row, 'name', 'import_partner_twice', { category: ref.category, value: JSON.stringify(ref.name), row: sameFileRow });
      continue;
    }
    partnerRows.set(`${ref.category}\u0000${ref.key}`, d.row);
    addParty(ref);
    newPartners.push({ ref, importKey, columns });
    toImport++;
  }

  // Entries, kind by kind: each collection is the kind's path.
  const keptEntries = new Set(
    (await db.selectFrom('entries').select('import_key').where('import_key', 'is not', null).execute()).map((r) => String(r.import_key)),
  );
  // [export] Our books' own export (native.ts, decision 0040): accounts, transfers, the entries
  // the server wrote, cheques, day closes; and each entry document's own part, in the pass below.
  // A new row's money on or before a day its account has closed is a problem, as when typed
  // (decision 0032); read again under the write's lock, where a close since is `import_changed`.
  const closed = await closedDays(db);
  const refuseClosed = (file: string, row: number, column: string, move: DayMove) => {
    const refusal = closedRefusal(closed, move);
    if (refusal) problem(file, row, column, 'day_closed', refusal.refusal.params ?? {});
  };
  const native = nativeBooks(db, { registry, documents, day: (v) => oldDay(v, options.timeZone), say: problem, closed: refuseClosed });
  const nativeCounts = await native.plan();
  toImport += nativeCounts.toImport;
  already += nativeCounts.already;
  problems += nativeCounts.problems;
  let newEntries = 0;
  const accountOf = await accountsByName(db); // [sheets]
  const imported = { cash: 0, stock: 0 };
  const now = new Date().toISOString();
  // Read twice, never held whole: once to check and count (and print), and, when it is written,
  // again inside the write's transaction, each new row handed to `write` as it comes.
  const entryPass = async (write?: (e: PlannedEntry) => Promise<void>) => {
    quiet = write !== undefined;
    for (const kind of registry.kinds) {
      const jsonFile = fileOf(kind.path); // [sheets]
      const fields = inputFields(kind);
      const partyField = fields.find((f) => f.input.type === 'party');
      const schema = entryInputSchema(kind);
      const seen = new Map<string, number>();
      for await (const d of documents(kind.path)) {
        const file = d.file ?? jsonFile; // [sheets]
        if ('error' in d) {
          if (!quiet) problems++;
          documentProblem(file, d); // [sheets]
          continue;
        }
        const doc = d.doc;
        const before = said;
        const input: Record<string, unknown> = {};
        for (const f of fields) {
          const raw = doc[f.name];
          if (f.input.type === 'decimal') input[f.name] = isBlank(raw) && f.input.unit === 'money' ? '0' : exactFigure(raw, units[f.input.unit]);
          else if (f.input.type === 'choice') {
            const text = asText(raw);
            input[f.name] = typeof text === 'string' ? (oldSpellings[text.trim()] ?? text.trim()) : text;
          } else input[f.name] = asText(raw);
        }
        const parsed = speakingCodes(() => schema.safeParse(input));
        schemaProblems(file, d.row, parsed);
        const day = oldDay(doc.issue_date, options.timeZone);
        if ('code' in day) problem(file, d.row, 'issue_date', day.code, day.params);
        let party: PartyRef | null = null;
        const typedName = partyField ? input[partyField.name] : undefined;
        if (partyField?.input.type === 'party' && typeof typedName === 'string' && typedName.trim() !== '') {
          const categories: readonly string[] = partyField.input.categories;
          const name = typedName;
          const found = (parties.get(partnerNameKey(name)) ?? []).filter((p) => categories.includes(p.category));
          const preferred = found.length > 1 ? found.filter((p) => p.category === kind.oldSystem?.prefer) : found;
          if (preferred.length === 1) party = preferred[0]!;
          else if (found.length > 1) problem(file, d.row, partyField.name, 'partner_ambiguous', { count: found.length });
          else {
            const key = partnerNameKey(name);
            const closest = [...parties.values()]
              .flat()
              .filter((p) => categories.includes(p.category))
              .map((p) => ({ name: p.name, d: distance(key, p.key) }))
              .sort((a, b) => a.d - b.d || a.name.localeCompare(b.name))
              .slice(0, 3)
              .map((p) => p.name);
            const category = categories.length > 2 ? 'partner' : categories.join(' or ');
            problem(file, d.row, partyField.name, 'import_partner_unknown', {
              value: JSON.stringify(cleanName(name)),
              category,
              closest: closest.join(', ') || '-',
            });
          }
        }
        // What a kind's lifecycle had come to: a fire ended (its note), an asset sold (its amount).
        const l = kind.lifecycle;
        let lifecycle: Record<string, unknown> | null = null;
        if (l && oldFlag(doc[l.status]) && !(l.action === 'sell' && isBlank(doc[l.value.name]))) {
          const value = l.action === 'sell' ? exactFigure(doc[l.value.name], units.money) : asText(doc[l.value.name]);
          if (l.action === 'end' && isBlank(value)) lifecycle = { [l.value.name]: null };
          else {
            const done = speakingCodes(() => lifecycleSchema(kind).safeParse({ [l.value.name]: value }));
            if (!schemaProblems(file, d.row, done) && done.success) lifecycle = done.data;
          }
        }
        // [sheets] A sheet's Account column: the money account by name (blank or absent: Cash in hand).
        const account = kind.cash && !isBlank(doc.account) ? accountOf(doc.account) : undefined;
        if (account && 'code' in account) problem(file, d.row, 'account', account.code, account.params);
        const importKey = `${kind.path}:${String(doc._id)}`;
        native.checkEntry(file, d.row, importKey, doc, kind.cash !== undefined); // [export]
        if (!('code' in day) && !keptEntries.has(importKey)) {
          const accounts = native.isNative(doc) ? native.accountsOf(doc) : { account_id: account && 'id' in account ? account.id : CASH_ACCOUNT_ID };
          if (movesMoney(registry, kind.kind)) refuseClosed(file, d.row, 'issue_date', { issue_date: day.day, ...accounts });
          // An old asset's sale comes in as its own entry, into Cash in hand on the asset's day (below).
          if (l?.entry && lifecycle && typeof lifecycle[l.value.name] === 'number' && !native.isNative(doc))
            refuseClosed(file, d.row, l.value.name, { issue_date: day.day, account_id: CASH_ACCOUNT_ID });
        }
        if (said > before || !parsed.success || 'code' in day) {
          if (!quiet) problems++;
          continue;
        }
        const issuedBy = typeof doc.issued_by === 'string' && doc.issued_by.trim() !== '' ? cleanName(doc.issued_by) : OLD_SYSTEM_NAME;
        const row = buildEntryRow(kind, parsed.data, party && { id: party.id ?? 0, name: party.name }, {
          issue_date: day.day,
          issued_by: issuedBy,
          author_id: options.actor.id,
          created_at: now,
          idempotency_key: null,
        });
        if (account && 'id' in account) row.account_id = account.id; // [sheets]
        // Every row of the plan has the same columns (one insert statement for many rows).
        Object.assign(row, { fire_status: 0, sold_status: 0, import_key: null, import_batch: null });
        let sale: repo.NewEntry | null = null;
        if (l && lifecycle) {
          const value = lifecycle[l.value.name] as string | number | null;
          Object.assign(row, { [l.status]: 1, [l.value.column]: value });
          // [export] Our own export brings its sales in their own collection, each on its own day.
          if (l.entry && typeof value === 'number' && !native.isNative(doc)) {
            // The old system kept no day of the sale: it is put on the asset's own day.
            sale = Object.assign(emptyEntry(), {
              kind: l.entry.kind,
              issue_date: row.issue_date,
              issued_by: issuedBy,
              author_id: options.actor.id,
              created_at: now,
              name: row.name,
              [l.entry.amount]: value,
              cash_p: value,
              fire_status: 0,
              sold_status: 0,
              import_key: null,
              import_batch: null,
            });
          }
        }
        if (!quiet) {
          imported.cash += row.cash_p + (sale?.cash_p ?? 0);
          imported.stock += row.stock_g;
        }
        // The old totals are the old system's arithmetic: ours is recomputed; a difference over a poisha is a note.
        for (const f of kind.fields) {
          if (f.input.type !== 'computed') continue;
          const old = exactFigure(doc[f.name], units.money);
          const ours = Number(row[f.column]);
          const oldPoisha = typeof old === 'string' || typeof old === 'number' ? Math.round(Number(old) * 100) : null;
          if (oldPoisha !== null && Number.isFinite(oldPoisha) && Math.abs(oldPoisha - ours) > 1)
            say(file, d.row, f.name, 'import_note_total', {
              old: formatAmount(oldPoisha),
              recomputed: formatAmount(ours),
              difference: formatAmount(ours - oldPoisha),
            });
        }
        // Two documents the same but for their _id: a double submission, both kept, listed.
        if (!quiet) {
          // Kept as a digest: a real export's documents are many.
          const sameAs = createHash('sha1')
            .update(JSON.stringify(Object.entries(doc).filter(([k]) => !NOT_COMPARED.has(k))))
            .digest('base64');
          const first = seen.get(sameAs);
          if (first !== undefined) say(file, d.row, '_id', 'import_note_duplicate', { row: first });
          else seen.set(sameAs, d.row);
        }
        if (keptEntries.has(importKey)) {
          if (!quiet) already++;
          continue;
        }
        row.import_key = importKey;
        if (sale) sale.import_key = `${importKey}:sale`;
        if (write) {
          native.amendEntry(row, doc); // [export]
          await write({ kind, row, party, sale });
        } else {
          newEntries++;
          toImport++;
        }
      }
    }
    quiet = false;
  };
  await entryPass();
  problems += await native.finish(); // [export]

  // The old dashboard's figures, kept by hand: shown beside what the entries add up to, never
  // taken; booked as an opening adjustment when the admin gives the reason (docs/decisions/0044).
  const adjustments: PlannedEntry[] = [];
  const adjustment = registry.kinds.find((k) => k.opening === 'account' && k.stock);
  // The old system kept one dashboard document: the first is compared (and booked), never two.
  let compared = false;
  for await (const d of documents('dashboard')) {
    if ('error' in d || compared) continue;
    compared = true;
    const compare = (column: string, ours: number, unit: DecimalUnit, format: (n: number) => string, rule: KindDef['cash']) => {
      const old = exactFigure(d.doc[column], unit);
      if (old === undefined) return;
      const theirs = Math.round(Number(old) * unit.scale);
      if (!Number.isFinite(theirs) || theirs === ours) return;
      say('dashboard.json', d.row, column, DASHBOARD_NOTE, { old: format(theirs), imported: format(ours), difference: format(ours - theirs) });
      const field = rule?.field;
      const side = adjustment?.fields.find((f) => f.name === rule?.flip?.field);
      if (!options.dashboardReason || !adjustment || !field || side?.input.type !== 'choice') return;
      const importKey = `${adjustment.path}:dashboard:${String(d.doc._id ?? d.row)}:${column}`;
      if (keptEntries.has(importKey)) {
        already++;
        return;
      }
      // Booked today into Cash in hand: not into a day closed already.
      const before = said;
      refuseClosed('dashboard.json', d.row, column, { issue_date: todayIn(options.timeZone), account_id: CASH_ACCOUNT_ID });
      if (said > before) {
        problems++;
        return;
      }
      const [add, takeAway] = side.input.options as [string, string];
      const input = { [side.name]: theirs > ours ? add : takeAway, [field]: Math.abs(theirs - ours), note: options.dashboardReason };
      const stamps = {
        issue_date: todayIn(options.timeZone),
        issued_by: options.actor.name,
        author_id: options.actor.id,
        created_at: now,
        idempotency_key: null,
      };
      const row = Object.assign(buildEntryRow(adjustment, input, null, stamps), { fire_status: 0, sold_status: 0, import_key: importKey, import_batch: null });
      adjustments.push({ kind: adjustment, row, party: null, sale: null });
      say('dashboard.json', d.row, column, 'import_note_dashboard_booked', { side: String(input[side.name]), amount: format(Math.abs(theirs - ours)) });
      toImport++;
      newEntries++;
    };
    compare('wire_stock', imported.stock, units.weight, (g) => `${formatKg(g)} kg`, adjustment?.stock);
    compare('current_balance', imported.cash, units.money, (p) => `${formatAmount(p)} taka`, adjustment?.cash);
  }

  // People: the old loggedInUsers (name, email, role) with their Firebase accounts (users.json).
  const newAccounts: OldAccount[] = [];
  if (options.accounts) {
    const firebase = new Map<string, { name: string; google: string | null }>();
    const firebaseFile = path.join(options.folder, 'users.json');
    if (fs.existsSync(firebaseFile)) {
      const exported = JSON.parse(fs.readFileSync(firebaseFile, 'utf8')) as { users?: Record<string, unknown>[] };
      for (const u of exported.users ?? []) {
        const google = (u.providerUserInfo as { providerId?: string; rawId?: string }[] | undefined)?.find((p) => p.providerId === 'google.com');
        if (typeof u.email === 'string') firebase.set(u.email.trim().toLowerCase(), { name: String(u.displayName ?? ''), google: google?.rawId ?? null });
      }
    }
    const emails = new Set<string>();
    for await (const d of documents('loggedInUsers')) {
      const file = 'loggedInUsers.json';
      if ('error' in d) {
        problems++;
        documentProblem(file, d); // [sheets]
        continue;
      }
      const before = said;
      const email = speakingCodes(() => resetRequestSchema.shape.email.safeParse(d.doc.email));
      schemaProblems(file, d.row, email, 'email');
      const role = typeof d.doc.role === 'string' ? d.doc.role.trim() : 'user';
      if (!roles.includes(role as Role)) problem(file, d.row, 'role', 'import_role', { value: JSON.stringify(String(d.doc.role)) });
      if (said > before || !email.success) {
        problems++;
        continue;
      }
      const address = email.data.toLowerCase();
      const fb = firebase.get(address);
      const name = cleanName(String(d.doc.name ?? '')) || fb?.name || address;
      if (emails.has(address) || (await options.accounts.exists(address))) {
        already++;
        continue;
      }
      emails.add(address);
      newAccounts.push({ email: address, name, role: role as Role, google: fb?.google ?? null });
      toImport++;
    }
  }

  const written = options.write && (problems === 0 || options.skipBadRows) && toImport > 0;
  let batchId: number | null = null;
  if (written)
    batchId = await writeBatch(db, registry, options, newPartners, { count: newEntries, pass: entryPass, adjustments }, newAccounts.length, native, closed);
  if (written && options.accounts) for (const account of newAccounts) await options.accounts.create(account);
  emit(`import: ${toImport} ${written ? 'imported' : 'to import'}, ${already} already imported, ${problems} with problems`);
  return { lines, toImport, already, problems, batchId, exitCode: problems === 0 ? 0 : 1 };
}

/** The plan written in one transaction: the batch, its partners, its entries (and their sales), the summary and rollups, one audit line. */
async function writeBatch(
  db: Kysely<DB>,
  registry: Registry,
  options: ImportOptions,
  partners: PlannedPartner[],
  entries: { count: number; pass: (write: (e: PlannedEntry) => Promise<void>) => Promise<void>; adjustments: PlannedEntry[] },
  users: number,
  native: ReturnType<typeof nativeBooks>,
  closed: ClosedDays,
): Promise<number> {
  return writeTransaction(db, async (trx) => {
    // A day closed since the rows were checked: they are checked again from the start.
    const closedNow = await closedDays(trx);
    if ([...closedNow].some(([id, c]) => closed.get(id)?.day !== c.day)) throw new HttpError(409, 'import_changed');
    const now = new Date().toISOString();
    const batch = await trx
      .insertInto('import_batches')
      .values({
        source: options.source ?? path.resolve(options.folder),
        created_at: now,
        created_by_id: options.actor.id,
        created_by_name: options.actor.name,
        partners: partners.length,
        entries: entries.count,
        users,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const batchId = Number(batch.id);
    // [export] whether the entries keep their numbers (nothing else to number among them), and the accounts before the entries that name them
    await native.writeBefore(trx, entries.adjustments.length === 0);
    for (const p of partners) {
      p.ref.id = await repo.insertPartner(trx, {
        ...(p.columns as unknown as Parameters<typeof repo.insertPartner>[1]),
        created_at: now,
        updated_at: now,
        import_key: p.importKey,
        import_batch: batchId,
      });
    }
    const CHUNK = 400;
    let chunk: PlannedEntry[] = [];
    const flush = async () => {
      const rows = chunk.map((e) => Object.assign(e.row, { import_batch: batchId }, e.party ? { party_id: e.party.id } : {}));
      const ids = await repo.recordEntries(trx, registry, rows);
      const sales = chunk.flatMap((e, n) =>
        e.sale ? [Object.assign(e.sale, { ref_id: ids[n], note: `Sale of ${e.kind.lifecycle?.noun} #${ids[n]}`, import_batch: batchId })] : [],
      );
      await repo.recordEntries(trx, registry, sales);
      chunk = [];
    };
    const add = async (e: PlannedEntry) => {
      chunk.push(e);
      if (chunk.length === CHUNK) await flush();
    };
    await entries.pass(add);
    for (const e of entries.adjustments) await add(e);
    await flush();
    await native.writeAfter(trx, batchId); // [export] transfers, server-made entries, voids, links, cheques, closes
    await recordAudit(trx, {
      actor: options.actor,
      action: 'import',
      subjectKind: 'import_batch',
      subjectId: String(batchId),
      before: undefined,
      after: { source: options.source ?? path.resolve(options.folder), partners: partners.length, entries: entries.count, users },
    });
    return batchId;
  });
}
