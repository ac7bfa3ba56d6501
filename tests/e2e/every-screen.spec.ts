import type { Page } from '@playwright/test';
import { partnerCategories, registry } from '../../src/shared/registry';
import { historyMenuOf, sidebarOf } from '../../src/shared/registry-views';
import { appPaths } from '../../src/shared/app-paths';
import { createAccount, logIn, signIn } from './support/accounts';
import { oneOfEveryKind } from './support/seed';
import { E2E_ADMIN } from './support/world';
import { expect, test } from './fixtures';
import { seriousViolations } from './support/axe';

// Every screen, signed in as the owner, at the project's width (phone 360 px) and at 1366 px on
// the desktop: nothing scrolls sideways, and axe-core finds no critical or serious violation
// (forms open included). The list of screens comes from the routes and the registry, so a new
// kind's pages are checked without touching this file.

const widthOf = (project: string) => (project === 'phone' ? 360 : 1366);

const dashboardPages = [...sidebarOf(registry), ...historyMenuOf(registry)].flatMap((g) => g.pages.map((p) => `/dashboard/${p.name}`));
const signedOut = ['/login', '/signup', '/reset-password'];
// Every path the app answers (the dashboard's from the registry's menus), and an unknown one: its
// 404 page; the sign-in pages first, seen signed out.
const screens = [...appPaths.filter((p) => p !== '/dashboard/*'), ...new Set(dashboardPages), '/dashboard/nowhere'].sort(
  (a, b) => Number(!signedOut.includes(a)) - Number(!signedOut.includes(b)),
);

/**
 * Screens in runs of six, each run one test on one page: a test per screen spent more on its own
 * browser context, sign-in and first load than on the checks (CI's 2 cores, 2026-11-27). Each
 * screen is a step and its checks are soft, so a run names every screen at fault, not the first.
 */
function runsOf<T>(items: readonly T[], size = 6): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/** Pixels the page scrolls sideways, and the tables whose columns are cut inside their own scrolling frame. */
async function sidewaysScroll(page: Page): Promise<{ page: number; cutTables: string[] }> {
  return page.evaluate(() => ({
    page: Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth),
    cutTables: [...document.querySelectorAll<HTMLElement>('.data-table-frame')]
      .filter((f) => f.offsetParent !== null && f.scrollWidth > f.clientWidth + 1)
      .map((f) => `${f.querySelector('th')?.textContent ?? '?'}: ${f.scrollWidth - f.clientWidth} px cut`),
  }));
}

/** A chart's labels (scales, months) drawn outside the chart's own box: cut off on screen. */
async function cutChartLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<SVGSVGElement>('svg[role=img]')].flatMap((svg) => {
      const box = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('text')]
        .filter((t) => {
          const r = t.getBoundingClientRect();
          return r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1);
        })
        .map((t) => t.textContent ?? '');
    }),
  );
}

/** On a phone, the page's buttons, fields and row actions smaller than a finger (40 px high). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        ':is(main, dialog) :is(button, .btn, input:not([type=checkbox]):not([type=radio]), select), .data-table td[data-actions] a',
      ),
    ]
      // A field drawn inside its label's box (the search box) is tapped anywhere in that box.
      .map((e) => e.closest<HTMLElement>('label.input') ?? e)
      .filter((e) => e.offsetParent !== null && e.getBoundingClientRect().height < 39.5)
      .map(
        (e) =>
          `${(e.textContent || e.getAttribute('aria-label') || e.getAttribute('name') || e.tagName).trim().slice(0, 30)}: ${Math.round(e.getBoundingClientRect().height)} px`,
      ),
  );
}

/** What every screen and open form must be, as soft checks named by `what`: nothing scrolls sideways, on a phone no target is under a finger, axe finds nothing serious. */
async function expectFits(page: Page, project: string, what: string): Promise<void> {
  expect.soft(await sidewaysScroll(page), `${what}: sideways scroll`).toEqual({ page: 0, cutTables: [] });
  if (project === 'phone') expect.soft(await smallTargets(page), `${what}: tap targets under 40 px`).toEqual([]);
  expect.soft(await seriousViolations(page), `${what}: serious accessibility faults`).toEqual([]);
}

