// The home page drawn in either language at build time, for `/` served without React
// (scripts/static-home.mjs bundles this for Node and calls it; docs/decisions/0015-bangla.md,
// "The home page"). React Router prerenders the English page; this draws the same root and route
// into a memory router, inside the shell that root's Layout puts around them. The build checks
// that its English equals React Router's, so the Bangla page is the very same markup with Bangla words.
import { renderToString } from 'react-dom/server';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { type Lang, fill, messages } from '../../../shared/messages';
import { navLinks } from '../../../shared/navigation';
import { currentMessages, setLanguage, tr } from '../../lib/i18n';
import App, { HydrateFallback } from '../../root';
import { SiteShell } from '../../components/layout/site-shell';
import Home from '../../routes/home';
import Login, { meta as loginMeta } from '../../routes/login';
import Signup, { meta as signupMeta } from '../../routes/signup';
import { loadHomeContent } from './home-page-content';

export interface RenderedHome {
  /** What goes between <body …> and </body>. */
  body: string;
  title: string;
  description: string;
  /** The texts home-island.ts may show (header links, the figures' labels, Logout, the arrival notes): English → this language. */
  words: Record<string, string>;
}

export async function renderHome(lang: Lang): Promise<RenderedHome> {
  await setLanguage(lang);
  const { company } = await loadHomeContent(lang);
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <SiteShell>
          <App />
        </SiteShell>
      ),
      children: [{ index: true, element: <Home /> }],
    },
  ]);
  // React puts the pictures' preload hints first; the page's head already has them.
  const body = renderToString(<RouterProvider router={router} />).replace(/^(<link rel="preload"[^>]*>)+/, '');
  const english = [
    ...navLinks.map((l) => l.label),
    messages.logout,
    messages.stockLabel,
    messages.kgUnit,
    messages.balanceLabel,
    messages.signedIn,
    messages.loggedIn,
    messages.emailVerified,
  ];
  return {
    body,
    title: `${company.name} · ${company.tagline}`,
    description: fill(currentMessages().homeDescription, company),
    words: Object.fromEntries(english.map((text) => [text, tr(text)])),
  };
}

/**
 * What the app's page shows before its screen has loaded (root's HydrateFallback: the header, a
 * spinner, the footer), in a language: __spa-fallback.bn.html is React Router's page with this
 * body in Bangla (scripts/static-home.mjs checks that the English one equals React Router's).
 */
export async function renderShell(lang: Lang): Promise<{ body: string; description: string }> {
  await setLanguage(lang);
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <SiteShell>
          <HydrateFallback />
        </SiteShell>
      ),
    },
  ]);
  const body = renderToString(<RouterProvider router={router} />).replace(/^(<link rel="preload"[^>]*>)+/, '');
  const { company } = await loadHomeContent(lang);
  return { body, description: fill(currentMessages().homeDescription, company) };
}

const authPages = { login: { Page: Login, meta: loginMeta }, signup: { Page: Signup, meta: signupMeta } };

/**
 * `/login` or `/signup` drawn in a language, for the pages served without React (decision 0042):
 * React Router prerenders the English ones; the build checks that this English equals it.
 */
export async function renderAuthPage(page: keyof typeof authPages, lang: Lang): Promise<{ body: string; title: string; description: string }> {
  await setLanguage(lang);
  const { Page, meta } = authPages[page];
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <SiteShell>
            <App />
          </SiteShell>
        ),
        children: [{ path: page, element: <Page /> }],
      },
    ],
    { initialEntries: [`/${page}`] },
  );
  const body = renderToString(<RouterProvider router={router} />).replace(/^(<link rel="preload"[^>]*>)+/, '');
  const { company } = await loadHomeContent(lang);
  return { body, title: meta()[0]?.title ?? '', description: fill(currentMessages().homeDescription, company) };
}
