// What other features use of the money accounts: the account field of the entry forms, and its start.
export { AccountChoice } from './account-choice';
export { lastAccount } from './api';
