import { type ComponentType, type MouseEvent, Suspense, lazy } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { messages } from '../../shared/messages';
import { tr, useMessages } from '../lib/i18n';
import { type StatementLayout, registry } from '../../shared/registry';
import { type DashboardPage, type MenuGroup, dashboardPageOf, historyMenuOf, isStatementLayout, sidebarOf } from '../../shared/registry-views';
import { OverviewFigures } from '../features/overview/overview';
import NotFound from './not-found';
import { titleIn } from '../lib/title';
import { useSession } from '../lib/session';
import { allows } from '../../shared/roles';
import { queryClient } from '../lib/query-client';
import { yieldToBrowser } from '../lib/yield';
import { dateRange, ledgerQuery } from '../features/statements/api';
import { accountsQuery } from '../features/accounts/api';
import { LEDGER_PAGE } from '../../shared/ledger-page';

// Each page's code arrives with its first visit, so the dashboard's home (the first signed-in
// screen) carries only the overview (QUALITY.md P5: 150 KiB gzip in English and in Bangla).
// `preload` asks for a part's files before it is drawn: the page a visit opens on is asked for when
// this module is evaluated (below), not after the first drawing. A part is drawn in a task of its
// own once its files are in (lib/yield.ts): asked for that early, they are often in before the app's
// first drawing, and Preact would then draw the app, the dashboard and the part in one long task.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React's own bound for `lazy`
function lazyPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loading: Promise<{ default: T }> | undefined;
  const preload = () =>
    (loading ??= load().then(async (part) => {
      await yieldToBrowser();
      return part;
    }));
  return Object.assign(lazy(preload), { preload });
}
const kindLogs = () => import('../features/books/kind-log');
const ledgers = () => import('../features/statements/ledger');
const lists = () => import('../features/statements/lists');
const KindLog = lazyPart(() => kindLogs().then((m) => ({ default: m.KindLog })));
const LedgerBalances = lazyPart(() => ledgers().then((m) => ({ default: m.LedgerBalances })));
const PartyLedger = lazyPart(() => ledgers().then((m) => ({ default: m.PartyLedger })));
const PartnersInfo = lazyPart(() => import('../features/partners/partners-info').then((m) => ({ default: m.PartnersInfo })));
const HistoryList = lazyPart(() => lists().then((m) => ({ default: m.HistoryList })));
const PartyList = lazyPart(() => lists().then((m) => ({ default: m.PartyList })));
const Statement = lazyPart(() => import('../features/statements/statement').then((m) => ({ default: m.Statement })));

// The production report carries its own tables and chart: loaded when first opened.
const ProductionPage = lazyPart(() => import('../features/production/production-page'));
// The money accounts: their balances, and an admin's changes to them.
const DayClosePage = lazyPart(() => import('../features/accounts/day-close-page').then((m) => ({ default: m.DayClosePage })));
const AccountsPage = lazyPart(() => import('../features/accounts/accounts-page').then((m) => ({ default: m.AccountsPage })));
// An account's cash book: opening, every entry in and out, closing.
const CashbookPage = lazyPart(() => import('../features/accounts/cashbook-page').then((m) => ({ default: m.CashbookPage })));
// The cheques received and issued, by state, with their actions (issue 28 part 4).
const ChequesPage = lazyPart(() => import('../features/accounts/cheques-page').then((m) => ({ default: m.ChequesPage })));
const ChequesDue = lazyPart(() => import('../features/accounts/cheques-due').then((m) => ({ default: m.ChequesDue })));
// The old system's export brought in (issue 30, admins).
const ImportPage = lazyPart(() => import('../features/import/import-page').then((m) => ({ default: m.ImportPage })));
// Who owes what and since when (issue 29).
const DuesPage = lazyPart(() => import('../features/dues/dues-page').then((m) => ({ default: m.DuesPage })));
// An entry's printable receipt: opened from an entry's actions, loaded then.
// The opening balances' own form (they have no entry screen): on their pages, for whoever may enter them.
const EntryButtons = lazyPart(() => import('../features/books/entry-buttons').then((m) => ({ default: m.EntryButtons })));
const Receipt = lazyPart(() => import('../features/books/receipt').then((m) => ({ default: m.Receipt })));

