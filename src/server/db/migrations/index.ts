import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-app-meta.ts';

// Listed by hand, in order, so they bundle and run the same under tsx, tests and builds.
const migrations: Record<string, Migration> = {
  '0001-app-meta': m0001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
