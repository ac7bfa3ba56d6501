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
      suffix: ' KG',
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
  /** Side by side where there is room; one above the other on a phone and beside the links on a PC. */
  /** On a phone a label may go above its figure (the outbox count needs the room); a figure never breaks. */
  summary:
    'flex min-w-0 flex-col items-end text-right text-xs leading-tight sm:shrink-0 sm:flex-row sm:items-center sm:gap-3 sm:whitespace-nowrap sm:text-sm xl:flex-col xl:items-end xl:gap-0 2xl:flex-row 2xl:items-center 2xl:gap-3',
  figure: (negative: boolean) => `whitespace-nowrap tabular-nums ${negative ? 'text-error' : ''}`,
  /** The name gives way first (it is in the menu's account too): the figures wrap only when it is gone. */
  user: 'max-w-28 shrink-[1000] truncate text-sm font-semibold sm:max-w-48 xl:max-w-32 xl:shrink-0 2xl:max-w-48',
  /** The company name gives way to the figures and the links when someone is signed in, below very
   *  wide screens (the logo stays, named for screen readers); where shown it shortens (…) rather
   *  than push anything onto a second row. */
  companyName: (signedIn: boolean) => (signedIn ? 'hidden truncate 2xl:block' : ''),
};
