import { type AccountNames, accountNames } from '../../components/table/account-column';
import { useAccounts } from './api';

/**
 * Every account's name (an archived one too: old entries still name it), for the statements and
 * ledgers; `ready` once the list has come, so their tables are drawn once with their columns.
 */
export function useAccountNames(): AccountNames {
  const accounts = useAccounts();
  return accountNames(accounts.data ?? [], !accounts.isPending);
}
