import { amountInWords } from '../../../shared/amount-words';
import { toUnits, units } from '../../../shared/money';
import { figureLanguage } from '../../lib/format';
import { tr, useMessages } from '../../lib/i18n';

/** A taka amount from the wire (e.g. 23557.72) in words, for print: 'Taka ... Only' (kept out of lib/format so the first screens do not carry the number words). */
export const takaInWords = (value: number, lang = figureLanguage()) => amountInWords(toUnits(value, units.money), lang);

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
