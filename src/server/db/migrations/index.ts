import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { Dialect } from '../dialect.ts';
import * as m0001 from './0001-app-meta.ts';
import * as m0002 from './0002-audit-log.ts';
import * as m0003 from './0003-books.ts';
import * as m0004 from './0004-rollups.ts';
import * as m0005 from './0005-sign-in-throttle.ts';
import * as m0006 from './0006-corrections.ts';
import * as m0007 from './0007-production-rollups.ts';
import * as m0008 from './0008-party-keys.ts';
import * as m0009 from './0009-partner-name-keys.ts';
import * as m0010 from './0010-overview-indexes.ts';
import * as m0011 from './0011-entry-made-at.ts';
import * as m0012 from './0012-sparse-entry-indexes.ts';
import * as m0013 from './0013-money-accounts.ts';
import * as m0015 from './0015-account-stops.ts';
import * as m0016 from './0016-backdated-entries.ts';
import * as m0017 from './0017-transfers.ts';
import * as m0018 from './0018-lifecycle-stamps.ts';
import * as m0019 from './0019-import-batches.ts';
import * as m0020 from './0020-dues-and-credit-limits.ts';
import * as m0021 from './0021-day-close.ts';
import * as m0022 from './0022-cheques.ts';
import * as m0024 from './0024-shared-statements.ts';
import * as m0027 from './0027-opening-balances.ts';
import * as m0028 from './0028-party-totals-up-down.ts';
import * as m0029 from './0029-party-days-clustered.ts';
import * as m0030 from './0030-write-indexes.ts';

export interface Step {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

// Listed by hand, in order, so they bundle and run the same under tsx, tests and builds.
const steps: Record<string, Step> = {
  '0001-app-meta': m0001,
  '0002-audit-log': m0002,
  '0003-books': m0003,
  '0004-rollups': m0004,
  '0005-sign-in-throttle': m0005,
  '0006-corrections': m0006,
  '0007-production-rollups': m0007,
  '0008-party-keys': m0008,
  '0009-partner-name-keys': m0009,
  '0010-overview-indexes': m0010,
  '0011-entry-made-at': m0011,
  '0012-sparse-entry-indexes': m0012,
  '0013-money-accounts': m0013,
  '0015-account-stops': m0015,
  '0016-backdated-entries': m0016,
  '0017-transfers': m0017,
  '0018-lifecycle-stamps': m0018,
  '0019-import-batches': m0019,
  '0020-dues-and-credit-limits': m0020,
  '0021-day-close': m0021,
  '0022-cheques': m0022,
  '0024-shared-statements': m0024,
  '0027-opening-balances': m0027,
  '0028-party-totals-up-down': m0028,
  '0029-party-days-clustered': m0029,
  '0030-write-indexes': m0030,
};

export function migrationProvider(dialect: Dialect): MigrationProvider {
  const migrations: Record<string, Migration> = Object.fromEntries(
    Object.entries(steps).map(([name, step]) => [name, { up: (db: Kysely<unknown>) => step.up(db, dialect) }]),
  );
  return { getMigrations: async () => migrations };
}
