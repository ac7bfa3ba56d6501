/** Entries a party ledger lists at first; earlier ones in the range are carried in one line. Kept out of zod modules so the web's ledger chunk stays small. */
export const LEDGER_PAGE = 500;
