import { useEffect, useRef, useSyncExternalStore } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { home } from '../../content';
import { tr, useMessages } from '../../lib/i18n';
import { useOutbox, useOutboxSender } from '../../lib/outbox-store';
import { registerServiceWorker, useNewVersion } from '../../lib/service-worker';
import { signOut, useSession } from '../../lib/session';
import { type HeaderSummary as Figures, useSummary } from '../../lib/summary';
import { figureLanguage } from '../../lib/format';
import { formatTaka, toUnits, units } from '../../../shared/money';
import { BackupWarning } from './backup-warning';
import { LanguageSwitch } from './language-switch';
import { useLanguageSettled } from '../../lib/language-settled';
import { headerClasses, headerFigures, headerLinks, showsSummary } from './header-model';

export function SiteHeader() {
  const session = useSession();
  const m = useMessages();
  const user = session.user;
  const links = headerLinks(user?.role ?? null);
  const menu = useRef<HTMLDetailsElement>(null);
  const closeMenu = () => menu.current?.removeAttribute('open');
  const navigate = useNavigate();
  const summary = useSummary(showsSummary(user?.role ?? null));
  const wide = useWide();
  const settled = useLanguageSettled();
  const outbox = useOutbox(user?.id ?? null);
  useOutboxSender(user?.id ?? null);
  const newVersion = useNewVersion();
  useEffect(() => {
    if (user) registerServiceWorker();
  }, [user]);
  useDismissibleLists();

  const logout = async () => {
    closeMenu();
    // Home, then the session forgotten: forgotten first, a signed-in screen's gate would send the
    // page to the login instead (Preact draws that before the navigation to home).
    await signOut(() => navigate('/'));
  };

  const linkItems = (onClick?: () => void) =>
    links.map((link) => (
      <li key={link.to}>
        <NavLink to={link.to} end={link.to === '/'} onClick={onClick} className={({ isActive }) => (isActive ? 'menu-active' : '')}>
          {tr(link.label)}
        </NavLink>
      </li>
    ));

  const logoutItem = user ? (
    <li>
      <button type="button" onClick={logout}>
        {m.logout}
      </button>
    </li>
  ) : null;
  // What depends on who is in stands at the right, drawn when the session has answered (the
  // figures after it): what is already on screen does not move. Until then the page's first paint
  // has the signed-in shape from the role hint (shared/role-hint.ts, app.css): no company name below
  // 2xl, no signed-out links, the phone's figures line kept.
  const ready = session.status === 'ready' && settled;
  return (
    <header className="no-print border-b border-base-300 bg-base-100">
      <div className="navbar mx-auto max-w-7xl gap-1 px-3 sm:gap-2 2xl:max-w-none">
        <div className="flex min-w-8 flex-1 items-center gap-1 sm:gap-2">
          <Link to="/" aria-label={home.company.name} className="flex min-w-0 items-center gap-2 text-lg font-bold leading-tight text-primary">
            <img src="/favicon.svg" alt="" width={32} height={32} className="size-8 shrink-0" />
            <span className={headerClasses.companyName(Boolean(user)) || undefined} data-company-name>
              {home.company.name}
            </span>
          </Link>
          <LanguageSwitch className="shrink-0" />
        </div>
        {outbox.length > 0 ? (
          <Link
            to="/cashIn#outbox"
            className={`badge whitespace-nowrap ${outbox.some((e) => e.status === 'refused') ? 'badge-error' : 'badge-warning'}`}
            aria-label={m.outboxCountLabel.replace('{count}', String(outbox.length))}
            data-testid="outbox-count"
          >
            {m.outboxCount.replace('{count}', String(outbox.length))}
          </Link>
        ) : null}
        {summary && wide && ready ? <HeaderSummary summary={summary} /> : null}
        {user && ready ? (
          <span className={headerClasses.user} title={user.email} data-testid="signed-in-user">
            {user.name}
          </span>
        ) : null}
        <nav aria-label={m.mainNav} className="hidden shrink-0 xl:block" data-header-nav data-ready={ready || undefined}>
          <ul className="menu menu-horizontal flex-nowrap gap-1 whitespace-nowrap px-1" data-header-links>
            {linkItems()}
            {logoutItem}
          </ul>
        </nav>
        <details ref={menu} className="dropdown dropdown-end xl:hidden" data-dismiss>
          <summary className="btn btn-ghost btn-square" role="button" aria-label={m.openMenu}>
            <svg xmlns="http://www.w3.org/2000/svg" className="size-6" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
              <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </summary>
          <ul className="menu dropdown-content z-20 mt-2 w-60 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg" data-header-links>
            {/* On a phone the name is here, not in the header's row. */}
            {user ? (
              <li className="menu-title truncate sm:hidden" title={user.email} data-testid="menu-user">
                {user.name}
              </li>
            ) : null}
            {linkItems(closeMenu)}
            {logoutItem}
          </ul>
        </details>
      </div>
      {/* A phone's figures: a line of their own under the row, its height kept from the first paint. */}
      <div className={headerClasses.strip} data-header-strip>
        {summary && !wide && ready ? <HeaderSummary summary={summary} /> : null}
      </div>
      {newVersion ? (
        // Over the page's foot (nothing below it moves); a tap reloads onto the new release.
        <div className="fixed inset-x-2 bottom-2 z-50 flex justify-center">
          <button type="button" className="btn btn-info shadow-lg" data-testid="new-version" onClick={() => location.reload()}>
            {m.newVersionReady}
          </button>
        </div>
      ) : null}
      <BackupWarning admin={ready && user?.role === 'admin' && !session.offline} />
    </header>
  );
}