test.describe('every screen, at the width of the screen', () => {
  let ledgerPath = '/dashboard/ledger';
  let statementPath = '/dashboard/details';

  test.beforeAll(async ({ request }) => {
    // A partner of every category and one entry of every kind, so lists, cards and statements have rows.
    const longNote = 'A long note that a careful accountant wrote to explain this entry to whoever reads the statement later on';
    const { names, ids } = await oneOfEveryKind(request, longNote);
    ledgerPath = `/dashboard/ledger?partner=${ids[0]}`;
    // The widest statement (the twelve columns of 'details') of a party, as its party list links it.
    const wide = registry.kinds.find((k) => k.dashboard.statement === 'details' && k.fields.some((f) => f.input.type === 'party'))!;
    const field = wide.fields.find((f) => f.input.type === 'party')!;
    const category = field.input.type === 'party' ? field.input.categories[0]! : partnerCategories[0];
    const partner = ids[partnerCategories.indexOf(category)]!;
    statementPath = `/dashboard/details?url=${encodeURIComponent(`${wide.path}?partner=${partner}&name=${names[category]}`)}`;
  });

  for (const run of runsOf(screens)) {
    test(`${run.join(', ')}: no sideways scroll, no serious accessibility fault`, async ({ page }, testInfo) => {
      // Six screens' budget, not one's.
      test.slow();
      await page.setViewportSize({ width: widthOf(testInfo.project.name), height: 800 });
      let signedIn = false;
      for (const path of run) {
        await test.step(path, async () => {
          if (!signedOut.includes(path) && !signedIn) {
            await signIn(page, E2E_ADMIN);
            signedIn = true;
          }
          await page.goto(path);
          await expect(page.locator('main').first()).toBeVisible();
          await page.waitForLoadState('networkidle');
          await expectFits(page, testInfo.project.name, path);
          expect.soft(await cutChartLabels(page), `${path}: chart labels cut`).toEqual([]);
        });
      }
    });
  }

  test('a party ledger: no sideways scroll, no serious accessibility fault', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: widthOf(testInfo.project.name), height: 800 });
    await signIn(page, E2E_ADMIN);
    await page.goto(ledgerPath);
    await expect(page.getByRole('heading', { name: /Screen Client/ }).first()).toBeVisible();
    if (testInfo.project.name === 'desktop') {
      // The balance brought forward stands under the Balance column, not under the row actions.
      const heading = await page.getByRole('columnheader', { name: 'Balance', exact: true }).boundingBox();
      const opening = await page.getByTestId('ledger-opening').locator('td').nth(1).boundingBox();
      expect(Math.abs(heading!.x + heading!.width - (opening!.x + opening!.width)), 'brought forward under Balance').toBeLessThanOrEqual(2);
    }
    expect(await sidewaysScroll(page)).toEqual({ page: 0, cutTables: [] });
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a party statement of twelve columns: no column cut, on the office PC too', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: widthOf(testInfo.project.name), height: 800 });
    await signIn(page, E2E_ADMIN);
    await page.goto(statementPath);
    await expect(page.getByTestId('statement-row').first()).toBeVisible();
    expect(await sidewaysScroll(page)).toEqual({ page: 0, cutTables: [] });
    // A row's Void opens its dialog with the label over the left of its field, as in every form.
    await page.getByTestId('statement-row').first().getByRole('button', { name: 'Void', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Void entry' });
    const label = await dialog.getByText('Reason', { exact: true }).boundingBox();
    const field = await dialog.getByRole('textbox').boundingBox();
    expect(Math.abs(label!.x - field!.x), 'the label sits over the left of its field').toBeLessThanOrEqual(8);
  });

  // Each form open (/fireCount shows its one form on the page itself: the page's own check covers
  // it), a screen's forms in runs of six on one page, each closed with Escape before the next.
  for (const screen of ['credit', 'debit'] as const) {
    const path = { credit: '/cashIn', debit: '/cashOut' }[screen];
    for (const run of runsOf(registry.onScreen(screen).map((kind) => kind.button ?? kind.title))) {
      test(`${path}, ${run.join(', ')} open: fits, no serious accessibility fault`, async ({ page }, testInfo) => {
        test.slow();
        await page.setViewportSize({ width: widthOf(testInfo.project.name), height: 800 });
        await signIn(page, E2E_ADMIN);
        await page.goto(path);
        for (const button of run) {
          await test.step(button, async () => {
            await page.getByRole('button', { name: button, exact: true }).click();
            await expect(page.getByRole('dialog')).toBeVisible();
            await expectFits(page, testInfo.project.name, `${path}, ${button} open`);
            // Untouched, the form closes at once: nothing typed to lose.
            await page.keyboard.press('Escape');
            await expect(page.getByRole('dialog')).toHaveCount(0);
          });
        }
      });
    }
  }

  for (const lang of ['en', 'bn'] as const) {
    test(`the header fits one row at every width, whatever the figures (${lang}) @one-width`, async ({ browser, request }) => {
      // A desktop browser, whichever project runs the test; an owner (the most links) with a long
      // name, figures the books can reach (ninety-nine crore, negative) and the language's own
      // labels: at 360 px nothing scrolls sideways, each figure is one line (label and figure side
      // by side) and the name is left to the menu; on the office PC (1,280 and 1,366 px) the links
      // and the figures sit on one row; no figure is cut.
      const owner = await createAccount(request, 'admin', 'Mohammad Abdur Rahman Chowdhury');
      const pc = await browser.newContext({ viewport: { width: 1366, height: 800 }, isMobile: false, hasTouch: false });
      const page = await pc.newPage();
      await page.route('**/api/dashboard', (route) => route.fulfill({ json: { data: { wire_stock: -99_99_999.999, current_balance: -99_99_99_999.99 } } }));
      await logIn(page, owner);
      await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
      await page.goto('/dashboard');
      await expect(page.getByTestId('header-balance')).toContainText(lang === 'bn' ? '৯৯,৯৯,৯৯,৯৯৯.৯৯' : '99,99,99,999.99');
      for (const width of [360, 1280, 1366]) {
        await page.setViewportSize({ width, height: 800 });
        // The figures move to their own line under the row below 640 px, into the row above it.
        await expect(page.locator(width < 640 ? '[data-header-strip]' : 'header .navbar').getByTestId('header-balance')).toBeVisible();
        const header = await page
          .locator('header')
          .first()
          .evaluate((whole) => {
            const bar = whole.querySelector('.navbar')!;
            const shown = (e: Element) => (e as HTMLElement).offsetParent !== null;
            // The header's blocks and each link (a menu may wrap its links): their middles on one line.
            const items = [...bar.children, ...bar.querySelectorAll('nav a, nav button')].filter(shown);
            const middles = items.map((e) => Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2));
            const figures = [...whole.querySelectorAll<HTMLElement>('[data-testid^="header-"]')].filter(shown);
            const cut = figures
              .filter((e) => e.getBoundingClientRect().left < 0 || e.getBoundingClientRect().right > innerWidth || e.scrollWidth > e.clientWidth + 1)
              .map((e) => e.textContent);
            // Lines each figure takes: its height over its line height.
            const lines = figures.map((e) => `${e.textContent}: ${Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight))}`);
            return {
              spread: Math.max(...middles) - Math.min(...middles),
              cut,
              lines,
              nameInRow: [...whole.querySelectorAll('[data-testid="signed-in-user"]')].some(shown),
              sideways: Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth),
            };
          });
        expect(header.sideways, `page scrolls sideways at ${width} px`).toBe(0);
        expect(header.cut, `figures cut at ${width} px`).toEqual([]);
        if (width > 360) expect(header.spread, `header items on more than one row at ${width} px`).toBeLessThanOrEqual(12);
        else {
          expect(header.lines, 'one line per figure on a phone').toEqual(header.lines.map((l) => l.replace(/\d+$/, '1')));
          expect(header.lines, 'both figures shown').toHaveLength(2);
          expect(header.nameInRow, 'the name is in the menu on a phone, not in the row').toBe(false);
        }
      }
      await pc.close();
    });
  }
});
