import { tr, useMessages } from '../../lib/i18n';

/**
 * Amounts in words under a printed statement or ledger ('Paid Amount in words: Taka ... Only'),
 * as an accountant writes them under a total. On paper only: the screen has the figures.
 */
export function InWords({ items }: { items: readonly { label: string; words: string }[] }) {
  const messages = useMessages();
  if (items.length === 0) return null;
  return (
    <div className="print-only mt-3 text-sm" data-testid="in-words">
      {items.map((i) => (
        <p key={i.label}>
          {tr(i.label)} ({messages.inWords.toLowerCase()}): <strong>{i.words}</strong>
        </p>
      ))}
    </div>
  );
}
