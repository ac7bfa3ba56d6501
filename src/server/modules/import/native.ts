import type { Insertable, Kysely } from 'kysely';
import { CASH_ACCOUNT_ID, accountInputSchema, accountNameKey, accountTypes } from '../../../shared/accounts.ts';
import { chequeDirections, chequeHolderTypes } from '../../../shared/cheques.ts';
import { type DecimalUnit, parseDecimal, units } from '../../../shared/money.ts';
import { partnerNameKey } from '../../../shared/partner-names.ts';
import { type RefusalCode, type RefusalParams, readSpoken, speakingCodes } from '../../../shared/refusals.ts';
import { PARTNER_COLLECTION, type Registry, type RowKind } from '../../../shared/registry.ts';
import { TRANSFER_KIND } from '../../../shared/transfers.ts';
import type { DB, MoneyAccountTable } from '../../db/schema.ts';
import { emptyEntry } from '../books/context.ts';
import type { DayMove } from '../books/closed-days.ts';
import { buildEntryRow } from '../books/entries.ts';
import * as repo from '../books/repository.ts';
import type { Document } from './documents.ts';
import { type ExportedVoid, NATIVE_COLLECTIONS, NATIVE_KEY, type NativeEntryPart, keyIn, partnerKey } from './native-format.ts';

// Reading back what only our books have (docs/decisions/0040): money accounts (first: entries name
// theirs), each entry's `_ama` part (account, stamps, void, correction and lifecycle links), the
// transfers, the entries the server wrote (day close differences, returned cheques, asset sales),
// cheques with their states, and day closes. The same rules as the rest of the import: every
// document checked before anything is written, each problem a coded line with file, row and
// column; a document whose key is in already is counted and skipped. References are the referred
// document's `<collection>:<_id>`, which is its import key once imported.

type Say = (file: string, row: number, column: string, code: RefusalCode, params?: RefusalParams) => void;
type Db = repo.Db;
type Doc = Record<string, unknown>;

export interface NativeOptions {
  registry: Registry;
  documents: (collection: string) => AsyncIterable<Document>;
  /** An old date as the business day, or why not (the importer's own reading). */
  day: (value: unknown) => { day: string } | { code: RefusalCode; params: RefusalParams };
  say: Say;
  /** Says the refusal of a new entry's money moved on or before a closed day of its account (old-system.ts). */
  closed: (file: string, row: number, column: string, move: DayMove) => void;
}

export interface Counts {
  toImport: number;
  already: number;
  problems: number;
}

const fileOf = (collection: string) => `${collection}.json`;
const DOCUMENT = '(document)';
const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);
const partOf = (doc: Doc) => (doc[NATIVE_KEY] !== null && typeof doc[NATIVE_KEY] === 'object' ? (doc[NATIVE_KEY] as NativeEntryPart) : null);

interface PlannedAccount {
  key: string;
  row: Omit<Insertable<MoneyAccountTable>, 'updated_at'> & { created_at: string };
}
interface PlannedEntry {
  key: string;
  doc: Doc;
  day: string;
  /** Its row (a transfer, a server kind's entry, a sale), its party found by `party`. */
  build: (party: (doc: Doc) => { id: number; name: string } | null) => repo.NewEntry;
}
interface Waiting {
  file: string;
  row: number;
  column: string;
  key: string;
}

