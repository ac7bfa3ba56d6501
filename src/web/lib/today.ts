import { formatLongDate } from '../../shared/dates';

export interface Today {
  /** '22 November 2026', for people. */
  text: string;
  /** '2026-11-22', for a <time dateTime>. */
  iso: string;
}

/** Today in the visitor's own time zone, as the home page's date line shows it. */
export function today(now: Date): Today {
  const two = (n: number) => String(n).padStart(2, '0');
  return { text: formatLongDate(now), iso: `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}` };
}
