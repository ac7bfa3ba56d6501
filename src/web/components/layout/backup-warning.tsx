import { useEffect, useState } from 'react';
import type { BackupHealth } from '../../../shared/api-schemas';
import { fill } from '../../../shared/messages';
import { api } from '../../lib/api';
import { entryNo } from '../../lib/format';
import { useMessages } from '../../lib/i18n';

/** How often an admin's open app asks again (the health answer is cheap). */
const EVERY_MS = 30 * 60_000;

/**
 * For admins: a warning while the nightly backups are stale (the last one failed, or the last good
 * one is older than two days; /api/health says so). Fixed at the screen's foot: it moves nothing
 * already drawn when it appears, and a tap closes it when it covers what is needed.
 */
export function BackupWarning({ admin }: { admin: boolean }) {
  const m = useMessages();
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
  // Stale without a failure: there is a good backup, older than two days.
  const text = backup.last_failed || backup.age_hours === null ? m.backupFailed : fill(m.backupOld, { days: entryNo(Math.floor(backup.age_hours / 24)) });
  return (
    <div role="alert" className="no-print alert alert-warning fixed inset-x-2 bottom-2 z-30 mx-auto max-w-2xl text-sm shadow-lg" data-testid="backup-warning">
      <span>{text}</span>
      <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label={m.close} onClick={() => setClosed(true)}>
        ✕
      </button>
    </div>
  );
}
