import fs from 'node:fs';
import path from 'node:path';
import { Kysely, SqliteDialect, type Selectable, sql } from 'kysely';
import { units } from '../../../shared/money.ts';
import { toFixedText } from '../../../shared/money.ts';
import { PARTNER_COLLECTION, type FieldDef, type Registry, partnerFields } from '../../../shared/registry.ts';
import { TRANSFER_KIND } from '../../../shared/transfers.ts';
import type { Database } from '../../db/dialect.ts';
import type { DB, EntryTable } from '../../db/schema.ts';
import BetterSqlite3 from '../../db/sqlite-driver.ts';
import {
  type ExportedVoid,
  NATIVE_COLLECTIONS,
  NATIVE_KEY,
  type NativeEntryPart,
  PEOPLE_COLLECTION,
  collectionOfKind,
  exportedId,
  keyIn,
  partnerKey,
} from './native-format.ts';

// `npm run cli -- export <folder>` and GET /api/export (docs/decisions/0040): the whole books in
// the format the importer reads, from one read snapshot (a read transaction: a server writing
// meanwhile changes nothing of it). Each collection is written whole before the next, as JSON
// lines; the rows are read a page at a time, never all at once.

type Row = Selectable<EntryTable>;

/** Where the files go: a folder (the command line) or a zip (the route). */
export interface ExportSink {
  file(name: string): { line(text: string): void | Promise<void>; end(): void | Promise<void> };
}

const PAGE = 1000;

/** A figure in integer units as the form's text (125050 poisha: '1250.50', 12500 thousandths: '12.500'); null stays null. */
const figure = (value: number | null, f: FieldDef) =>
  value === null || f.input.type === 'party' || f.input.type === 'text' || f.input.type === 'choice'
    ? value
    : toFixedText(Number(value), Math.round(Math.log10(units[f.input.type === 'computed' ? 'money' : f.input.unit].scale)));

const money = (p: number | null) => (p === null ? null : toFixedText(Number(p), 2));

/** Keys whose value is null or undefined left out (a document says what it has). */
const compact = <T extends Record<string, unknown>>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;

/** Runs `read` on one consistent snapshot of the books: SQLite on a connection of its own (the server's writes go on), PostgreSQL in a repeatable-read transaction. */
export async function readSnapshot<T>(database: Database, read: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  if (database.dialect === 'sqlite') {
    const sqlite = new BetterSqlite3(database.location, { readonly: true, fileMustExist: true });
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      return await db.connection().execute(async (conn) => {
        await sql.raw('begin').execute(conn);
        // A deferred read transaction takes its snapshot at its first read.
        await sql`select 1 from ledger_summary`.execute(conn);
        try {
          return await read(conn);
        } finally {
          await sql.raw('commit').execute(conn);
        }
      });
    } finally {
      await db.destroy();
    }
  }
  return database.db.connection().execute(async (conn) => {
    await sql.raw('begin isolation level repeatable read read only').execute(conn);
    try {
      return await read(conn);
    } finally {
      await sql.raw('commit').execute(conn);
    }
  });
}

/** Every row of `table` in id order, a page at a time. */
async function* pages<T extends { id: number }>(next: (after: number) => Promise<T[]>): AsyncGenerator<T> {
  let after = 0;
  for (;;) {
    const rows = await next(after);
    for (const r of rows) yield r;
    if (rows.length < PAGE) return;
    after = Number(rows[rows.length - 1]!.id);
  }
}

