import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../../shared/messages';
import { formatKg, toUnits, units } from '../../../shared/money';
import { type Entry, entriesQuery, useEndFire } from '../../features/books/api';
import { saveWithToast } from '../../lib/notify';
import { TableFrame } from '../ui/table-frame';
import { Modal } from '../ui/modal';
import { PromptForm } from '../ui/prompt-form';
import { dateText } from './recent-entries';

const kg = (v: unknown) => (v === null || v === undefined ? '' : formatKg(toUnits(Number(v), units.weight)));

/** The fire log (spec §2): numbered in order; an open fire shows 'End Time'. */
export function FireList() {
  const fires = useQuery(entriesQuery('fire'));
  const [ending, setEnding] = useState<Entry | null>(null);
  const endFire = useEndFire();
  // Numbered in the order they were lit: the first fire is 1.
  const rows = (fires.data ?? []).filter((f) => !f.void_of && !f.voided);
  return (
    <section className="mt-8" aria-labelledby="fires-title">
      <h2 id="fires-title" className="text-lg font-semibold">
        Fire log
      </h2>
      {fires.isError ? <p className="text-error">{fires.error.message}</p> : null}
      <TableFrame>
          <thead>
            <tr>
              <th>#</th>
              <th>Roll</th>
              <th>Pot Number</th>
              <th className="text-right">Weight (KG)</th>
              <th>Date</th>
              <th>Note</th>
              <th>Fire Man</th>
              <th>Issued By</th>
              <th>End Time</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((f, i) => (
              <tr key={f.id} data-testid="fire-row">
                <td>{rows.length - i}</td>
                <td>{String(f.roll ?? '')}</td>
                <td>{String(f.pot_number ?? '')}</td>
                <td className="text-right tabular-nums">{kg(f.weight)}</td>
                <td className="whitespace-nowrap">{dateText(f.issue_date)}</td>
                <td>{String(f.note ?? '')}</td>
                <td>{String(f.fire_man ?? '')}</td>
                <td>{f.issued_by}</td>
                <td>
                  {f.fire_status ? (
                    String(f.fire_time ?? '')
                  ) : (
                    <button type="button" className="btn btn-xs btn-warning" onClick={() => setEnding(f)}>
                      End Time
                    </button>
                  )}
                </td>
              </tr>
            ))}
            {fires.data && rows.length === 0 ? (
              <tr>
                <td colSpan={9}>No fires yet.</td>
              </tr>
            ) : null}
          </tbody>
      </TableFrame>
      <Modal title="End fire" open={ending !== null} onClose={() => setEnding(null)}>
        {ending ? (
          <PromptForm
            label="End note"
            submitLabel="End fire"
            check={(v) => (v.trim() ? null : 'End note is required')}
            onSubmit={async (note) => {
              if (await saveWithToast(() => endFire.mutateAsync({ id: ending.id, fire_time: note }), messages.endFire)) setEnding(null);
            }}
          />
        ) : null}
      </Modal>
    </section>
  );
}
