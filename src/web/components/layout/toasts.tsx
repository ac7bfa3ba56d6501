import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { arrivalNote } from '../../lib/auth-arrival';
import { notify, useToasterWanted } from '../../lib/notify';
import { refreshSession } from '../../lib/session';

// Below the header, so a toast never hides the balance and stock figures; in an open dialog,
// below its title and close ✕, so neither is hidden while a toast shows. A toast has nothing to
// tap: a tap (or a pointer resting on it) goes through to what lies under it, and does not hold it.
const Toaster = lazy(() =>
  import('react-hot-toast').then((m) => ({
    default: function PlacedToaster({ host }: { host: HTMLElement | null }) {
      m.useToasterStore(); // drawn again with each toast, so the place is measured when it shows
      // Never on paper: a toast showing when Print is pressed would be printed over the page.
      return (
        <m.Toaster
          position="top-center"
          containerClassName="no-print"
          containerStyle={{ top: toastTop(host) }}
          toastOptions={{ style: { pointerEvents: 'none' } }}
        />
      );
    },
  })),
);

const BELOW_HEADER = 80;

/** Where toasts start: under the page's header, and under what an open dialog marks `data-toasts-below` (unless scrolled away). */
function toastTop(host: HTMLElement | null): number {
  const marked = host ? [...host.querySelectorAll('[data-toasts-below]')].map((e) => Math.round(e.getBoundingClientRect().bottom) + 8) : [];
  return Math.max(BELOW_HEADER, ...marked);
}

// An open modal dialog sits in the browser's top layer, above anything in the page: while one is
// open the toasts are drawn inside it, so they show above its grey overlay.
let host: HTMLElement | null = null;
const listeners = new Set<() => void>();
function setHost(element: HTMLElement | null) {
  if (host === element) return;
  host = element;
  for (const l of listeners) l();
}
/** An open modal takes the toasts in; on closing it gives them back (only if it holds them). */
export const toastHost = {
  take: (element: HTMLElement) => setHost(element),
  release: (element: HTMLElement | null) => {
    if (element && host === element) setHost(null);
  },
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Mounts the toaster once a toast is asked for. */
export function Toasts() {
  const wanted = useToasterWanted();
  const target = useSyncExternalStore(
    subscribe,
    () => host,
    () => null,
  );
  if (!wanted) return null;
  const toaster = (
    <Suspense fallback={null}>
      <Toaster host={target} />
    </Suspense>
  );
  return target ? createPortal(toaster, target) : toaster;
}

/**
 * Arrivals from outside the app carry a note in the URL: back from Google (`auth=google`), from the
 * login page served without React (`auth=login`) or from the verification link (`auth=verified`). Show it once and tidy the address.
 */
export function AuthArrivalNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const note = arrivalNote(params.get('auth'));
    if (!note) return;
    params.delete('auth');
    void refreshSession();
    void notify('success', note);
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  }, [location.pathname, location.search, navigate]);
  return null;
}
