import { type Kysely, type Transaction, sql } from 'kysely';
import type { LoggedInUser } from '../../../shared/users.ts';
import type { Role } from '../../../shared/roles.ts';
import type { CurrentUser } from '../../auth/plugin.ts';
import type { Dialect } from '../../db/dialect.ts';
import type { DB } from '../../db/schema.ts';
import { containsText } from '../../db/text-search.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The accounts with whether they are stopped (when, by whom). */
const accounts = (db: Db) =>
  db
    .selectFrom('user')
    .leftJoin('account_stops', 'account_stops.user_id', 'user.id')
    .select(['user.id', 'user.name', 'user.email', 'user.role', 'account_stops.stopped_at', 'account_stops.stopped_by_name as stopped_by']);

export function findUserById(db: Db, id: string): Promise<LoggedInUser | undefined> {
  return accounts(db).where('user.id', '=', id).executeTakeFirst();
}

export function findUsersByEmail(db: Db, email: string): Promise<LoggedInUser[]> {
  return accounts(db).where('user.email', '=', email.toLowerCase()).execute();
}

/** Accounts whose name or email contains `search` (any case), by name. */
export function listUsers(db: Db, search: string | undefined): Promise<LoggedInUser[]> {
  let query = accounts(db).orderBy('user.name').orderBy('user.email');
  if (search) query = query.where((eb) => eb.or([containsText('user.name', search), containsText('user.email', search)]));
  return query.execute();
}

export async function setUserRole(db: Db, id: string, role: Role, expected: Role): Promise<boolean> {
  // Compare-and-set: two admins clicking at once change the role once.
  const result = await db
    .updateTable('user')
    .set({ role, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .where('role', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setUserName(db: Db, id: string, name: string): Promise<void> {
  await db.updateTable('user').set({ name, updatedAt: new Date().toISOString() }).where('id', '=', id).execute();
}

/**
 * Role and stop changes one at a time across instances (PostgreSQL: a lock held to the end of the
 * transaction; SQLite writes one transaction at a time already), so two admins taking each other's
 * access at once cannot leave the books without an admin.
 */
export async function lockAccountChanges(trx: Transaction<DB>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('ama-account-changes'))`.execute(trx);
}

/** Admins that can sign in (not stopped), other than `id`. */
export async function otherActiveAdmins(db: Db, id: string): Promise<number> {
  const row = await db
    .selectFrom('user')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('role', '=', 'admin')
    .where('id', '!=', id)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('account_stops').select('account_stops.user_id').whereRef('account_stops.user_id', '=', 'user.id'))),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Stops an account: it is marked and every session of it ends, in the caller's transaction. */
export async function stopAccount(db: Db, id: string, by: CurrentUser): Promise<string> {
  const at = new Date().toISOString();
  await db.insertInto('account_stops').values({ user_id: id, stopped_at: at, stopped_by_id: by.id, stopped_by_name: by.name }).execute();
  await db.deleteFrom('session').where('userId', '=', id).execute();
  return at;
}

export async function resumeAccount(db: Db, id: string): Promise<void> {
  await db.deleteFrom('account_stops').where('user_id', '=', id).execute();
}

const changeActions = ['promote', 'demote', 'stop', 'resume'] as const;

/** The latest changes to accounts (role steps, stops and resumes), newest first. */
export async function accountChanges(db: Db, limit = 100) {
  const rows = await db
    .selectFrom('audit_log')
    // A user id is a uuid on PostgreSQL, the audit's subject a text.
    .leftJoin('user', (join) => join.on(sql<boolean>`cast(${sql.ref('user.id')} as text) = ${sql.ref('audit_log.subject_id')}`))
    .select(['audit_log.at', 'audit_log.actor_name', 'audit_log.action', 'audit_log.before_json', 'audit_log.after_json', 'user.name', 'user.email'])
    .where('audit_log.subject_kind', '=', 'user')
    .where('audit_log.action', 'in', changeActions)
    .orderBy('audit_log.id', 'desc')
    .limit(limit)
    .execute();
  const roleIn = (json: string | null): Role | null => (json ? ((JSON.parse(json) as { role?: Role }).role ?? null) : null);
  return rows.map((r) => ({
    at: r.at,
    by: r.actor_name,
    action: r.action as (typeof changeActions)[number],
    name: r.name ?? '',
    email: r.email ?? '',
    from: roleIn(r.before_json),
    to: roleIn(r.after_json),
  }));
}
