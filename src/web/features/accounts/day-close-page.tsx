import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { todayIn } from '../../../shared/dates';
import { NOTES, notesTotal } from '../../../shared/day-close';
import { fill } from '../../../shared/messages';
import { formatTaka, parseDecimal, units } from '../../../shared/money';
import { DateInput, isWireDay } from '../../components/form/date-input';
import { configQuery } from '../../lib/config';
import { errorText } from '../../lib/error-text';
import { digitsFor } from '../../../shared/digits';
import { dateText, figureLanguage } from '../../lib/format';
import { useTexts } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { type DayClose, cashbookQuery, dayClosesQuery, useAccounts, useDayClose } from './api';
import { AccountOptions } from './transfer-form';
import { accountTexts } from './texts';

// The day's close (issue 28 part 7): pick the account and the day, count the drawer note by note
// (a bank account or a wallet: the statement's balance), see the book against the count and the
// difference as it is typed, give the reason when they differ, and close. Below, the closed days
// with who closed them and when; an admin reopens the latest with a reason. docs/decisions/0032.

export function DayClosePage() {
  const m = useTexts(accountTexts);
  const lang = figureLanguage();
  const taka = (poisha: number) => formatTaka(poisha, lang);
  const admin = useSession().user?.role === 'admin';
  const config = useQuery(configQuery).data;
  const accounts = (useAccounts().data ?? []).filter((a) => !a.archived);
  const [accountId, setAccountId] = useState('1');
  const today = todayIn(config?.timeZone ?? 'Asia/Dhaka');
  const [day, setDay] = useState(today);
  // Text typed that names no day: its field says why; the book shown stays today's, nothing is closed.
  const readable = isWireDay(day);
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [counted, setCounted] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const account = accounts.find((a) => String(a.id) === accountId);
  const byNotes = (account?.type ?? 'cash') === 'cash';
  const book = useQuery(cashbookQuery(accountId, readable ? { from: day, to: day } : { from: today, to: today }, 1)).data;
  const closes = useQuery(dayClosesQuery(accountId)).data ?? [];
  const save = useDayClose();

  // The day is closed already (a live close of it or of a later day): nothing to count, it says so.
  const closedBy = closes.find((c) => !c.reopened_at && c.date >= day);
  const counts = Object.fromEntries(Object.entries(notes).map(([n, v]) => [n, Number(v) || 0]));
  const typed = parseDecimal(counted || '0', units.money);
  const countedP = byNotes ? notesTotal(counts) : typed.ok ? typed.value : 0;
  const bookP = book ? Math.round(book.closing * 100) : null;
  const difference = bookP === null ? null : countedP - bookP;

  const close = async () => {
    setError(null);
    if (!readable) return;
    const body: Record<string, unknown> = { account_id: accountId, date: day, reason };
    if (byNotes) body.notes = counts;
    else body.counted = counted;
    try {
      await save.mutateAsync({ body });
      void notify('success', m.dayCloseDone);
      setNotes({});
      setCounted('');
      setReason('');
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <section>
      <h1 className="text-2xl font-bold">{m.dayCloseTitle}</h1>
      <p className="mt-1 text-sm text-muted">{m.dayCloseIntro}</p>
      <form
        className="mt-4 grid gap-3 rounded-box border border-base-300 p-3 sm:max-w-2xl"
        onSubmit={(e) => {
          e.preventDefault();
          void close();
        }}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="form-control flex flex-col gap-1">
            <span className="label-text">{m.dayCloseAccount}</span>
            <select className="select select-bordered" value={accountId} onChange={(e) => setAccountId(e.target.value)} data-testid="day-close-account">
              <AccountOptions accounts={accounts} />
            </select>
          </label>
          <div className="form-control flex flex-col gap-1">
            <label className="label-text" htmlFor="day-close-date">
              {m.dayCloseDate}
            </label>
            <DateInput id="day-close-date" label={m.dayCloseDate} className="input input-bordered" value={day} onValue={setDay} testId="day-close-date" />
          </div>
        </div>
        {closedBy ? (
          <p className="font-semibold" role="status" data-testid="day-close-closed">
            {m.dayCloseDone}: {dateText(closedBy.date)}
          </p>
        ) : (
          <>
            {byNotes ? (
              <fieldset>
                <legend className="label-text">{m.dayCloseNotes}</legend>
                <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
                  {NOTES.map((n) => (
                    <label key={n} className="form-control flex flex-col gap-1">
                      <span className="label-text text-sm">{fill(m.dayCloseNote, { note: digitsFor(String(n), lang) })}</span>
                      <input
                        className="input input-bordered input-sm"
                        inputMode="numeric"
                        pattern="[0-9]*"
                        value={notes[String(n)] ?? ''}
                        onChange={(e) => setNotes({ ...notes, [String(n)]: e.target.value.replace(/\D/g, '') })}
                        data-testid={`day-close-note-${n}`}
                      />
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : (
              <label className="form-control flex flex-col gap-1">
                <span className="label-text">{m.dayCloseCounted}</span>
                <input
                  className="input input-bordered w-full"
                  inputMode="decimal"
                  value={counted}
                  onChange={(e) => setCounted(e.target.value)}
                  data-testid="day-close-counted"
                />
              </label>
            )}
            <dl className="grid grid-cols-3 gap-2 text-center" data-testid="day-close-figures">
              <div>
                <dt className="text-sm text-muted">{m.dayCloseBook}</dt>
                <dd className="font-semibold tabular-nums" data-testid="day-close-book">
                  {bookP === null ? '…' : taka(bookP)}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-muted">{m.dayCloseCounted}</dt>
                <dd className="font-semibold tabular-nums" data-testid="day-close-total">
                  {taka(countedP)}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-muted">{m.dayCloseDifference}</dt>
                <dd className={`font-semibold tabular-nums ${difference ? 'text-error' : ''}`} data-testid="day-close-difference">
                  {difference === null ? '…' : taka(difference)}
                </dd>
              </div>
            </dl>
            {difference ? (
              <label className="form-control flex flex-col gap-1">
                <span className="label-text">{m.dayCloseReason}</span>
                <input
                  className="input input-bordered w-full"
                  value={reason}
                  maxLength={300}
                  onChange={(e) => setReason(e.target.value)}
                  data-testid="day-close-reason"
                />
              </label>
            ) : null}
            {error ? (
              <p role="alert" className="text-error">
                {error}
              </p>
            ) : null}
            <button type="submit" className="btn btn-primary" disabled={save.isPending} data-testid="day-close-submit">
              {m.dayCloseSubmit}
            </button>
          </>
        )}
      </form>

      <h2 className="mt-6 text-lg font-semibold">{m.dayCloseList}</h2>
      {closes.length === 0 ? <p className="mt-2 text-muted">{m.dayCloseNone}</p> : null}
      <ul className="mt-2 grid gap-2 sm:max-w-2xl">
        {closes.map((c, i) => (
          <CloseRow key={c.id} close={c} canReopen={admin && !c.reopened_at && closes.findIndex((x) => !x.reopened_at) === i} />
        ))}
      </ul>
    </section>
  );
}

function CloseRow({ close, canReopen }: { close: DayClose; canReopen: boolean }) {
  const m = useTexts(accountTexts);
  const lang = figureLanguage();
  const taka = (v: number) => formatTaka(Math.round(v * 100), lang);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useDayClose();
  const reopen = async () => {
    setError(null);
    try {
      await save.mutateAsync({ reopen: close.id, body: { reason } });
      void notify('success', m.dayCloseReopenDone);
      setAsking(false);
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <li className={`rounded-box border border-base-300 p-3 ${close.reopened_at ? 'text-muted' : ''}`} data-testid="day-close-row">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <strong className={close.reopened_at ? 'line-through' : ''}>{dateText(close.date)}</strong>
        <span className="tabular-nums">
          {m.dayCloseBook} {taka(close.book)} · {m.dayCloseCounted} {taka(close.counted)} · {m.dayCloseDifference} {taka(close.difference)}
        </span>
      </div>
      {close.reason ? <p className="text-sm">{close.reason}</p> : null}
      <p className="text-sm text-muted">
        {m.dayCloseBy}: {close.closed_by}, {dateText(close.closed_at.slice(0, 10))}
      </p>
      {close.reopened_at ? <p className="text-sm">{fill(m.dayCloseReopened, { name: close.reopened_by ?? '', reason: close.reopen_reason ?? '' })}</p> : null}
      {canReopen && !asking ? (
        <button type="button" className="btn btn-outline btn-sm mt-2" onClick={() => setAsking(true)} data-testid="day-close-reopen">
          {m.dayCloseReopen}
        </button>
      ) : null}
      {asking ? (
        <form
          className="mt-2 flex flex-wrap gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void reopen();
          }}
        >
          <input
            className="input input-bordered input-sm grow"
            aria-label={m.dayCloseReopenReason}
            placeholder={m.dayCloseReopenReason}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="day-close-reopen-reason"
          />
          <button type="submit" className="btn btn-warning btn-sm" disabled={save.isPending}>
            {m.dayCloseReopen}
          </button>
          {error ? (
            <p role="alert" className="w-full text-error">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
    </li>
  );
}
