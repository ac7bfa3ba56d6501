import { fill } from '../../../shared/messages';
import type { BackupHealth } from '../../../shared/api-schemas';
import { entryNo } from '../../lib/format';
import { textsOf, useTexts } from '../../lib/i18n';

// The backup warning's drawing and words, loaded only when there is something to warn of (most
// visits never fetch it: not in any first screen's bytes).
const backupTexts = textsOf(
  {
    backupFailed: 'The last backup of the books failed. Look at the server log and the backup folder.',
    backupOld: 'The last backup of the books is {days} days old. Look at the server log and the backup folder.',
  },
  {
    backupFailed: 'হিসাবের শেষ ব্যাকআপটি হয়নি। সার্ভারের লগ আর ব্যাকআপ ফোল্ডার দেখুন।',
    backupOld: 'হিসাবের শেষ ব্যাকআপটি {days} দিন আগের। সার্ভারের লগ আর ব্যাকআপ ফোল্ডার দেখুন।',
  },
);

export default function BackupAlert({ backup, onClose }: { backup: BackupHealth; onClose: () => void }) {
  const m = useTexts(backupTexts);
  // Stale without a failure: there is a good backup, older than two days.
  const text = backup.last_failed || backup.age_hours === null ? m.backupFailed : fill(m.backupOld, { days: entryNo(Math.floor(backup.age_hours / 24)) });
  return (
    <div role="alert" className="no-print alert alert-warning fixed inset-x-2 bottom-2 z-30 mx-auto max-w-2xl text-sm shadow-lg" data-testid="backup-warning">
      <span>{text}</span>
      <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label={m.close} onClick={onClose}>
        ✕
      </button>
    </div>
  );
}
