import { formatLongDate } from '../../../shared/dates';
import { home } from '../../content';

/** On paper only: the company, the dates the page covers and the day it was printed. */
export function PrintHeading({ rangeText }: { rangeText: string }) {
  return (
    <div className="print-only mb-3">
      <p className="text-lg font-bold">{home.company.name}</p>
      <p className="text-sm">
        {rangeText} · Printed on {formatLongDate(new Date())}
      </p>
    </div>
  );
}
