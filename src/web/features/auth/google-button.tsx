import { useState } from 'react';
import { googleSignInUrl } from '../../lib/auth-actions';
import { errorText } from '../../lib/error-text';
import { tr, useMessages } from '../../lib/i18n';

/** Sign in with Google (OpenID Connect): the browser goes to Google and comes back signed in. */
export function GoogleButton({ returnTo, hidden = false }: { returnTo: string; hidden?: boolean }) {
  const m = useMessages();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      window.location.assign(await googleSignInUrl(returnTo));
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-2" hidden={hidden} data-google="">
      <div className="divider my-0 text-xs">{m.or}</div>
      <button type="button" className="btn btn-outline" onClick={start} disabled={busy} data-google-start="">
        <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
          <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3A12 12 0 1 1 24 12c3 0 5.8 1.1 7.9 3l5.7-5.7A20 20 0 1 0 44 24c0-1.2-.1-2.3-.4-3.5z" />
          <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8A12 12 0 0 1 24 12c3 0 5.8 1.1 7.9 3l5.7-5.7A20 20 0 0 0 6.3 14.7z" />
          <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2A12 12 0 0 1 12.7 28l-6.5 5A20 20 0 0 0 24 44z" />
          <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3a12 12 0 0 1-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.2-.1-2.3-.4-3.5z" />
        </svg>
        {m.signInGoogle}
      </button>
      {error ? <p className="text-sm text-error">{tr(error)}</p> : null}
    </div>
  );
}
