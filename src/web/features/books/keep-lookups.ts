import { accountsQuery } from '../accounts/api';
import { partnersQuery } from '../partners/api';
import { queryClient } from '../../lib/query-client';

// What the entry forms look up (the partners, the accounts), fetched the moment an entry screen opens
// and every few minutes while it is open, so the service worker keeps it for when the network goes
// (issue 32 item 3). Loaded by the screen on its own (a dynamic import): the entry screens' chunk,
// which other screens share, does not carry the two lists' modules.
const REFRESH_MS = 5 * 60_000;

export function keepLookups(needs: { partners: boolean; accounts: boolean }): () => void {
  const fetchStale = () => {
    if (needs.partners) void queryClient.prefetchQuery(partnersQuery);
    if (needs.accounts) void queryClient.prefetchQuery(accountsQuery);
  };
  fetchStale();
  const timer = setInterval(fetchStale, REFRESH_MS);
  return () => clearInterval(timer);
}
