import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from '../dialect.ts';

/** An auto-numbered primary key: autoincrement on SQLite, an identity column on PostgreSQL. */
export function withIdColumn<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'sqlite'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity());
}

/** Text columns, each required. */
export function requiredTexts<T extends string>(table: CreateTableBuilder<T, never>, names: readonly string[]) {
  return names.reduce((t, name) => t.addColumn(name, 'text', (c) => c.notNull()), table) as CreateTableBuilder<T, never>;
}