/** The whole books into `sink`, collection by collection. Returns how many documents each got. */
export async function exportBooks(db: Kysely<DB>, registry: Registry, sink: ExportSink): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const write = async (collection: string, docs: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>) => {
    const out = sink.file(`${collection}.json`);
    let n = 0;
    for await (const doc of docs) {
      await out.line(JSON.stringify(doc));
      n++;
    }
    await out.end();
    counts[collection] = n;
  };

  // Keys first: what every reference (an account, a partner, an entry) is written as.
  const accountKey = new Map<number, string>();
  const accounts = await db.selectFrom('money_accounts').selectAll().orderBy('id').execute();
  for (const a of accounts) accountKey.set(Number(a.id), keyIn(NATIVE_COLLECTIONS.accounts, exportedId(NATIVE_COLLECTIONS.accounts, Number(a.id), null)));
  const partnerKeys = new Map<number, string>();
  const partnerNames = new Map<number, string>();
  const partners = await db.selectFrom('partners').selectAll().orderBy('id').execute();
  for (const p of partners) {
    partnerKeys.set(Number(p.id), partnerKey(exportedId(PARTNER_COLLECTION, Number(p.id), p.import_key)));
    partnerNames.set(Number(p.id), p.name);
  }
  const entryKey = new Map<number, string>();
  for await (const e of pages((after) =>
    db.selectFrom('entries').select(['id', 'kind', 'import_key']).where('void_of', 'is', null).where('id', '>', after).orderBy('id').limit(PAGE).execute(),
  )) {
    const collection = collectionOfKind(registry, e.kind);
    entryKey.set(Number(e.id), keyIn(collection, exportedId(collection, Number(e.id), e.import_key)));
  }
  const reversals = new Map<number, ExportedVoid>();
  for await (const r of pages((after) =>
    db
      .selectFrom('entries')
      .select(['id', 'void_of', 'issue_date', 'issued_by', 'author_id', 'created_at', 'void_reason'])
      .where('void_of', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute(),
  ))
    reversals.set(Number(r.void_of), {
      issue_date: r.issue_date,
      issued_by: r.issued_by,
      author_id: r.author_id,
      created_at: r.created_at,
      reason: r.void_reason,
      no: Number(r.id),
    });
  const ref = (map: Map<number, string>, id: number | null) => (id === null ? undefined : map.get(Number(id)));
  const idOf = (key: string | undefined) => (key === undefined ? '' : key.slice(key.indexOf(':') + 1));

  /** What only our books know of an entry. */
  const nativePart = (r: Row): NativeEntryPart =>
    compact({
      no: Number(r.id),
      account: ref(accountKey, r.account_id),
      to_account: ref(accountKey, r.to_account_id),
      party: ref(partnerKeys, r.party_id),
      created_at: r.created_at,
      author_id: r.author_id,
      made_at: r.made_at,
      entered_on: r.entered_on,
      backdate_reason: r.backdate_reason,
      lifecycle_at: r.lifecycle_at,
      lifecycle_by: r.lifecycle_by,
      corrects: ref(entryKey, r.corrects_id),
      ref: ref(entryKey, r.ref_id),
      voided: Number(r.voided) ? reversals.get(Number(r.id)) : undefined,
    }) as NativeEntryPart;
  const entriesOf = (kinds: (q: ReturnType<typeof entriesQuery>) => ReturnType<typeof entriesQuery>) => pages((after) => kinds(entriesQuery(after)).execute());
  const entriesQuery = (after: number) => db.selectFrom('entries').selectAll().where('void_of', 'is', null).where('id', '>', after).orderBy('id').limit(PAGE);

  // Partners, with what the old system did not have (a credit limit).
  await write(
    PARTNER_COLLECTION,
    partners.map((p) => ({
      _id: idOf(partnerKeys.get(Number(p.id))),
      ...Object.fromEntries(partnerFields.map((f) => [f.name, p[f.column]])),
      [NATIVE_KEY]: compact({ credit_limit: money(p.credit_limit_p), refuse_past_limit: Number(p.refuse_past_limit) ? true : undefined }),
    })),
  );
  await write(
    NATIVE_COLLECTIONS.accounts,
    accounts.map((a) =>
      compact({
        _id: idOf(accountKey.get(Number(a.id))),
        name: a.name,
        type: a.type,
        bank: a.bank,
        branch: a.branch,
        number: a.number,
        archived: Number(a.archived) ? true : undefined,
        closed_through: a.closed_through,
        created_at: a.created_at,
      }),
    ),
  );

  // Each registry kind in its own collection, by its fields' names (the API's).
  for (const kind of registry.kinds) {
    const l = kind.lifecycle;
    await write(
      kind.path,
      (async function* () {
        for await (const r of entriesOf((q) => q.where('kind', '=', kind.kind))) {
          const values = r as unknown as Record<string, number | null>;
          const doc: Record<string, unknown> = { _id: idOf(entryKey.get(Number(r.id))), issue_date: r.issue_date, issued_by: r.issued_by };
          for (const f of kind.fields) {
            // The party as its partner is named now: the importer finds it by that name.
            if (f.input.type === 'party') doc[f.name] = (r.party_id !== null ? partnerNames.get(Number(r.party_id)) : undefined) ?? r.name;
            else doc[f.name] = figure(values[f.column] ?? null, f);
          }
          if (l && Number(values[l.status])) {
            doc[l.status] = true;
            const value = values[l.value.column] ?? null;
            doc[l.value.name] = l.action === 'sell' ? money(value) : value;
          }
          doc[NATIVE_KEY] = nativePart(r);
          yield doc;
        }
      })(),
    );
  }
  await write(
    NATIVE_COLLECTIONS.transfers,
    (async function* () {
      for await (const r of entriesOf((q) => q.where('kind', '=', TRANSFER_KIND)))
        yield compact({
          _id: idOf(entryKey.get(Number(r.id))),
          issue_date: r.issue_date,
          issued_by: r.issued_by,
          amount: money(r.paid_amount_p),
          fee: money(-Number(r.cash_p)),
          note: r.note,
          [NATIVE_KEY]: nativePart(r),
        });
    })(),
  );
  // Entries the server wrote (a day close's difference, a returned cheque, an asset's sale): by their kind's fields.
  const madeKinds = [...registry.serverKinds.map((k) => k.kind), ...registry.kinds.flatMap((k) => (k.lifecycle?.entry ? [k.lifecycle.entry.kind] : []))];
  await write(
    NATIVE_COLLECTIONS.made,
    (async function* () {
      for await (const r of entriesOf((q) => q.where('kind', 'in', madeKinds))) {
        const values = r as unknown as Record<string, number | null>;
        const server = registry.server(r.kind);
        const sale = registry.madeBy(r.kind)?.lifecycle.entry;
        const doc: Record<string, unknown> = { _id: idOf(entryKey.get(Number(r.id))), kind: r.kind, issue_date: r.issue_date, issued_by: r.issued_by };
        for (const f of server?.fields ?? []) doc[f.name] = f.input.type === 'party' ? r.name : figure(values[f.column] ?? null, f);
        if (sale) Object.assign(doc, { name: r.name, amount: money(values[sale.amount] ?? null), note: r.note });
        doc[NATIVE_KEY] = nativePart(r);
        yield doc;
      }
    })(),
  );
  const cheques = await db.selectFrom('cheques').selectAll().orderBy('id').execute();
  await write(
    NATIVE_COLLECTIONS.cheques,
    cheques.map((c) =>
      compact({
        _id: `ama-${c.id}`,
        entry: ref(entryKey, c.entry_id),
        direction: c.direction,
        amount: money(c.amount_p),
        cheque_no: c.cheque_no,
        cheque_bank: c.cheque_bank,
        cheque_date: c.cheque_date,
        state: c.state,
        account: ref(accountKey, c.account_id),
        deposited_on: c.deposited_on,
        settled_on: c.settled_on,
        clear_entry: ref(entryKey, c.clear_entry_id),
        return_entry: ref(entryKey, c.return_entry_id),
        reason: c.reason,
        created_at: c.created_at,
        changed_at: c.changed_at,
        changed_by: c.changed_by,
      }),
    ),
  );
  const closes = await db.selectFrom('day_closes').selectAll().orderBy('id').execute();
  await write(
    NATIVE_COLLECTIONS.dayCloses,
    closes.map((c) =>
      compact({
        _id: `ama-${c.id}`,
        account: ref(accountKey, c.account_id),
        day: c.day,
        book: money(c.book_p),
        counted: money(c.counted_p),
        difference: money(c.difference_p),
        notes: c.notes,
        reason: c.reason,
        entry: ref(entryKey, c.entry_id),
        closed_by: c.closed_by,
        closed_by_id: c.closed_by_id,
        closed_at: c.closed_at,
        reopened_at: c.reopened_at,
        reopened_by: c.reopened_by,
        reopen_reason: c.reopen_reason,
      }),
    ),
  );
  // People: names, e-mails and roles; never a password, a session or a token.
  const people = await db.selectFrom('user').select(['id', 'name', 'email', 'role']).orderBy('email').execute();
  await write(
    PEOPLE_COLLECTION,
    people.map((p) => ({ _id: p.id, name: p.name, email: p.email, role: p.role })),
  );
  return counts;
}

/** The export as a folder of files (the command line), written a line at a time. */
export function exportToFolder(database: Database, registry: Registry, folder: string): Promise<Record<string, number>> {
  return readSnapshot(database, (db) =>
    exportBooks(db, registry, {
      file(name) {
        const fd = fs.openSync(path.join(folder, name), 'w');
        let buffer: string[] = [];
        const flush = () => {
          fs.writeSync(fd, buffer.join(''));
          buffer = [];
        };
        return {
          line: (text) => {
            buffer.push(`${text}\n`);
            if (buffer.length >= 500) flush();
          },
          end: () => {
            flush();
            fs.fsyncSync(fd);
            fs.closeSync(fd);
          },
        };
      },
    }),
  );
}
