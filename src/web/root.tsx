import { useEffect, useLayoutEffect } from 'react';
import { createPortal } from 'react-dom';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation } from 'react-router';
import type { Route } from './+types/root';
import { ErrorScreen } from './components/ui/error-screen';
import { SiteShell } from './components/layout/site-shell';
import { AuthArrivalNotice, Toasts } from './components/layout/toasts';
import { companyIn } from './content';
import { fill, messages } from '../shared/messages';
import { roleHintScript } from '../shared/role-hint';
import { currentLanguage, setLanguage, storedLanguage, tr, useLanguage, useMessages } from './lib/i18n';
import { titleIn } from './lib/title';
import { isChunkLoadError, reloadIfOldRelease } from './lib/stale-release';
import './app.css';
import banglaWord from './fonts/bangla-word-400.woff2?url';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icon-192.png' },
  // The switch's 'বাংলা' needs its four letters on every English page (app.css, 'AMA Bangla Word',
  // ~1 KB): asked for at once, they are there before the word is first drawn, not swapped in after.
  // A Bangla page asks for the whole font's two weights instead (scripts/static-home.mjs).
  { rel: 'preload', href: banglaWord, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' as const },
];

export function Layout({ children }: { children: React.ReactNode }) {
  // The build draws it in English (index.html, __spa-fallback.html); a page the server sent in
  // Bangla is hydrated in Bangla (entry.client.tsx).
  const lang = useLanguage();
  const m = useMessages();
  const body = (
    <body className="min-h-screen bg-base-100 text-base-content antialiased">
      {/* One shell for the loading page, the app and the error page: the header drawn while the
          app loads is the one kept (not drawn again, its figures not asked for twice). */}
      <SiteShell>{children}</SiteShell>
      <ScrollRestoration />
      <Scripts />
    </body>
  );
  // The browser's build runs Preact in React's place (vite.config.ts, decision 0049). It hydrates
  // the body alone, into the page's <html>: the head stays as the server wrote it (React writes its
  // links in an order of its own, which Preact would take apart, the stylesheet with them), `lang`
  // is kept by setLanguage (i18n.ts), and the route's title goes into the head (entry.client.tsx
  // takes the written one out first).
  if (import.meta.env.PREACT)
    return (
      <>
        {body}
        {createPortal(<Meta />, document.head)}
      </>
    );
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="description" content={fill(m.homeDescription, companyIn(lang))} />
        <meta name="theme-color" content="#1e293b" />
        {/* Before the first paint: the header's signed-in shape (shared/role-hint.ts). */}
        <script id="role-hint" dangerouslySetInnerHTML={{ __html: roleHintScript }} />
        <Meta />
        <Links />
      </head>
      {body}
    </html>
  );
}

/** The language this browser chose, from the first screen; the page title follows the language. */
function LanguageSync() {
  const lang = useLanguage();
  const { pathname } = useLocation();
  useEffect(() => {
    const stored = storedLanguage();
    if (stored !== currentLanguage()) void setLanguage(stored);
  }, []);
  // Before the browser paints: the tab never shows the English title of a Bangla page.
  useLayoutEffect(() => {
    // The routes' meta titles are English: shown in the chosen language.
    const english = document.documentElement.dataset.title === document.title ? (document.documentElement.dataset.titleEn ?? document.title) : document.title;
    const shown = titleIn(english);
    document.documentElement.dataset.titleEn = english;
    document.documentElement.dataset.title = shown;
    // In place: `document.title = …` puts a new text node in the <title>, and Preact (the browser's
    // build) would then write the next route's title into the old one, out of the page.
    const text = document.querySelector('title')?.firstChild;
    if (text instanceof Text) text.data = shown;
    else document.title = shown;
  }, [lang, pathname]);
  return null;
}

export default function App() {
  return (
    <>
      <LanguageSync />
      <Outlet />
      <AuthArrivalNotice />
      <Toasts />
    </>
  );
}

export function HydrateFallback() {
  const m = useMessages();
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-label={m.loadingLabel}>
      <span className="loading loading-spinner loading-lg text-primary" />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useMessages();
  // A screen whose code is gone (an upgrade since this page opened) reloads once onto the new release.
  useEffect(() => {
    if (isChunkLoadError(error)) void reloadIfOldRelease(error);
  }, [error]);
  let screen: React.ReactNode;
  if (isRouteErrorResponse(error)) {
    screen = <ErrorScreen status={error.status} title={tr(error.statusText || messages.notFound)} />;
  } else {
    const text = error instanceof Error ? error.message : String(error);
    screen = <ErrorScreen title={tr(messages.unexpectedError)} detail={text} />;
  }
  return screen;
}
