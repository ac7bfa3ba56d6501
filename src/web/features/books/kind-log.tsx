import { useQuery } from '@tanstack/react-query';
import type { KindDef } from '../../../shared/registry';
import { isFigureFormat, logColumnsOf } from '../../../shared/registry-views';
import { DataTable, type TableColumn } from '../../components/table/data-table';
import { fill } from '../../../shared/messages';
import { figureLanguage, formatCell } from '../../lib/format';
import { digitsFor } from '../../../shared/digits';
import { tr, useMessages } from '../../lib/i18n';
import { type Entry, entriesQuery } from './api';
import { EntryActions } from './entry-actions';
import { errorText } from '../../lib/error-text';

/**
 * A kind's own list, from its registry entry: the fire log (spec §2: numbered in order, an open
 * fire shows 'End Time') and the assets list (an unsold asset shows Sell). The last column is
 * the kind's lifecycle (its result once done, else the button that does it) and Void; a voided
 * entry stays listed, struck through, with who voided it, when and why.
 */
export function KindLog({ kind, title }: { kind: KindDef; title: string }) {
  const m = useMessages();
  const entries = useQuery(entriesQuery(kind.path));
  const rows = entries.data ?? [];
  const lifecycle = kind.lifecycle;
  const columns: TableColumn<Entry>[] = [
    // Numbered in the order they were written: the first is 1.
    ...(kind.log?.numbered ? [{ key: '#', header: '#', cell: (_: Entry, i: number) => digitsFor(String(rows.length - i), figureLanguage()) }] : []),
    ...logColumnsOf(kind).map((c) => ({
      key: c.field,
      header: c.header,
      numeric: isFigureFormat(c.format),
      nowrap: c.format === 'date',
      cell: (e: Entry) => formatCell(e[c.field], c.format),
    })),
  ];
  const id = `log-${kind.path}`;
  return (
    <section className="mt-8" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {tr(title)}
      </h2>
      {entries.isError ? <p className="text-error">{errorText(entries.error)}</p> : null}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(e) => e.id}
        rowTestId={`${kind.kind}-row`}
        actionsHeader={lifecycle?.header}
        rowClassName={(e) => (e.voided ? 'line-through text-muted' : '')}
        actions={(e) => <EntryActions entry={{ ...e, kind: kind.kind }} kind={kind} />}
        empty={entries.data ? fill(m.noneYet, { what: tr(title).toLowerCase() }) : null}
      />
    </section>
  );
}
