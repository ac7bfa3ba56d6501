import type { Summary } from '../../../shared/books-api';
import { messages } from '../../../shared/messages';
import { formatKg, formatTaka, toUnits, units } from '../../../shared/money';
import type { FigureLanguage } from '../../../shared/digits';
import { type NavLink, navLinks } from '../../../shared/navigation';
import { type Role, allows } from '../../../shared/roles';

// What the header shows, kept free of React: the React header (site-header.tsx) and the home
// page's script (home-island.ts, for `/` served without React) draw the same things from here.

/** The links a visitor with this role sees (null: not signed in). */
export function headerLinks(role: Role | null): NavLink[] {
  return navLinks.filter((link) => allows(link.access, role));
}

/** Only acounts and admin see the stock and balance. */
export function showsSummary(role: Role | null): boolean {
  return role !== null && allows('acounts', role);
}

export interface HeaderFigure {
  testId: string;
  label: string;
  value: string;
  negative: boolean;
  suffix: string;
}

/** Wire stock in KG and the cash balance with 2 decimals (spec §2 header), in lakh groups: '৳ 23,55,772.17'. */
export function headerFigures(summary: Summary, lang: FigureLanguage = 'en'): HeaderFigure[] {
  return [
    {
      testId: 'header-stock',
      label: messages.stockLabel,
      value: formatKg(toUnits(summary.wire_stock, units.weight), lang),
      negative: summary.wire_stock < 0,
      suffix: messages.kgUnit,
    },
    {
      testId: 'header-balance',
      label: messages.balanceLabel,
      value: formatTaka(toUnits(summary.current_balance, units.money), lang),
      negative: summary.current_balance < 0,
      suffix: '',
    },
  ];
}

export const headerClasses = {
  /** Each figure on one line (label and figure side by side): on a phone on the header's own figures
   *  line (`strip`), from 640 px in the row, one above the other beside a PC's links (xl). */
  summary:
    'flex flex-wrap items-center justify-end gap-x-4 whitespace-nowrap text-right text-xs leading-5 sm:shrink-0 sm:flex-nowrap sm:gap-3 sm:text-sm sm:leading-tight xl:flex-col xl:items-end xl:gap-0 2xl:flex-row 2xl:items-center 2xl:gap-3',
  figure: (negative: boolean) => `whitespace-nowrap tabular-nums ${negative ? 'text-error' : ''}`,
  /** From 640 px (on a phone it is in the menu): the name gives way first, the figures never break. */
  user: 'hidden max-w-28 shrink-[1000] truncate text-sm font-semibold sm:block sm:max-w-48 xl:max-w-32 xl:shrink-0 2xl:max-w-48',
  /** A phone's line of figures under the header's row; its height is kept from the first paint (app.css, the role hint). */
  strip: 'sm:hidden',
  /** The company name gives way to the figures and the links when someone is signed in, below very
   *  wide screens (the logo stays, named for screen readers); where shown it shortens (…) rather
   *  than push anything onto a second row. */
  companyName: (signedIn: boolean) => (signedIn ? 'hidden truncate 2xl:block' : ''),
};