/** Each kind of dashboard page's part (PageView draws it with its props). */
const parts: Record<DashboardPage['type'], { preload: () => unknown }> = {
  party: PartyList,
  history: HistoryList,
  statement: Statement,
  log: KindLog,
  partners: PartnersInfo,
  ledger: LedgerBalances,
  production: ProductionPage,
  accounts: AccountsPage,
  cashbook: CashbookPage,
  cheques: ChequesPage,
  dayClose: DayClosePage,
  dues: DuesPage,
  import: ImportPage,
};

/** What the dashboard shows at `page` (the path under /dashboard/) with these search parameters. */
type Opening =
  | { to: 'statement'; layout: StatementLayout }
  | { to: 'partyLedger'; partnerId: number }
  | { to: 'receipt'; id: number }
  | { to: 'home' }
  | { to: 'page'; page: DashboardPage }
  | { to: 'notFound' };

function openingOf(page: string, params: URLSearchParams): Opening {
  const p = dashboardPageOf(registry, page);
  const partner = params.get('partner');
  const id = params.get('id');
  if (isStatementLayout(page)) return { to: 'statement', layout: page };
  if (page === 'ledger' && partner && /^\d+$/.test(partner)) return { to: 'partyLedger', partnerId: Number(partner) };
  if (page === 'receipt' && id && /^[1-9]\d*$/.test(id)) return { to: 'receipt', id: Number(id) };
  if (page === '' || (!p && page === 'ledger')) return { to: 'home' };
  return p ? { to: 'page', page: p } : { to: 'notFound' };
}

/** The part an opening draws first (its files asked for before the app's first drawing). */
function partOf(opening: Opening): { preload: () => unknown } | undefined {
  switch (opening.to) {
    case 'statement':
      return Statement;
    case 'partyLedger':
      return PartyLedger;
    case 'receipt':
      return Receipt;
    case 'home':
      return ChequesDue;
    case 'page':
      return parts[opening.page.type];
    case 'notFound':
      return undefined;
  }
}

/**
 * A visit that opens on a dashboard page asks for its part now, while the app is still starting, and
 * a party's ledger for its figures and the accounts' names with it (its first drawing waits for
 * all three): issue 32 item 4, the statement drawn one round trip sooner on a slow phone.
 */
function preloadOpening({ pathname, search }: Location) {
  if (!pathname.startsWith('/dashboard')) return;
  const page = pathname.slice('/dashboard/'.length);
  const params = new URLSearchParams(search);
  const opening = openingOf(page, params);
  void Promise.resolve(partOf(opening)?.preload()).catch(() => undefined);
  if (opening.to !== 'partyLedger') return;
  const range = dateRange(params.get('from'), params.get('to'));
  void queryClient.prefetchQuery(ledgerQuery(opening.partnerId, range, LEDGER_PAGE));
  void queryClient.prefetchQuery(accountsQuery);
}
if (typeof window !== 'undefined') preloadOpening(window.location);

export function meta() {
  return [{ title: titleIn('Dashboard · AMA Metal & Wire Industries') }];
}

const sidebar = sidebarOf(registry);
const historyMenu = historyMenuOf(registry);

const closeDrawer = () => {
  const toggle = document.getElementById('dashboard-drawer') as HTMLInputElement | null;
  if (toggle) toggle.checked = false;
};

/**
 * A menu of dashboard pages (the sidebar's groups, the home's history menus). Plain anchors with
 * one click handler for the list, not a NavLink each: the dashboard's first drawing carries about
 * seventy of them, and a NavLink's hooks per link made ~45 ms of one long task on a 4× slower CPU
 * (issue 32 item 4, Lighthouse's blocking time). A click a browser would handle itself (a new tab,
 * a modified or middle click) is left to it.
 */
