import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { parseDecimal, units } from '../../../shared/money';
import { messages } from '../../../shared/messages';
import type { KindDef } from '../../../shared/registry';
import { logColumnsOf } from '../../../shared/registry-views';
import { DataTable, type TableColumn } from '../../components/table/data-table';
import { Modal } from '../../components/ui/modal';
import { PromptForm } from '../../components/ui/prompt-form';
import { formatCell } from '../../lib/format';
import { saveWithToast } from '../../lib/notify';
import { type Entry, entriesQuery, useLifecycle } from './api';
import { entrySummary } from './recent-entries';

/**
 * A kind's own list, from its registry entry: the fire log (spec §2: numbered in order, an open
 * fire shows 'End Time') and the assets list (an unsold asset shows Sell). The last column is
 * the kind's lifecycle: its result once done, else the button that does it.
 */
export function KindLog({ kind, title }: { kind: KindDef; title: string }) {
  const entries = useQuery(entriesQuery(kind.path));
  const [acting, setActing] = useState<Entry | null>(null);
  const rows = (entries.data ?? []).filter((e) => !e.void_of && !e.voided);
  const lifecycle = kind.lifecycle;
  const columns: TableColumn<Entry>[] = [
    // Numbered in the order they were written: the first is 1.
    ...(kind.log?.numbered ? [{ key: '#', header: '#', cell: (_: Entry, i: number) => rows.length - i }] : []),
    ...logColumnsOf(kind).map((c) => ({ key: c.field, header: c.header, numeric: c.format !== 'text' && c.format !== 'date', nowrap: c.format === 'date', cell: (e: Entry) => formatCell(e[c.field], c.format) })),
  ];
  const id = `log-${kind.path}`;
  return (
    <section className="mt-8" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {entries.isError ? <p className="text-error">{entries.error.message}</p> : null}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(e) => e.id}
        rowTestId={`${kind.kind}-row`}
        actionsHeader={lifecycle?.header}
        actions={
          lifecycle
            ? (e) =>
                e[lifecycle.status] ? (
                  <span className="whitespace-normal">{lifecycle.action === 'sell' ? formatCell(e[lifecycle.value.name], 'money') : String(e[lifecycle.value.name] ?? '')}</span>
                ) : (
                  <button type="button" className={`btn btn-xs ${lifecycle.action === 'end' ? 'btn-warning' : 'btn-outline'}`} onClick={() => setActing(e)}>
                    {lifecycle.button}
                  </button>
                )
            : undefined
        }
        empty={entries.data ? `No ${title.toLowerCase()} yet.` : null}
      />
      {lifecycle ? (
        <Modal title={acting ? `${lifecycle.submit} ${entrySummary({ ...acting, kind: kind.kind }).subject}`.trim() : ''} open={acting !== null} onClose={() => setActing(null)}>
          {acting ? <LifecycleForm kind={kind} entry={acting} onDone={() => setActing(null)} /> : null}
        </Modal>
      ) : null}
    </section>
  );
}

function LifecycleForm({ kind, entry, onDone }: { kind: KindDef; entry: Entry; onDone: () => void }) {
  const act = useLifecycle(kind);
  const l = kind.lifecycle;
  if (!l) return null;
  const check = (v: string) => {
    if (l.action === 'sell') {
      const r = parseDecimal(v, units.money);
      return r.ok ? null : `${l.value.label} ${r.message}`;
    }
    return v.trim() ? null : `${l.value.label} is required`;
  };
  return (
    <PromptForm
      label={l.value.label}
      submitLabel={l.submit}
      inputMode={l.action === 'sell' ? 'decimal' : undefined}
      check={check}
      onSubmit={async (value) => {
        if (await saveWithToast(() => act.mutateAsync({ id: entry.id, value }), messages[l.toast])) onDone();
      }}
    />
  );
}
