import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';

// The two databases the books run on, and what opening either gives the rest of the server.

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Where the data lives, for logs: a file path or a redacted URL. */
  location: string;
  /** What opening it changed or could not change (SQLite's page size), for the log. */
  setup?: { moved: boolean; message: string };
  close(): Promise<void>;
}

export class DatabaseSetupError extends Error {}
