import { useSearchParams } from 'react-router';
import { useMessages } from '../../lib/i18n';

/** Start and end date kept in the page's address (`from`, `to`), so print and reload keep them. */
export function DateFilter() {
  const m = useMessages();
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const apply = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const next = new URLSearchParams(params);
    for (const key of ['from', 'to']) {
      const v = String(data.get(key) ?? '');
      if (v) next.set(key, v);
      else next.delete(key);
    }
    setParams(next);
  };
  return (
    <form onSubmit={apply} className="flex flex-wrap items-end gap-2" aria-label={m.dateFilter}>
      <label className="flex flex-col gap-1 text-sm">
        {m.startDate}
        <input type="date" name="from" className="input input-sm" defaultValue={params.get('from') ?? ''} />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        {m.endDate}
        <input type="date" name="to" className="input input-sm" defaultValue={params.get('to') ?? ''} />
      </label>
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
