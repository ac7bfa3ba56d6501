import { useQuery } from '@tanstack/react-query';
import { todayIn } from '../../../shared/dates';
import { configQuery } from '../../lib/config';
import { dateText, formatCell } from '../../lib/format';
import { useTexts } from '../../lib/i18n';
import { chequesQuery } from './api';
import { chequeDueTexts } from './cheque-due-texts';

// Its own module, apart from the cheques' page: the dashboard shows it on every first visit, and the
// page's module brings the lists', dialogs' and forms' shared chunks with it (~12 KiB gzip).

/** The dashboard's cheques due this week (and any overdue, not yet cleared): nothing for those who cannot see cheques. */
export function ChequesDue() {
  const m = useTexts(chequeDueTexts);
  const config = useQuery(configQuery);
  // The business day a week from now (exact where the zone keeps one offset, as Dhaka does; near
  // midnight on a week with a clock change it may be a day either way, for this card only).
  const weekEnd = todayIn(config.data?.timeZone ?? 'Asia/Dhaka', new Date(Date.now() + 7 * 86_400_000));
  const q = useQuery({ ...chequesQuery('in_hand,deposited', weekEnd), retry: false });
  if (!q.data) return null;
  return (
    <div className="mt-6 rounded-box border border-base-300 p-4" data-testid="cheques-due">
      <h2 className="text-lg font-semibold">{m.chequesDueWeek}</h2>
      {q.data.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{m.chequesDueNone}</p>
      ) : (
        <ul className="mt-2 divide-y divide-base-300">
          {q.data.map((c) => (
            <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-x-4 py-1">
              <span className="min-w-0 break-words">
                {dateText(c.cheque_date)} · {c.name ?? '—'} · {c.direction === 'received' ? m.chequeReceived : m.chequeIssued}
              </span>
              <span className="font-semibold tabular-nums">{formatCell(c.amount, 'money')}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
