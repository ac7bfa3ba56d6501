import { formatLongDate } from '../../../shared/dates';
import { fill } from '../../../shared/messages';
import { home } from '../../content';
import { useMessages } from '../../lib/i18n';

/** On paper only: the company, the dates the page covers and the day it was printed. */
export function PrintHeading({ rangeText }: { rangeText: string }) {
  const m = useMessages();
  return (
    <div className="print-only mb-3">
      <p className="text-lg font-bold">{home.company.name}</p>
      <p className="text-sm">{fill(m.printedOn, { range: rangeText, date: formatLongDate(new Date()) })}</p>
    </div>
  );
}