const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });

/** Wire stock in KG and the cash balance with 2 decimals (spec §2 header); 'as of HH:MM' when they could not be refreshed. */
function HeaderSummary({ summary }: { summary: Figures }) {
  const m = useMessages();
  return (
    <div className={headerClasses.summary}>
      {summary.asOf !== null ? (
        <span className="text-muted" data-testid="header-as-of">
          {m.figuresAsOf.replace('{time}', clock.format(summary.asOf))}
        </span>
      ) : null}
      {headerFigures(summary.figures, figureLanguage()).map((f) => {
        const figure = (
          <>
            {tr(f.label)}
            <strong className={headerClasses.figure(f.negative)}>{f.value}</strong>
            {tr(f.suffix)}
          </>
        );
        const accounts = summary.figures.accounts ?? [];
        // Cheques waiting (decision 0035): accounts + in hand − issued is the Balance, so they are lines of the list too.
        const cheques = summary.figures.cheques;
        const waiting = [
          { key: 'in', label: m.chequesInHand, amount: cheques?.in_hand ?? 0 },
          { key: 'out', label: m.chequesIssued, amount: -(cheques?.issued ?? 0) },
        ].filter((c) => c.amount !== 0);
        // With more than Cash in hand, a tap on the balance shows each account's share of it.
        return f.testId === 'header-balance' && accounts.length + waiting.length > 1 ? (
          <details key={f.testId} data-testid={f.testId} className="dropdown dropdown-end" data-dismiss>
            <summary className="cursor-pointer list-none underline decoration-dotted underline-offset-4" title={m.balanceByAccount}>
              {figure}
            </summary>
            <ul
              className="dropdown-content z-40 mt-1 w-64 rounded-box bg-base-100 p-3 text-sm shadow"
              aria-label={m.balanceByAccount}
              data-testid="header-accounts"
            >
              {[...accounts.map((a) => ({ key: a.id, label: tr(a.name), amount: a.balance })), ...waiting].map((a) => (
                <li key={a.key} className="flex justify-between gap-3 py-0.5">
                  <span className="min-w-0 break-words">{a.label}</span>
                  <span className={`whitespace-nowrap tabular-nums ${a.amount < 0 ? 'text-error' : ''}`}>
                    {formatTaka(toUnits(a.amount, units.money), figureLanguage())}
                  </span>
                </li>
              ))}
            </ul>
          </details>
        ) : (
          <span key={f.testId} data-testid={f.testId}>
            {figure}
          </span>
        );
      })}
    </div>
  );
}

/**
 * The header's lists (the menu, the balance's accounts) close as a menu does: a tap outside or
 * Escape (which gives the focus back to its button). One pair of listeners for every `details[data-dismiss]`.
 */
function useDismissibleLists() {
  useEffect(() => {
    // One handler for both events (a few bytes less in every first load).
    const close = (e: Event) => {
      const escape = (e as KeyboardEvent).key === 'Escape';
      for (const d of document.querySelectorAll<HTMLDetailsElement>('details[data-dismiss][open]'))
        if (escape || (e.type === 'pointerdown' && !d.contains(e.target as Node))) {
          d.open = false;
          if (escape) d.querySelector('summary')?.focus();
        }
    };
    for (const type of ['pointerdown', 'keydown']) document.addEventListener(type, close);
    return () => {
      for (const type of ['pointerdown', 'keydown']) document.removeEventListener(type, close);
    };
  }, []);
}

/** At least 640 px wide (Tailwind's sm): the figures sit in the header's row, else on their own line. */
const WIDE = '(min-width: 640px)';
function useWide(): boolean {
  return useSyncExternalStore(
    (l) => {
      const q = matchMedia(WIDE);
      q.addEventListener('change', l);
      return () => q.removeEventListener('change', l);
    },
    () => matchMedia(WIDE).matches,
    () => true,
  );
}
