// What other features use of the money accounts: the account field of the entry forms, and its start;
// every account's name, for the lists that show where an entry's money went; the transfer form,
// loaded when a transfer in the outbox is fixed.
export { AccountChoice } from './account-choice';
export { lastAccount } from './api';
export { useAccountNames } from './account-names';
export const loadTransferForm = () => import('./transfer-form').then((m) => ({ default: m.TransferForm }));
