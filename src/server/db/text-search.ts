import { type Expression, type SqlBool, sql } from 'kysely';

/**
 * `column` contains `search`, ignoring case, with % and _ taken literally. The escape character
 * is named explicitly: SQLite's LIKE has none by default.
 */
export function containsText(column: string | Expression<string>, search: string): Expression<SqlBool> {
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${typeof column === 'string' ? sql.ref(column) : column}) like ${pattern} escape '\\'`;
}
