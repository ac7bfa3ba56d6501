import type { Registry } from '../../../shared/registry.ts';
import { PARTNER_COLLECTION } from '../../../shared/registry.ts';
import { TRANSFER_KIND } from '../../../shared/transfers.ts';

// The books' own export format (docs/decisions/0040): the old system's (one `<collection>.json`
// per registry kind, its `path`; partners in `userDetailsData.json`; people in
// `loggedInUsers.json`) plus the collections only our books have. What the old system did not
// know of an entry (its account, stamps, void, correction and lifecycle links) rides in one key of
// its document, `_ama`, which the old system's documents never have.

/** The collections the old system did not have, in the order they are read back. */
export const NATIVE_COLLECTIONS = {
  accounts: 'moneyAccounts',
  transfers: 'transfers',
  /** Entries the server writes itself: a day close's difference, a returned cheque, an asset's sale. */
  made: 'madeEntries',
  cheques: 'cheques',
  dayCloses: 'dayCloses',
} as const;

export const PEOPLE_COLLECTION = 'loggedInUsers';

/** The key of a document's own part: what only our books know of it. */
export const NATIVE_KEY = '_ama';

/** A voided entry's reversal as exported: who voided it, when and why (its day is the reversal's). */
export interface ExportedVoid {
  issue_date: string;
  issued_by: string;
  author_id: string;
  created_at: string;
  reason: string | null;
  /** The reversal's number. */
  no?: number;
}

/** An entry's `_ama`: references are the referred document's `<collection>:<_id>` (its import key once imported). */
export interface NativeEntryPart {
  /** Its number in the books it came from: kept when the whole export goes into empty books. */
  no?: number;
  account?: string;
  to_account?: string;
  party?: string;
  created_at?: string;
  author_id?: string;
  made_at?: string;
  entered_on?: string;
  backdate_reason?: string;
  lifecycle_at?: string;
  lifecycle_by?: string;
  corrects?: string;
  ref?: string;
  voided?: ExportedVoid;
}

/** The collection an entry of `kind` is exported to. */
export function collectionOfKind(registry: Registry, kind: string): string {
  if (kind === TRANSFER_KIND) return NATIVE_COLLECTIONS.transfers;
  return registry.byName(kind)?.path ?? NATIVE_COLLECTIONS.made;
}

/**
 * A record's `_id` in `collection`: the old key it came in with (without its collection), or
 * `ama-<id>` for one made in these books.
 */
export function exportedId(collection: string, id: number, importKey: string | null | undefined): string {
  if (!importKey) return `ama-${id}`;
  return importKey.startsWith(`${collection}:`) ? importKey.slice(collection.length + 1) : importKey;
}

export const keyIn = (collection: string, id: string) => `${collection}:${id}`;
export const partnerKey = (id: string) => keyIn(PARTNER_COLLECTION, id);
