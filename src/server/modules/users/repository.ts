import type { Kysely, Transaction } from 'kysely';
import type { LoggedInUser } from '../../../shared/users.ts';
import type { DB } from '../../db/schema.ts';
import { containsText } from '../../db/text-search.ts';

type Db = Kysely<DB> | Transaction<DB>;

const columns = ['id', 'name', 'email', 'role'] as const;

export function findUserById(db: Db, id: string): Promise<LoggedInUser | undefined> {
  return db.selectFrom('user').select(columns).where('id', '=', id).executeTakeFirst();
}

export function findUsersByEmail(db: Db, email: string): Promise<LoggedInUser[]> {
  return db.selectFrom('user').select(columns).where('email', '=', email.toLowerCase()).execute();
}

/** Accounts whose name or email contains `search` (any case), by name. */
export function listUsers(db: Db, search: string | undefined): Promise<LoggedInUser[]> {
  let query = db.selectFrom('user').select(columns).orderBy('name').orderBy('email');
  if (search) query = query.where((eb) => eb.or([containsText('name', search), containsText('email', search)]));
  return query.execute();
}

export async function setUserRole(db: Db, id: string, role: LoggedInUser['role'], expected: LoggedInUser['role']): Promise<boolean> {
  // Compare-and-set: two admins clicking at once promote once.
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
