import { Suspense, lazy, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { messages } from '../../../shared/messages';
import { notify, useToasterWanted } from '../../lib/notify';
import { refreshSession } from '../../lib/session';

const Toaster = lazy(() => import('react-hot-toast').then((m) => ({ default: () => <m.Toaster position="top-center" /> })));

/** Mounts the toaster once a toast is asked for. */
export function Toasts() {
  const wanted = useToasterWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/**
 * Arrivals from outside the app carry a note in the URL: back from Google (`auth=google`) or from
 * the verification link (`auth=verified`). Show it once and tidy the address.
 */
export function AuthArrivalNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const arrival = params.get('auth');
    if (arrival !== 'google' && arrival !== 'verified') return;
    params.delete('auth');
    void refreshSession();
    void notify('success', arrival === 'google' ? messages.signedIn : messages.emailVerified);
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  }, [location.pathname, location.search, navigate]);
  return null;
}
