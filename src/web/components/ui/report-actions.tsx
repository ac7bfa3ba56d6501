import { useMessages } from '../../lib/i18n';

/**
 * The toolbar of a statement or ledger: its date filter (if any), Print, and Export CSV. Not printed.
 * `onPrint` readies the page first (every row drawn) before the browser's print dialog opens.
 */
export function ReportActions({ filter, onCsv, onPrint }: { filter?: React.ReactNode; onCsv: () => void; onPrint?: () => Promise<void> }) {
  const m = useMessages();
  return (
    <div className="no-print mt-4 flex flex-wrap items-end gap-2">
      {filter}
      <button type="button" className="btn btn-sm" onClick={() => void (onPrint ? onPrint() : Promise.resolve()).then(() => window.print())}>
        {m.print}
      </button>
      <button type="button" className="btn btn-sm" onClick={onCsv}>
        {m.exportCsv}
      </button>
    </div>
  );
}
