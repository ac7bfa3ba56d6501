import { useMessages } from '../../lib/i18n';

/** The toolbar of a statement or ledger: its date filter (if any), Print, and Export CSV. Not printed. */
export function ReportActions({ filter, onCsv }: { filter?: React.ReactNode; onCsv: () => void }) {
  const m = useMessages();
  return (
    <div className="no-print mt-4 flex flex-wrap items-end gap-2">
      {filter}
      <button type="button" className="btn btn-sm" onClick={() => window.print()}>
        {m.print}
      </button>
      <button type="button" className="btn btn-sm" onClick={onCsv}>
        {m.exportCsv}
      </button>
    </div>
  );
}
