import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DateInput, isWireDay } from '../form/date-input';
import { useMessages } from '../../lib/i18n';

/** Start and end date kept in the page's address (`from`, `to`), so print and reload keep them. */
export function DateFilter() {
  const m = useMessages();
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const [typed, setTyped] = useState({ from, to });
  const ids = { from: useId(), to: useId() };
  const apply = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const next = new URLSearchParams(params);
    for (const key of ['from', 'to'] as const) {
      const v = typed[key];
      // Text that names no day stays in its field, which says why; the range is not changed.
      if (v && !isWireDay(v)) return;
      if (v) next.set(key, v);
      else next.delete(key);
    }
    setParams(next);
  };
  return (
    <form onSubmit={apply} className="flex flex-wrap items-end gap-2" aria-label={m.dateFilter}>
      {(['from', 'to'] as const).map((key) => (
        <div key={key} className="flex flex-col gap-1 text-sm">
          <label htmlFor={ids[key]}>{key === 'from' ? m.startDate : m.endDate}</label>
          <DateInput
            id={ids[key]}
            name={key}
            label={key === 'from' ? m.startDate : m.endDate}
            className="input input-sm w-36"
            value={typed[key]}
            onValue={(v) => setTyped((t) => ({ ...t, [key]: v }))}
          />
        </div>
      ))}
      <button type="submit" className="btn btn-sm btn-primary">
        {m.filter}
      </button>
      {from && to && from > to ? (
        <p role="alert" className="w-full text-sm text-error">
          {m.datesSwapped}
        </p>
      ) : null}
    </form>
  );
}
