import { Gate } from '../features/auth/gate';
import { QueryProvider } from '../components/layout/query-provider';

// Layout for the books: accounts or admin only.
export default function AcountsArea() {
  return (
    <QueryProvider>
      <Gate access="acounts" />
    </QueryProvider>
  );
}
