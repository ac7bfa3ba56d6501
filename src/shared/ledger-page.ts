/** Entries a party ledger lists at first; earlier ones in the range are carried in one line. Kept out of zod modules so the web's ledger chunk stays small. */
export const LEDGER_PAGE = 500;

/** A list's `before` for the page after this row (newest first): `2026-11-22_15`. */
export const pageAfter = (row: { issue_date: string; id: number }) => `${row.issue_date}_${row.id}`;
