import type { Generated } from 'kysely';

// The database's tables as Kysely sees them. Each migration that adds a table adds it here.
export interface AppMetaTable {
  key: string;
  value: string;
}

export interface DB {
  app_meta: AppMetaTable;
}

export type Id = Generated<number>;
