import type { Generated } from 'kysely';
import type { EntryValues, FlagColumn, SumColumn } from '../../shared/entry-columns.ts';
import type { Role } from '../../shared/roles.ts';

// The database's tables as Kysely sees them. Each migration that adds a table adds it here.
export interface AppMetaTable {
  key: string;
  value: string;
}

/** better-auth's user table (created by its own migrations), with our `role` column. */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  role: Role;
  /** The interface language chosen (en, bn), null until chosen. */
  lang: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: Date | string;
}

export interface SignInFailuresTable {
  email: string;
  failures: number;
  last_failure_ms: number;
}

export interface SignInAddressesTable {
  email: string;
  ip: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor_id: string;
  actor_name: string;
  action: string;
  subject_kind: string;
  subject_id: string;
  before_json: string | null;
  after_json: string | null;
}

/** An account an admin has stopped (no row: not stopped). */
export interface AccountStopsTable {
  user_id: string;
  stopped_at: string;
  stopped_by_id: string;
  stopped_by_name: string;
}

export interface PartnerTable {
  id: Generated<number>;
  catagories: string;
  name: string;
  fname: string;
  mname: string;
  address: string;
  contact: string;
  nid: string;
  assigned_salary: string;
  user_note: string | null;
  /** What the name is compared by (shared/partner-names.ts): unique per category. */
  name_key: string;
  created_at: string;
  updated_at: string;
  /** Imported (migration 0019): the old record's key and the import batch; null when typed in. */
  import_key?: string | null;
  import_batch?: number | null;
  /** How much the party may owe us (poisha), or null: no limit (migration 0020). */
  credit_limit_p: number | null;
  /** 1: a sale past the limit is refused, not only warned of. */
  refuse_past_limit: number;
}

/** An import (migration 0019): who ran it, when, from where, and what it wrote. */
export interface ImportBatchTable {
  id: Generated<number>;
  source: string;
  created_at: string;
  created_by_id: string;
  created_by_name: string;
  partners: number;
  entries: number;
  users: number;
  voided_at: string | null;
  voided_by_name: string | null;
  void_reason: string | null;
}

/** One row per entry of any kind; its value columns come from the one list in shared/entry-columns.ts. */
export type EntryTable = Omit<EntryValues, FlagColumn> & { [K in FlagColumn]: Generated<number> } & {
  id: Generated<number>;
  kind: string;
  issue_date: string;
  issued_by: string;
  author_id: string;
  created_at: string;
  party_id: number | null;
  cash_p: number;
  stock_g: number;
  voided: Generated<number>;
  void_of: number | null;
  ref_id: number | null;
  /** A correction's replacement: the entry it stands in for. */
  corrects_id: number | null;
  void_reason: string | null;
  idempotency_key: string | null;
  /** When an entry sent late (a phone's outbox) was made; null when saved at once. */
  made_at: string | null;
  /** When a lifecycle happened (a fire ended, an asset sold) and who did it (migration 0018). */
  lifecycle_at: string | null;
  lifecycle_by: string | null;
  /** A late voucher (dated before the day it was entered): the business day it was entered on; null otherwise. */
  entered_on: string | null;
  /** A late voucher: why it was entered late; null otherwise. */
  backdate_reason: string | null;
  /** The money account its money went through (money_accounts; 1 is Cash in hand). */
  account_id: number;
  /** A transfer's receiving account (its money leaves `account_id`); null on every other entry. */
  to_account_id: number | null;
  /** Imported (migration 0019): the old record's key (`<collection>:<_id>`) and the import batch; null when typed in. */
  import_key?: string | null;
  import_batch?: number | null;
};

/** Where money is: Cash in hand (id 1), bank accounts, mobile wallets. Never deleted; archived. */
export interface MoneyAccountTable {
  id: Generated<number>;
  name: string;
  /** The name as compared (trimmed, spaces folded, lower case): unique. */
  name_key: string;
  type: string;
  bank: string | null;
  branch: string | null;
  number: string | null;
  archived: Generated<number>;
  created_at: string;
  updated_at: string;
  /** The last day closed for this account (migration 0021): nothing dated on or before it is written. */
  closed_through: Generated<string | null>;
}

/** A day's close of an account (migration 0021, modules/books/day-close.ts). */
export interface DayCloseTable {
  id: Generated<number>;
  account_id: number;
  day: string;
  book_p: number;
  counted_p: number;
  difference_p: number;
  /** The count per note as JSON ({"1000": 3}), when the drawer was counted by notes. */
  notes: string | null;
  reason: string | null;
  /** The difference entry (cash short or over), when book and counted differ. */
  entry_id: number | null;
  closed_by: string;
  closed_by_id: string;
  closed_at: string;
  reopened_at: string | null;
  reopened_by: string | null;
  reopen_reason: string | null;
}

/** Money in and out of an account over its live entries, per day and in all (modules/books/rollups.ts). */
export interface AccountDayTotalsTable {
  account_id: number;
  issue_date: string;
  count: number;
  cash_in_p: number;
  cash_out_p: number;
}
export interface AccountTotalsTable {
  account_id: number;
  count: number;
  cash_in_p: number;
  cash_out_p: number;
}

