import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client';

// Server state for the signed-in screens; the public page does not load it.
export function QueryProvider({ children }: { children: React.ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
