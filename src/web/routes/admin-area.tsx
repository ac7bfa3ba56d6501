import { Gate } from '../features/auth/gate';
import { QueryProvider } from '../components/layout/query-provider';

// Layout for user administration: admin only.
export default function AdminArea() {
  return (
    <QueryProvider>
      <Gate access="admin" />
    </QueryProvider>
  );
}
