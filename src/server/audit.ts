import type { Kysely, Transaction } from 'kysely';
import type { CurrentUser } from './auth/plugin.ts';
import type { DB } from './db/schema.ts';

/** Writes who changed what, when, from what to what. Call inside the change's transaction. */
export async function recordAudit(
  db: Kysely<DB> | Transaction<DB>,
  entry: { actor: Pick<CurrentUser, 'id' | 'name'>; action: string; subjectKind: string; subjectId: string; before: unknown; after: unknown },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: new Date().toISOString(),
      actor_id: entry.actor.id,
      actor_name: entry.actor.name,
      action: entry.action,
      subject_kind: entry.subjectKind,
      subject_id: entry.subjectId,
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}
