import { Suspense, lazy } from 'react';
import { NavLink, useParams, useSearchParams } from 'react-router';
import { messages } from '../../shared/messages';
import { tr, useMessages } from '../lib/i18n';
import { registry } from '../../shared/registry';
import { type DashboardPage, type MenuGroup, dashboardPageOf, historyMenuOf, isStatementLayout, sidebarOf } from '../../shared/registry-views';
import { OverviewFigures } from '../features/overview/overview';
import NotFound from './not-found';
import { titleIn } from '../lib/title';
import { useSession } from '../lib/session';
import { allows } from '../../shared/roles';

// Each page's code arrives with its first visit, so the dashboard's home (the first signed-in
// screen) carries only the overview (QUALITY.md P5: 150 KiB gzip in English and in Bangla).
const KindLog = lazy(() => import('../features/books/kind-log').then((m) => ({ default: m.KindLog })));
const LedgerBalances = lazy(() => import('../features/statements/ledger').then((m) => ({ default: m.LedgerBalances })));
const PartyLedger = lazy(() => import('../features/statements/ledger').then((m) => ({ default: m.PartyLedger })));
const PartnersInfo = lazy(() => import('../features/partners/partners-info').then((m) => ({ default: m.PartnersInfo })));
const HistoryList = lazy(() => import('../features/statements/lists').then((m) => ({ default: m.HistoryList })));
const PartyList = lazy(() => import('../features/statements/lists').then((m) => ({ default: m.PartyList })));
const Statement = lazy(() => import('../features/statements/statement').then((m) => ({ default: m.Statement })));

// The production report carries its own tables and chart: loaded when first opened.
const ProductionPage = lazy(() => import('../features/production/production-page'));
// The money accounts: their balances, and an admin's changes to them.
const DayClosePage = lazy(() => import('../features/accounts/day-close-page').then((m) => ({ default: m.DayClosePage })));
const AccountsPage = lazy(() => import('../features/accounts/accounts-page').then((m) => ({ default: m.AccountsPage })));
// An account's cash book: opening, every entry in and out, closing.
const CashbookPage = lazy(() => import('../features/accounts/cashbook-page').then((m) => ({ default: m.CashbookPage })));
// The cheques received and issued, by state, with their actions (issue 28 part 4).
const ChequesPage = lazy(() => import('../features/accounts/cheques-page').then((m) => ({ default: m.ChequesPage })));
const ChequesDue = lazy(() => import('../features/accounts/cheques-due').then((m) => ({ default: m.ChequesDue })));
// The old system's export brought in (issue 30, admins).
const ImportPage = lazy(() => import('../features/import/import-page').then((m) => ({ default: m.ImportPage })));
// Who owes what and since when (issue 29).
const DuesPage = lazy(() => import('../features/dues/dues-page').then((m) => ({ default: m.DuesPage })));
// An entry's printable receipt: opened from an entry's actions, loaded then.
// The opening balances' own form (they have no entry screen): on their pages, for whoever may enter them.
const EntryButtons = lazy(() => import('../features/books/entry-buttons').then((m) => ({ default: m.EntryButtons })));
const Receipt = lazy(() => import('../features/books/receipt').then((m) => ({ default: m.Receipt })));

export function meta() {
  return [{ title: titleIn('Dashboard · AMA Metal & Wire Industries') }];
}

const sidebar = sidebarOf(registry);
const historyMenu = historyMenuOf(registry);

const closeDrawer = () => {
  const toggle = document.getElementById('dashboard-drawer') as HTMLInputElement | null;
  if (toggle) toggle.checked = false;
};

/** A menu of dashboard pages (the sidebar's groups, the home's history menus). */
function MenuLinks({ group, onPick }: { group: MenuGroup; onPick?: () => void }) {
  useMessages();
  return (
    <ul className="menu w-full">
      {group.pages.map(({ name, page }) => (
        <li key={name}>
          <NavLink to={`/dashboard/${name}`} className={({ isActive }) => (isActive && onPick ? 'menu-active' : '')} onClick={onPick}>
            {tr(page.label)}
          </NavLink>
        </li>
      ))}
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
        <Content page={page} url={params.get('url')} partner={params.get('partner')} id={params.get('id')} />
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

function Content({ page, url, partner, id }: { page: string; url: string | null; partner: string | null; id: string | null }) {
  const p = dashboardPageOf(registry, page);
  // The 404 page brings its own main landmark; every other page is the main content here.
  if (!p && page !== '' && page !== 'ledger' && !(page === 'receipt' && id && /^[1-9]\d*$/.test(id)) && !isStatementLayout(page)) return <NotFound />;
  return (
    <main>
      <Suspense fallback={<p>{tr(messages.loading)}</p>}>
        {isStatementLayout(page) ? (
          <Statement type={page} url={url ?? ''} />
        ) : page === 'ledger' && partner && /^\d+$/.test(partner) ? (
          <PartyLedger partnerId={Number(partner)} />
        ) : page === 'receipt' && id ? (
          <Receipt id={Number(id)} />
        ) : page === '' || !p ? (
          <Home />
        ) : (
          <PageView page={p} />
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
        <NavLink to="/dashboard/production" className="btn btn-outline btn-sm">
          {m.productionLink}
        </NavLink>
      </p>
    </section>
  );
}
