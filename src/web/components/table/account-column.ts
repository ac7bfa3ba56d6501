import { tr } from '../../lib/i18n';
import type { TableColumn } from './data-table';

// Where an entry's money went, in the lists that show it (statements, party ledgers, the latest
// entries; docs/decisions/0037-accounts-in-views.md): the accounts' names by id, and the Account column.

export interface AccountNames {
  /** The names have come: a table is drawn once, with its columns. */
  ready: boolean;
  /** More than Cash in hand: the column is worth showing. */
  shown: boolean;
  /** The name as stored (a CSV's cell). */
  stored: (id: unknown) => string;
  /** The name in the reader's language (Cash in hand in Bangla). */
  name: (id: unknown) => string;
}

/** The names of these accounts (all of them, or the open ones the header knows). */
export function accountNames(list: readonly { id: number; name: string }[], ready: boolean): AccountNames {
  const byId = new Map(list.map((a) => [a.id, a.name]));
  const stored = (id: unknown) => (typeof id === 'number' ? (byId.get(id) ?? '') : '');
  return { ready, shown: list.length > 1, stored, name: (id) => tr(stored(id)) };
}

/**
 * The Account column of a list, after the money it is about: none while the books have Cash in hand
 * alone. On a phone's card it is a small line (app.css `.card-small`).
 */
export function accountColumn<Row>(names: AccountNames, header: string, id: (row: Row) => unknown): TableColumn<Row>[] {
  return names.shown ? [{ key: 'account', header, className: 'card-small', cell: (row) => names.name(id(row)) }] : [];
}
