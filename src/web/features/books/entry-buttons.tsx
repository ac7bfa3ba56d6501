import { useState } from 'react';
import type { KindDef } from '../../../shared/registry';
import { Modal } from '../../components/ui/modal';
import { tr, useMessages } from '../../lib/i18n';
import { EntryForm, preloadOnApproach } from './lazy-forms';

/** A page of buttons, each opening its kind's form in a pop-up (spec: cash-in and cash-out screens). */
export function EntryButtons({ kinds, extra }: { kinds: KindDef[]; extra?: { label: string; render: () => React.ReactNode }[] }) {
  useMessages();
  const [open, setOpen] = useState<string | null>(null);
  const items = [
    ...kinds.map((k) => ({ label: k.button ?? k.title, title: k.title, render: () => <EntryForm kind={k} /> })),
    ...(extra ?? []).map((e) => ({ ...e, title: e.label })),
  ];
  const current = items.find((i) => i.label === open);
  return (
    <>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {items.map((i) => (
          <button
            key={i.label}
            type="button"
            className="btn btn-outline h-auto min-h-14 whitespace-normal py-2"
            onClick={() => setOpen(i.label)}
            {...preloadOnApproach}
          >
            {tr(i.label)}
          </button>
        ))}
      </div>
      <Modal title={current?.title ?? ''} open={current !== undefined} onClose={() => setOpen(null)}>
        {current?.render()}
      </Modal>
    </>
  );
}
