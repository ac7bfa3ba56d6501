// GET /api/overview: the day at a glance (dashboard home). Money in taka (2 decimals), stock in kg.

export interface OverviewCash {
  cash_in: number;
  cash_out: number;
}

export interface OverviewParty {
  partner_id: number;
  name: string;
  catagories: string;
  /** What they owe us (receivables) or we owe them (payables), always positive. */
  amount: number;
}

export interface OverviewMonth extends OverviewCash {
  /** YYYY-MM */
  month: string;
  /** The balance at the month's end. */
  balance: number;
}

export interface Overview {
  today: OverviewCash;
  month: OverviewCash;
  balance: number;
  stock: number;
  receivables: OverviewParty[];
  payables: OverviewParty[];
  open_fires: number;
  /** The last 12 months, oldest first, the current month last. */
  months: OverviewMonth[];
}

/** How many parties each list shows, and how many months the chart covers. */
export const OVERVIEW_TOP = 5;
export const OVERVIEW_MONTHS = 12;