export interface LedgerSummaryTable {
  id: number;
  balance_p: number;
  stock_g: number;
  entry_count: number;
}

/** Running totals of live entries (modules/books/rollups.ts); `name_key` is the name, '' for none. */
type Sums = { count: number } & Record<SumColumn, number>;
export type KindDayTotalsTable = Sums & { kind: string; issue_date: string };
export type KindNameDayTotalsTable = Sums & { kind: string; name_key: string; issue_date: string };
export interface KindNameTotalsTable {
  kind: string;
  name_key: string;
  count: number;
  party_id: number | null;
}
export interface PartyDayTotalsTable {
  party_id: number;
  issue_date: string;
  count: number;
  effect_p: number;
  /** The day's positive effects (what the party came to owe us) and its negative ones, as a positive figure (migration 0020). */
  up_p: number;
  down_p: number;
}
export interface PartyTotalsTable {
  party_id: number;
  count: number;
  effect_p: number;
  up_p: number;
  down_p: number;
}

/** The production report's rollups: kinds by month; firings and repairs by pot and by fire man. */
export interface KindMonthTotalsTable extends Sums {
  kind: string;
  month_key: string;
}
export interface PotMonthTotalsTable extends Sums {
  kind: string;
  pot_key: string;
  month_key: string;
}
export interface PotDayTotalsTable extends Sums {
  kind: string;
  pot_key: string;
  issue_date: string;
}
export interface FireManMonthTotalsTable extends Sums {
  kind: string;
  fire_man_key: string;
  month_key: string;
}
export interface FireManDayTotalsTable extends Sums {
  kind: string;
  fire_man_key: string;
  issue_date: string;
}

/** A cheque received or issued (migration 0022, modules/books/cheques.ts). */
export interface ChequeTable {
  id: Generated<number>;
  /** The payment entry (a kind with `cheque` in the registry) it paid. */
  entry_id: number;
  direction: string;
  partner_id: number | null;
  amount_p: number;
  cheque_no: string;
  cheque_bank: string;
  /** The day written on it (may be in the future: a post-dated cheque). */
  cheque_date: string;
  state: string;
  /** The bank account: an issued cheque's, drawn on; a received one's, deposited into. */
  account_id: number | null;
  deposited_on: string | null;
  /** The day it cleared, bounced or was cancelled. */
  settled_on: string | null;
  /** The transfer that moved its money into (or out of) the bank account when it cleared. */
  clear_entry_id: number | null;
  /** The entry that undid it for the party when it bounced or was cancelled. */
  return_entry_id: number | null;
  reason: string | null;
  created_at: string;
  changed_at: string;
  changed_by: string;
}

export interface DB {
  cheques: ChequeTable;
  kind_month_totals: KindMonthTotalsTable;
  pot_month_totals: PotMonthTotalsTable;
  pot_day_totals: PotDayTotalsTable;
  fire_man_month_totals: FireManMonthTotalsTable;
  fire_man_day_totals: FireManDayTotalsTable;
  kind_day_totals: KindDayTotalsTable;
  kind_name_day_totals: KindNameDayTotalsTable;
  kind_name_totals: KindNameTotalsTable;
  party_day_totals: PartyDayTotalsTable;
  party_totals: PartyTotalsTable;
  money_accounts: MoneyAccountTable;
  day_closes: DayCloseTable;
  account_day_totals: AccountDayTotalsTable;
  account_totals: AccountTotalsTable;
  partners: PartnerTable;
  import_batches: ImportBatchTable;
  entries: EntryTable;
  ledger_summary: LedgerSummaryTable;
  app_meta: AppMetaTable;
  user: UserTable;
  session: SessionTable;
  audit_log: AuditLogTable;
  account_stops: AccountStopsTable;
  sign_in_failures: SignInFailuresTable;
  sign_in_addresses: SignInAddressesTable;
  share_links: ShareLinkTable;
  party_answers: PartyAnswerTable;
  party_reminders: PartyReminderTable;
  address_failures: AddressFailuresTable;
}

/** A party's shared statement link (migration 0024): only the sha256 of its token is kept. */
export interface ShareLinkTable {
  id: Generated<number>;
  partner_id: number;
  token_hash: string;
  /** The party's language: 'en' or 'bn'. */
  lang: string;
  from_date: string | null;
  to_date: string | null;
  created_at: string;
  created_by: string;
  expires_at: string;
  revoked_at: string | null;
  first_opened_at: string | null;
  last_opened_at: string | null;
}

/** A party's answer to its statement: 'confirm' or 'dispute', on the closing balance it was shown. */
export interface PartyAnswerTable {
  id: Generated<number>;
  partner_id: number;
  link_id: number;
  answer: string;
  note: string | null;
  at: string;
  as_of: string;
  balance_p: number;
}

/** When a party was last sent its due, how ('whatsapp' or 'sms'), and by whom. */
export interface PartyReminderTable {
  partner_id: number;
  reminded_at: string;
  channel: string;
  reminded_by: string;
}

/** Wrong tries per address and purpose (`share:<ip>`), kept in the database for every instance. */
export interface AddressFailuresTable {
  key: string;
  failures: number;
  last_failure_ms: number;
}
