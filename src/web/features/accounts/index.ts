// What other features use of the money accounts: the account field of the entry forms, and its start;
// the accounts' names and the Account column of the lists.
export { AccountChoice } from './account-choice';
export { lastAccount } from './api';
export { type AccountNames, accountColumn, useAccountNames } from './account-names';
