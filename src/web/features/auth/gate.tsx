import { Navigate, Outlet, useLocation } from 'react-router';
import { useMessages } from '../../lib/i18n';
import { type Role, allows } from '../../../shared/roles';
import { useSession } from '../../lib/session';
import { useLanguageSettled } from '../../lib/language-settled';

/**
 * Shows its pages only to the role given (spec §6): 'loading' while the user is fetched, the
 * login page (and back) for visitors, and the spec's refusal text for a role too low.
 */
export function Gate({ access }: { access: Exclude<Role, 'user'> }) {
  const messages = useMessages();
  const session = useSession();
  const location = useLocation();
  const settled = useLanguageSettled();
  if (session.status === 'loading' || !settled) {
    return (
      <p className="p-10 text-center" role="status">
        {messages.loading}
      </p>
    );
  }
  if (!session.user) return <Navigate to={`/login?from=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (!allows(access, session.user.role)) {
    return (
      <main className="mx-auto max-w-xl px-6 py-16 text-center">
        <h1 className="text-2xl font-bold">{access === 'admin' ? messages.notAdmin : messages.notAcounts}</h1>
        <p className="mt-3">{messages.askAdmin}</p>
      </main>
    );
  }
  return <Outlet />;
}
