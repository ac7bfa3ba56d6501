import { type EntryScreen, type KindGroup, registry } from '../../../shared/registry';
import { tr, useMessages } from '../../lib/i18n';
import { useQuery } from '@tanstack/react-query';
import { recentQuery } from './api';
import { partnersQuery } from '../partners/api';
import { accountsQuery } from '../accounts/api';
import { EntryButtons } from './entry-buttons';
import { KindLog } from './kind-log';
import { EntryForm } from './lazy-forms';
import { OutboxList } from './outbox-list';
import { RecentEntries } from './recent-entries';

const LOOKUPS_REFRESH_MS = 5 * 60_000;

/**
 * An entry screen (Credit, Debit, Fire Count), from the registry: the forms of the kinds it
 * offers (buttons opening pop-ups, or the one form on the page), the latest entries of its side
 * of the books, and the logs of the kinds shown under it (the fire log, the assets).
 */
export function EntryScreenPage(props: { screen: EntryScreen; title: string; recent?: KindGroup; extra?: { label: string; render: () => React.ReactNode }[] }) {
  useMessages();
  const kinds = registry.onScreen(props.screen);
  // What the forms look up (the partners, the accounts) is fetched the moment the screen opens and
  // every few minutes while it is open, so the service worker has it when the network goes (issue 32 item 3).
  useQuery({ ...partnersQuery, enabled: kinds.some((k) => k.fields.some((f) => f.input.type === 'party')), refetchInterval: LOOKUPS_REFRESH_MS });
  useQuery({ ...accountsQuery, enabled: kinds.some((k) => k.cash), refetchInterval: LOOKUPS_REFRESH_MS });
  const recentPending = useQuery({ ...recentQuery(props.recent ?? 'cashIn'), enabled: Boolean(props.recent) }).isPending && Boolean(props.recent);
  const single = kinds.length === 1 && !props.extra?.length ? kinds[0] : undefined;
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-4 text-2xl font-bold">{tr(props.title)}</h1>
      {single ? (
        // The one form on the page arrives with the forms' chunk: its place is kept meanwhile (the
        // Fire Count form's height, on a phone and from 640 px), so the log below does not move.
        <div className="rounded-box border border-base-300 p-4">
          <EntryForm kind={single} keep="min-h-[38.25rem] sm:min-h-[24rem]" />
        </div>
      ) : (
        <EntryButtons kinds={kinds} extra={props.extra} />
      )}
      <OutboxList />
      {props.recent ? <RecentEntries group={props.recent} /> : null}
      {/* The lists below the latest entries come once those are here: arriving, they would push them down. */}
      {recentPending
        ? null
        : registry.kinds.filter((k) => k.log?.screens?.includes(props.screen)).map((k) => <KindLog key={k.kind} kind={k} title={k.log?.title ?? k.title} />)}
    </main>
  );
}
