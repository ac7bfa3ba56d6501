import type { TableColumn } from '../../components/table/data-table';
import { tr } from '../../lib/i18n';
import { useAccounts } from './api';

/**
 * Where an entry's money went, for the lists that show it (statements, party ledgers, the latest
 * entries): each account's name by id, shown in the reader's language on screen and as stored in a
 * CSV. `shown` once the books have more than Cash in hand (an archived account counts: old entries
 * still name it); `ready` once the list has come, so a table is drawn once with its columns.
 */
export function useAccountNames() {
  const accounts = useAccounts();
  const list = accounts.data ?? [];
  const byId = new Map(list.map((a) => [a.id, a.name]));
  const stored = (id: unknown) => (typeof id === 'number' ? (byId.get(id) ?? '') : '');
  return {
    ready: !accounts.isPending,
    shown: list.length > 1,
    /** The name as stored (a CSV's cell). */
    stored,
    /** The name in the reader's language (Cash in hand in Bangla). */
    name: (id: unknown) => tr(stored(id)),
  };
}

export type AccountNames = ReturnType<typeof useAccountNames>;

/**
 * The Account column of a list, after the money it is about: none while the books have Cash in hand
 * alone. On a phone's card it is a small line (app.css `.card-small`).
 */
export function accountColumn<Row>(names: AccountNames, header: string, id: (row: Row) => unknown): TableColumn<Row>[] {
  return names.shown ? [{ key: 'account', header, className: 'card-small', cell: (row) => names.name(id(row)) }] : [];
}
