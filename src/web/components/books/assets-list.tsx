import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../../shared/messages';
import { formatTaka, parseDecimal, toUnits, units } from '../../../shared/money';
import { type Entry, entriesQuery, useSellAsset } from '../../features/books/api';
import { saveWithToast } from '../../lib/notify';
import { TableFrame } from '../ui/table-frame';
import { Modal } from '../ui/modal';
import { PromptForm } from '../ui/prompt-form';
import { dateText } from './recent-entries';

const taka = (v: unknown) => (v === null || v === undefined ? '' : formatTaka(toUnits(Number(v), units.money)));

/** Assets bought, with a Sell action on the unsold ones (spec §4: unsold → sold). */
export function AssetsList() {
  const assets = useQuery(entriesQuery('assetsCost'));
  const [selling, setSelling] = useState<Entry | null>(null);
  const sell = useSellAsset();
  const rows = (assets.data ?? []).filter((a) => !a.void_of && !a.voided);
  return (
    <section className="mt-8" aria-labelledby="assets-title">
      <h2 id="assets-title" className="text-lg font-semibold">
        Assets
      </h2>
      <TableFrame>
          <thead>
            <tr>
              <th>Date</th>
              <th>Asset</th>
              <th className="text-right">Cost</th>
              <th className="text-right">Sold for</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.id} data-testid="asset-row">
                <td className="whitespace-nowrap">{dateText(a.issue_date)}</td>
                <td>{String(a.name)}</td>
                <td className="text-right tabular-nums">{taka(a.paid_amount)}</td>
                <td className="text-right tabular-nums">
                  {a.sold_status ? (
                    taka(a.sold_amount)
                  ) : (
                    <button type="button" className="btn btn-xs btn-outline" onClick={() => setSelling(a)}>
                      Sell
                    </button>
                  )}
                </td>
              </tr>
            ))}
            {assets.data && rows.length === 0 ? (
              <tr>
                <td colSpan={4}>No assets yet.</td>
              </tr>
            ) : null}
          </tbody>
      </TableFrame>
      <Modal title={`Sell ${String(selling?.name ?? '')}`} open={selling !== null} onClose={() => setSelling(null)}>
        {selling ? (
          <PromptForm
            label="Amount"
            submitLabel="Sell"
            inputMode="decimal"
            check={(v) => {
              const r = parseDecimal(v, units.money);
              return r.ok ? null : `Amount ${r.message}`;
            }}
            onSubmit={async (amount) => {
              if (await saveWithToast(() => sell.mutateAsync({ id: selling.id, sold_amount: amount }), messages.itemSold)) setSelling(null);
            }}
          />
        ) : null}
      </Modal>
    </section>
  );
}
