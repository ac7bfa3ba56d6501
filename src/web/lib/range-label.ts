import { type Messages, fill } from '../../shared/messages';
import { dateText } from './format';

/** The dates a statement, ledger or report covers, as people read them. */
export function rangeLabel(m: Messages, range: { from?: string | undefined; to?: string | undefined }): string {
  if (!range.from && !range.to) return m.allDates;
  return fill(m.rangeTo, { from: range.from ? dateText(range.from) : '…', to: range.to ? dateText(range.to) : '…' });
}

/** A range as the API's query takes it: `issue_date>=…` and `issue_date<=…` (read as keys `issue_date>`, `issue_date<`). */
export const rangeBounds = (range: { from?: string | undefined; to?: string | undefined }) =>
  [range.from ? `issue_date>=${range.from}` : '', range.to ? `issue_date<=${range.to}` : ''].filter(Boolean);