export function nativeBooks(db: Kysely<DB>, options: NativeOptions) {
  const { registry } = options;
  const said = { count: 0 };
  /** Every problem said is counted: a document is good when none was said while it was read. */
  const say: Say = (...args) => {
    said.count++;
    options.say(...args);
  };
  const accountKeys = new Map<string, number | null>();
  const newAccounts: PlannedAccount[] = [];
  const entries: PlannedEntry[] = [];
  const cheques: { doc: Doc }[] = [];
  const closes: { doc: Doc }[] = [];
  /** Keys the export has (new or in already), and the references that must be among them. */
  const present = new Set<string>();
  const waiting: Waiting[] = [];
  /** Voided entries of the write pass: their reversals are written once they have ids. */
  const voided: { key: string; row: repo.NewEntry; void: ExportedVoid }[] = [];
  const links: { key: string; column: 'corrects_id' | 'ref_id'; target: string }[] = [];
  let kept = new Set<string>();
  const counts: Counts = { toImport: 0, already: 0, problems: 0 };
  // The numbers the new entries (and reversals) had in the books they came from; kept when every
  // one has its own and the books are empty when the batch is written (`keepNumbers`).
  const numbers = new Set<number>();
  let unnumbered = 0;
  let numbersDecided = false;
  let keepNumbers = false;
  const number = (no: unknown) => {
    if (numbersDecided) return;
    if (typeof no === 'number' && Number.isSafeInteger(no) && no > 0 && !numbers.has(no)) numbers.add(no);
    else unnumbered++;
  };

  const figure = (file: string, row: number, column: string, value: unknown, unit: DecimalUnit, optional = false): number | null => {
    if (optional && (value === undefined || value === null || value === '')) return null;
    const r = parseDecimal(value, unit);
    if (r.ok) return r.value;
    say(file, row, column, r.code, { ...r.params, field: column });
    return null;
  };
  const account = (file: string, row: number, column: string, key: unknown, optional = false) => {
    if (key === undefined && optional) return;
    if (typeof key !== 'string' || !accountKeys.has(key)) say(file, row, column, 'import_ref_unknown', { value: JSON.stringify(String(key)) });
  };
  const wait = (file: string, row: number, column: string, key: unknown) => {
    if (typeof key === 'string') waiting.push({ file, row, column, key });
    else if (key !== undefined) say(file, row, column, 'import_ref_unknown', { value: JSON.stringify(String(key)) });
  };
  /** Each document of a native collection, problems of its text said; `check` says the rest and returns whether it is good. */
  async function each(collection: string, check: (doc: Doc, row: number) => boolean | Promise<boolean>) {
    for await (const d of options.documents(collection)) {
      if ('error' in d) {
        counts.problems++;
        say(fileOf(collection), d.row, DOCUMENT, 'import_not_document', { reason: d.error });
        continue;
      }
      if (!(await check(d.doc, d.row))) counts.problems++;
    }
  }
  /** Checks an entry's own part (every collection of entries): its accounts, links and void. */
  function checkPart(file: string, row: number, key: string, part: NativeEntryPart | null, moneyKind: boolean): void {
    present.add(key);
    if (!kept.has(key)) {
      number(part?.no);
      if (part?.voided) number(part.voided.no);
    }
    if (!part) return;
    if (moneyKind || part.account !== undefined) account(file, row, `${NATIVE_KEY}.account`, part.account);
    wait(file, row, `${NATIVE_KEY}.corrects`, part.corrects);
    wait(file, row, `${NATIVE_KEY}.ref`, part.ref);
    if (part.voided !== undefined) {
      const v = part.voided;
      const day = options.day(v?.issue_date);
      if ('code' in day) say(file, row, `${NATIVE_KEY}.voided.issue_date`, day.code, day.params);
      // Its reversal is written on the void's day, through the entry's account.
      else if (moneyKind && !kept.has(key)) options.closed(file, row, `${NATIVE_KEY}.voided.issue_date`, { issue_date: day.day, ...accountsOf(part) });
    }
  }
  /** The accounts of these books an entry's own part names: null for an account this import brings. */
  function accountsOf(part: NativeEntryPart | null): Omit<DayMove, 'issue_date'> {
    const known = (key: string | undefined, otherwise: number | null) => (key === undefined ? otherwise : (accountKeys.get(key) ?? null));
    return { account_id: known(part?.account, CASH_ACCOUNT_ID), to_account_id: known(part?.to_account, null) };
  }
  /**
   * A document of entries but a registry kind's (a transfer, an entry the server wrote): its day,
   * its values (`values` says their problems and gives how to build its row, or null) and its own
   * part checked; planned when new. False when it has a problem.
   */
  function planEntry(collection: string, doc: Doc, row: number, values: (file: string) => PlannedEntry['build'] | null): boolean {
    const file = fileOf(collection);
    const before = said.count;
    const key = keyIn(collection, String(doc._id));
    const day = options.day(doc.issue_date);
    if ('code' in day) say(file, row, 'issue_date', day.code, day.params);
    const build = values(file);
    checkPart(file, row, key, partOf(doc), true);
    if (!('code' in day) && !kept.has(key)) options.closed(file, row, 'issue_date', { issue_date: day.day, ...accountsOf(partOf(doc)) });
    if (said.count > before || 'code' in day || !build) return false;
    if (kept.has(key)) counts.already++;
    else {
      counts.toImport++;
      entries.push({ key, doc, day: day.day, build });
    }
    return true;
  }

  return {
    /** Reads and checks the native collections but for the registry kinds' (read by the importer's entry pass). */
    async plan(): Promise<Counts> {
      kept = new Set((await db.selectFrom('entries').select('import_key').where('import_key', 'is not', null).execute()).map((r) => String(r.import_key)));
      const known = new Map((await db.selectFrom('money_accounts').select(['id', 'name_key']).execute()).map((a) => [a.name_key, Number(a.id)]));
      const holderTypes: readonly string[] = chequeDirections.map((d) => chequeHolderTypes[d]);
      const accountsFile = fileOf(NATIVE_COLLECTIONS.accounts);
      await each(NATIVE_COLLECTIONS.accounts, (doc, row) => {
        const type = String(doc.type ?? '');
        const holder = holderTypes.includes(type);
        if (!holder && !(accountTypes as readonly string[]).includes(type)) {
          say(accountsFile, row, 'type', 'import_choice', { value: JSON.stringify(type), choices: [...accountTypes, ...holderTypes].join(', ') });
          return false;
        }
        const input = Object.fromEntries(['name', 'bank', 'branch', 'number'].map((k) => [k, doc[k] ?? undefined]));
        const parsed = speakingCodes(() => accountInputSchema.safeParse({ ...input, type: holder ? 'cash' : type }));
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            const spoken = readSpoken(issue.message);
            if (spoken) say(accountsFile, row, String(issue.path[0] ?? DOCUMENT), spoken.code, spoken.params);
          }
          return false;
        }
        const key = keyIn(NATIVE_COLLECTIONS.accounts, String(doc._id));
        // A cheques' account is keyed apart from any name a person can type (cheques.ts).
        const nameKey = holder ? ` ${parsed.data.name.toLowerCase()}` : accountNameKey(parsed.data.name);
        const existing = known.get(nameKey);
        accountKeys.set(key, existing ?? null);
        if (existing !== undefined) {
          counts.already++;
          return true;
        }
        counts.toImport++;
        newAccounts.push({
          key,
          row: {
            name: parsed.data.name,
            name_key: nameKey,
            type,
            bank: parsed.data.bank ?? null,
            branch: parsed.data.branch ?? null,
            number: parsed.data.number ?? null,
            archived: doc.archived === true ? 1 : 0,
            created_at: text(doc.created_at) ?? new Date().toISOString(),
            closed_through: text(doc.closed_through),
          },
        });
        return true;
      });

      await each(NATIVE_COLLECTIONS.transfers, (doc, row) =>
        planEntry(NATIVE_COLLECTIONS.transfers, doc, row, (file) => {
          const amount = figure(file, row, 'amount', doc.amount, units.money);
          const fee = figure(file, row, 'fee', doc.fee ?? '0', units.money);
          const to = partOf(doc)?.to_account;
          account(file, row, `${NATIVE_KEY}.to_account`, to);
          return () =>
            Object.assign(emptyEntry(), {
              kind: TRANSFER_KIND,
              paid_amount_p: amount,
              cash_p: 0 - (fee ?? 0),
              note: text(doc.note),
              to_account_id: accountKeys.get(String(to)) ?? null,
            });
        }),
      );
      await each(NATIVE_COLLECTIONS.made, (doc, row) =>
        planEntry(NATIVE_COLLECTIONS.made, doc, row, (file) => {
          const kindName = String(doc.kind ?? '');
          const server = registry.server(kindName);
          const sale = registry.madeBy(kindName)?.lifecycle.entry;
          if (!server && !sale) {
            say(file, row, 'kind', 'import_kind_unknown', { value: JSON.stringify(kindName) });
            return null;
          }
          if (sale) {
            const amount = figure(file, row, 'amount', doc.amount, units.money);
            return () =>
              Object.assign(emptyEntry(), { kind: kindName, name: text(doc.name), note: text(doc.note), [sale.amount]: amount, cash_p: amount ?? 0 });
          }
          const input: Record<string, unknown> = {};
          for (const f of server!.fields) {
            if (f.input.type === 'decimal') input[f.name] = figure(file, row, f.name, doc[f.name], units[f.input.unit], !f.required);
            else input[f.name] = text(doc[f.name]);
          }
          const withParty = server!.fields.some((f) => f.input.type === 'party');
          return (party) =>
            buildEntryRow(server as RowKind, input, withParty ? party(doc) : null, {
              issue_date: '',
              issued_by: '',
              author_id: '',
              created_at: '',
              idempotency_key: null,
            });
        }),
      );

      const chequesFile = fileOf(NATIVE_COLLECTIONS.cheques);
      await each(NATIVE_COLLECTIONS.cheques, (doc, row) => {
        const before = said.count;
        if (!(chequeDirections as readonly string[]).includes(String(doc.direction)))
          say(chequesFile, row, 'direction', 'import_choice', { value: JSON.stringify(String(doc.direction)), choices: chequeDirections.join(', ') });
        figure(chequesFile, row, 'amount', doc.amount, units.money);
        account(chequesFile, row, 'account', doc.account, true);
        for (const column of ['entry', 'clear_entry', 'return_entry']) wait(chequesFile, row, column, doc[column]);
        if (typeof doc.entry !== 'string') say(chequesFile, row, 'entry', 'field_required', { field: 'entry' });
        if (said.count > before) return false;
        // In already with its payment's entry.
        if (kept.has(String(doc.entry))) counts.already++;
        else {
          counts.toImport++;
          cheques.push({ doc });
        }
        return true;
      });

      const closesFile = fileOf(NATIVE_COLLECTIONS.dayCloses);
      await each(NATIVE_COLLECTIONS.dayCloses, async (doc, row) => {
        const before = said.count;
        account(closesFile, row, 'account', doc.account);
        const day = options.day(doc.day);
        if ('code' in day) say(closesFile, row, 'day', day.code, day.params);
        for (const column of ['book', 'counted', 'difference']) figure(closesFile, row, column, String(doc[column] ?? '').replace(/^-/, ''), units.money);
        wait(closesFile, row, 'entry', doc.entry);
        if (said.count > before || 'code' in day) return false;
        const accountId = accountKeys.get(String(doc.account));
        const there =
          accountId != null &&
          (await db
            .selectFrom('day_closes')
            .select('id')
            .where('account_id', '=', accountId)
            .where('day', '=', day.day)
            .where('closed_at', '=', String(doc.closed_at))
            .executeTakeFirst());
        if (there) counts.already++;
        else {
          counts.toImport++;
          closes.push({ doc });
        }
        return true;
      });
      return counts;
    },

    /** An entry document of a registry kind (the importer's pass): its own part checked; problems said for its row. */
    checkEntry(file: string, row: number, importKey: string, doc: Doc, moneyKind: boolean): void {
      checkPart(file, row, importKey, partOf(doc), moneyKind && partOf(doc) !== null);
    },

    /** Whether a document is of our books' format (its lifecycle's entries come in their own collection). */
    isNative: (doc: Doc) => partOf(doc) !== null,

    /** The accounts of these books an entry document of ours moves money through. */
    accountsOf: (doc: Doc) => accountsOf(partOf(doc)),

    /** An entry row of a registry kind about to be written: what its own part says. */
    amendEntry(row: repo.NewEntry, doc: Doc): void {
      const part = partOf(doc);
      if (!part || !row.import_key) return;
      stampRow(row, part, accountKeys, keepNumbers);
      if (part.voided) {
        row.voided = 1;
        voided.push({ key: row.import_key, row, void: part.voided });
      }
      if (part.corrects) links.push({ key: row.import_key, column: 'corrects_id', target: part.corrects });
      if (part.ref) links.push({ key: row.import_key, column: 'ref_id', target: part.ref });
    },

    /** References to entries neither in the export nor imported before: a problem each. Call after the entry pass. */
    async finish(): Promise<number> {
      let problems = 0;
      const missing = waiting.filter((w) => !present.has(w.key) && !kept.has(w.key));
      for (const w of missing) {
        problems++;
        say(w.file, w.row, w.column, 'import_ref_unknown', { value: JSON.stringify(w.key) });
      }
      return problems;
    },

    /**
     * Inside the import's transaction, before the entries: whether the entries keep their numbers
     * (every new one has its own, and these books have none yet: `allowed` says nothing else is
     * to be numbered among them), then the new accounts.
     */
    async writeBefore(trx: Db, allowed: boolean): Promise<void> {
      // A write tried again (writeTransaction: a conflict, a lost connection) starts from nothing.
      voided.length = 0;
      links.length = 0;
      numbersDecided = true;
      keepNumbers = allowed && unnumbered === 0 && numbers.size > 0 && !(await trx.selectFrom('entries').select('id').limit(1).executeTakeFirst());
      for (const a of newAccounts) {
        const inserted = await trx
          .insertInto('money_accounts')
          .values({ ...a.row, updated_at: a.row.created_at })
          .returning('id')
          .executeTakeFirstOrThrow();
        accountKeys.set(a.key, Number(inserted.id));
      }
    },

    /** Inside the import's transaction, after the registry kinds' entries: the rest, then the links. */
    async writeAfter(trx: Db, batchId: number): Promise<void> {
      const ids = new Map<string, number>();
      const idOf = (key: string | undefined) => (key === undefined ? null : (ids.get(key) ?? null));
      const read = async () => {
        for (const r of await trx.selectFrom('entries').select(['id', 'import_key']).where('import_key', 'is not', null).execute())
          ids.set(String(r.import_key), Number(r.id));
      };
      const partners = await trx.selectFrom('partners').select(['id', 'name', 'name_key', 'import_key']).execute();
      const byKey = new Map(partners.filter((p) => p.import_key).map((p) => [String(p.import_key), p]));
      const party = (doc: Doc) => {
        const part = partOf(doc);
        const found = (part?.party && byKey.get(part.party)) || partners.find((p) => p.name_key === partnerNameKey(String(doc.name ?? '')));
        return found ? { id: Number(found.id), name: found.name } : null;
      };
      await read();
      const rows = entries.map((e) => {
        const row = e.build(party);
        const part = partOf(e.doc);
        Object.assign(row, {
          issue_date: e.day,
          issued_by: text(e.doc.issued_by) ?? '',
          author_id: part?.author_id ?? '',
          created_at: part?.created_at ?? new Date().toISOString(),
          import_key: e.key,
          import_batch: batchId,
        });
        if (part) stampRow(row, part, accountKeys, keepNumbers);
        if (part?.voided) {
          row.voided = 1;
          voided.push({ key: e.key, row, void: part.voided });
        }
        if (part?.corrects) links.push({ key: e.key, column: 'corrects_id', target: part.corrects });
        if (part?.ref) links.push({ key: e.key, column: 'ref_id', target: part.ref });
        return row;
      });
      for (let i = 0; i < rows.length; i += 400) await repo.recordEntries(trx, registry, rows.slice(i, i + 400));
      await read();
      for (const l of links) {
        const id = idOf(l.key);
        if (id !== null)
          await trx
            .updateTable('entries')
            .set({ [l.column]: idOf(l.target) })
            .where('id', '=', id)
            .execute();
      }
      // Each voided entry's reversal: the same row with the opposite effect, linked to it (lifecycle.ts writeReversal).
      const reversals = voided.flatMap(({ key, row, void: v }) => {
        const id = idOf(key);
        if (id === null) return [];
        const { id: _original, ...fields } = row;
        return [
          Object.assign(fields, keepNumbers && v.no !== undefined ? { id: v.no } : {}, {
            issue_date: v.issue_date,
            issued_by: v.issued_by,
            author_id: v.author_id,
            created_at: v.created_at,
            void_reason: v.reason,
            cash_p: -Number(row.cash_p),
            stock_g: -Number(row.stock_g),
            void_of: id,
            corrects_id: null,
            voided: 0,
            sold_status: 0,
            idempotency_key: null,
            import_key: null,
            entered_on: null,
            backdate_reason: null,
          }),
        ];
      });
      for (let i = 0; i < reversals.length; i += 400) await repo.recordEntries(trx, registry, reversals.slice(i, i + 400));
      if (keepNumbers) await repo.numberAfterLast(trx);
      for (const { doc } of cheques) {
        const entryId = idOf(String(doc.entry));
        if (entryId === null) continue;
        const entry = await trx.selectFrom('entries').select(['party_id']).where('id', '=', entryId).executeTakeFirst();
        await trx
          .insertInto('cheques')
          .values({
            entry_id: entryId,
            direction: String(doc.direction),
            partner_id: entry?.party_id ?? null,
            amount_p: parseMoney(doc.amount),
            cheque_no: String(doc.cheque_no ?? ''),
            cheque_bank: String(doc.cheque_bank ?? ''),
            cheque_date: String(doc.cheque_date ?? ''),
            state: String(doc.state ?? ''),
            account_id: doc.account === undefined ? null : (accountKeys.get(String(doc.account)) ?? null),
            deposited_on: text(doc.deposited_on),
            settled_on: text(doc.settled_on),
            clear_entry_id: idOf(doc.clear_entry as string | undefined),
            return_entry_id: idOf(doc.return_entry as string | undefined),
            reason: text(doc.reason),
            created_at: String(doc.created_at ?? ''),
            changed_at: String(doc.changed_at ?? ''),
            changed_by: String(doc.changed_by ?? ''),
          })
          .execute();
      }
      for (const { doc } of closes) {
        await trx
          .insertInto('day_closes')
          .values({
            account_id: accountKeys.get(String(doc.account)) ?? 0,
            day: String(doc.day),
            book_p: parseMoney(doc.book),
            counted_p: parseMoney(doc.counted),
            difference_p: parseMoney(doc.difference),
            notes: text(doc.notes),
            reason: text(doc.reason),
            entry_id: idOf(doc.entry as string | undefined),
            closed_by: String(doc.closed_by ?? ''),
            closed_by_id: String(doc.closed_by_id ?? ''),
            closed_at: String(doc.closed_at ?? ''),
            reopened_at: text(doc.reopened_at),
            reopened_by: text(doc.reopened_by),
            reopen_reason: text(doc.reopen_reason),
          })
          .execute();
      }
      // Each account closed through its last standing close (an account in already took no day from the export).
      const closedAccounts = new Set(closes.map(({ doc }) => accountKeys.get(String(doc.account)) ?? 0));
      for (const accountId of closedAccounts) {
        const last = await trx
          .selectFrom('day_closes')
          .select((eb) => eb.fn.max('day').as('day'))
          .where('account_id', '=', accountId)
          .where('reopened_at', 'is', null)
          .executeTakeFirst();
        await trx
          .updateTable('money_accounts')
          .set({ closed_through: last?.day ?? null })
          .where('id', '=', accountId)
          .execute();
      }
      // Partners' credit limits (what the old system did not have): on the partners this batch brought.
      for await (const d of options.documents(PARTNER_COLLECTION)) {
        if ('error' in d) continue;
        const limits = d.doc[NATIVE_KEY] as { credit_limit?: string; refuse_past_limit?: boolean } | undefined;
        if (!limits?.credit_limit && !limits?.refuse_past_limit) continue;
        await trx
          .updateTable('partners')
          .set({ credit_limit_p: limits.credit_limit ? parseMoney(limits.credit_limit) : null, refuse_past_limit: limits.refuse_past_limit ? 1 : 0 })
          .where('import_key', '=', partnerKey(String(d.doc._id)))
          .where('import_batch', '=', batchId)
          .execute();
      }
    },
  };
}

/** A figure checked already (plan): its poisha, a leading minus kept (a close's difference). */
function parseMoney(value: unknown): number {
  const s = String(value ?? '0');
  const negative = s.startsWith('-');
  const r = parseDecimal(negative ? s.slice(1) : s, units.money);
  return r.ok ? (negative ? -r.value : r.value) : 0;
}

/** The stamps and account an entry had in the books it came from. */
function stampRow(row: repo.NewEntry, part: NativeEntryPart, accounts: Map<string, number | null>, keepNumber: boolean): void {
  if (keepNumber && part.no !== undefined) row.id = part.no;
  if (part.account !== undefined) row.account_id = accounts.get(part.account) ?? row.account_id;
  if (part.to_account !== undefined) row.to_account_id = accounts.get(part.to_account) ?? null;
  if (part.created_at) row.created_at = part.created_at;
  if (part.author_id) row.author_id = part.author_id;
  row.made_at = part.made_at ?? null;
  row.entered_on = part.entered_on ?? null;
  row.backdate_reason = part.backdate_reason ?? null;
  row.lifecycle_at = part.lifecycle_at ?? null;
  row.lifecycle_by = part.lifecycle_by ?? null;
}
