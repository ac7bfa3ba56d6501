import type { Generated } from 'kysely';
import type { Role } from '../../shared/roles.ts';

// The database's tables as Kysely sees them. Each migration that adds a table adds it here.
export interface AppMetaTable {
  key: string;
  value: string;
}

/** better-auth's user table (created by its own migrations), with our `role` column. */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  role: Role;
  createdAt: Date | string;
  updatedAt: Date | string;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: Date | string;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor_id: string;
  actor_name: string;
  action: string;
  subject_kind: string;
  subject_id: string;
  before_json: string | null;
  after_json: string | null;
}

export interface DB {
  app_meta: AppMetaTable;
  user: UserTable;
  session: SessionTable;
  audit_log: AuditLogTable;
}
