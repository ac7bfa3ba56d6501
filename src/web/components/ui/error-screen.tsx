import { Link } from 'react-router';
import { tr, useMessages } from '../../lib/i18n';

// One look for every error the user can meet: 404s, refused methods, and crashes.
export function ErrorScreen({ status, title, detail }: { status?: number; title: string; detail?: string }) {
  const m = useMessages();
  return (
    <main className="mx-auto flex min-h-[55vh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      {status ? <p className="text-6xl font-black text-primary">{status}</p> : null}
      <h1 className="text-2xl font-bold sm:text-3xl">{tr(title)}</h1>
      {detail ? <pre className="max-w-full overflow-x-auto whitespace-pre-wrap rounded-box bg-base-200 px-4 py-3 text-left text-sm">{detail}</pre> : null}
      <Link to="/" className="btn btn-primary">
        {m.backHome}
      </Link>
    </main>
  );
}