function MenuLinks({ group, onPick }: { group: MenuGroup; onPick?: () => void }) {
  useMessages();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const follow = (e: MouseEvent<HTMLUListElement>) => {
    const a = (e.target as Element).closest('a');
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onPick?.();
    void navigate(a.getAttribute('href') ?? '/dashboard');
  };
  return (
    <ul className="menu w-full" onClick={follow}>
      {group.pages.map(({ name, page }) => {
        const to = `/dashboard/${name}`;
        const active = !!onPick && (pathname === to || pathname.startsWith(`${to}/`));
        return (
          <li key={name}>
            <a href={to} className={active ? 'menu-active' : ''} aria-current={active ? 'page' : undefined}>
              {tr(page.label)}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** /dashboard and everything under it: a sidebar (a drawer on phones) and the chosen page. */
export default function DashboardPage() {
  const m = useMessages();
  const page = useParams()['*'] ?? '';
  const role = useSession().user?.role ?? null;
  const [params] = useSearchParams();
  return (
    <div className="drawer lg:drawer-open">
      <input id="dashboard-drawer" type="checkbox" className="drawer-toggle" aria-label={m.openSidebar} />
      <div className="drawer-content min-w-0 px-4 py-6">
        <label htmlFor="dashboard-drawer" className="no-print btn btn-sm btn-outline mb-4 lg:hidden">
          {m.openSidebar}
        </label>
        <Content page={page} params={params} />
      </div>
      <div className="drawer-side no-print z-30">
        {/* Tapping beside the open sidebar closes it; the checkbox itself ("Open Sidebar") is the keyboard's control. */}
        <label htmlFor="dashboard-drawer" aria-hidden="true" className="drawer-overlay" />
        <nav aria-label={m.dashboardNav} className="min-h-full w-64 bg-base-200 p-3">
          {sidebar
            .filter((group) => !group.access || allows(group.access, role))
            .map((group) => (
              <div key={group.title} className="mb-4">
                <h2 className="menu-title px-3 text-xs uppercase">{tr(group.title)}</h2>
                <MenuLinks group={group} onPick={closeDrawer} />
              </div>
            ))}
        </nav>
      </div>
    </div>
  );
}

function Content({ page, params }: { page: string; params: URLSearchParams }) {
  const opening = openingOf(page, params);
  // The 404 page brings its own main landmark; every other page is the main content here.
  if (opening.to === 'notFound') return <NotFound />;
  return (
    <main>
      <Suspense fallback={<p>{tr(messages.loading)}</p>}>
        {opening.to === 'statement' ? (
          <Statement type={opening.layout} url={params.get('url') ?? ''} />
        ) : opening.to === 'partyLedger' ? (
          <PartyLedger partnerId={opening.partnerId} />
        ) : opening.to === 'receipt' ? (
          <Receipt id={opening.id} />
        ) : opening.to === 'home' ? (
          <Home />
        ) : (
          <PageView page={opening.page} />
        )}
      </Suspense>
    </main>
  );
}

function PageView({ page }: { page: DashboardPage }) {
  const role = useSession().user?.role ?? null;
  // The cut-over day's balances are entered on their own pages (an admin's, issue 30): their kinds have no entry screen.
  const opening =
    'kind' in page && page.kind.opening && allows(page.kind.write, role) ? (
      <div className="no-print my-3 max-w-md" data-testid="opening-form-button">
        <EntryButtons kinds={[page.kind]} />
      </div>
    ) : null;
  switch (page.type) {
    case 'party':
      return <PartyList kind={page.kind} label={page.label} actions={opening} />;
    case 'history':
      return <HistoryList kind={page.kind} label={page.label} />;
    case 'statement':
      return <Statement type={page.kind.dashboard.statement} url={page.kind.path} ownColumns actions={opening} />;
    case 'log':
      return <KindLog kind={page.kind} title={page.label} />;
    case 'partners':
      return <PartnersInfo />;
    case 'ledger':
      return <LedgerBalances />;
    case 'production':
      return <ProductionPage />;
    case 'accounts':
      return <AccountsPage />;
    case 'cashbook':
      return <CashbookPage />;
    case 'cheques':
      return <ChequesPage />;
    case 'dayClose':
      return <DayClosePage />;
    case 'dues':
      return <DuesPage />;
    case 'import':
      return <ImportPage />;
  }
}

/** The dashboard home: the day at a glance, then the history pages, debit and credit (spec §2). */
function Home() {
  const m = useMessages();
  return (
    <section>
      <h1 className="text-2xl font-bold">{m.dashboardNav}</h1>
      <OverviewFigures />
      <Suspense fallback={null}>
        <ChequesDue />
      </Suspense>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        {historyMenu.map((group) => (
          <div key={group.title} className="rounded-box border border-base-300 p-4">
            <h2 className="text-lg font-semibold">{tr(group.title)}</h2>
            <MenuLinks group={group} />
          </div>
        ))}
      </div>
      <p className="mt-6">
        <Link to="/dashboard/production" className="btn btn-outline btn-sm">
          {m.productionLink}
        </Link>
      </p>
    </section>
  );
}
