// What other features use of the books: the row actions of an entry (Void, End Time, Sell) and
// how an entry reads in a list.
export { EntryActions, EntryAmount, LateMark, VoidMark, csvStatus, entrySummary } from './entry-actions';
