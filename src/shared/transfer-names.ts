// A transfer's names, apart from its schemas (zod): the outbox's list, in a screen's first load, needs only these.

export const TRANSFER_KIND = 'transfer';
/** POST /api/transfers (an outbox sends a transfer there as it sends an entry to its kind's path). */
export const TRANSFER_PATH = 'transfers';
/** What lists call a transfer (the catalogue's `transfer`, so it reads in Bangla too). */
export const TRANSFER_TITLE = 'Transfer';
