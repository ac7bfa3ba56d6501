import { Suspense, lazy, useEffect, useState } from 'react';
import type { BackupHealth } from '../../../shared/api-schemas';
import { api } from '../../lib/api';

const BackupAlert = lazy(() => import('./backup-alert'));

/** How often an admin's open app asks again (the health answer is cheap). */
const EVERY_MS = 30 * 60_000;

/**
 * For admins: a warning while the nightly backups are stale (the last one failed, or the last good
 * one is older than two days; /api/health says so). Fixed at the screen's foot: it moves nothing
 * already drawn when it appears, and a tap closes it when it covers what is needed.
 */
export function BackupWarning({ admin }: { admin: boolean }) {
  const [backup, setBackup] = useState<BackupHealth | null>(null);
  // Closed, it stays away on this page until the next time the server is asked.
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (!admin) return;
    let live = true;
    const ask = () =>
      api<{ data: { backup?: BackupHealth } }>('GET', '/api/health').then(
        (answer) => {
          if (!live) return;
          setBackup(answer.data.backup ?? null);
          setClosed(false);
        },
        () => undefined, // unreachable or unhealthy: other screens say so; keep what was known
      );
    void ask();
    const timer = setInterval(() => void ask(), EVERY_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [admin]);

  if (!admin || !backup?.stale || closed) return null;
  return (
    <Suspense fallback={null}>
      <BackupAlert backup={backup} onClose={() => setClosed(true)} />
    </Suspense>
  );
}
