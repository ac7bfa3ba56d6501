import { fill } from '../../../shared/messages';
import { countText } from '../../lib/format';
import { useMessages } from '../../lib/i18n';

/**
 * The label of a ledger's or cash book's first line: what it brings forward, and when the range
 * has more entries than are shown, how many came before them and a button to show them all.
 */
export function BroughtForward({
  label,
  earlier,
  count,
  busy,
  onShowAll,
}: {
  label: string;
  earlier: number;
  count: number;
  busy: boolean;
  onShowAll: () => void;
}) {
  const m = useMessages();
  return (
    <>
      {label}
      {earlier > 0 && (
        <>
          {fill(earlier === 1 ? m.earlierOne : m.earlierMany, { count: countText(earlier) })}
          <button type="button" className="btn btn-xs no-print" onClick={onShowAll} disabled={busy}>
            {fill(m.showAllEntries, { count: countText(count) })}
          </button>
        </>
      )}
    </>
  );
}
