import type { Locator, Page } from '@playwright/test';
import { daysBefore } from '../../src/shared/backdate';
import { digitsFor } from '../../src/shared/digits';
import { formatLongDate, todayIn } from '../../src/shared/dates';
import { fill, messages as en } from '../../src/shared/messages';
import { messages as bn, terms } from '../../src/shared/messages-bn';
import { refusals } from '../../src/shared/refusals-bn';
import { refusalTexts } from '../../src/shared/refusals';
import { addPartner, booksCheck, createAccount, logIn } from './support/accounts';
import { pickParty } from './support/forms';
import { expect, test, widthOfLanguage } from './fixtures';

// Late vouchers (issue 28 part 8), as the accountant meets one: a sale slip of three weeks ago
// turns up this morning. It is entered on its day with the reason; that day's history then lists it,
// marked "entered on <today> for <its day>", in English and in Bangla, on a phone and a desktop.
// The day is typed day/month/year (issue 32, item 5), in a browser whose own date field would
// want month/day/year.
test.use({ locale: 'en-US' });

const today = todayIn('Asia/Dhaka');
// Three weeks back: on 26 November 2026, 05/11/2026.
const slipDay = daysBefore(today, 21);
const day = (iso: string, lang: Lang) => formatLongDate(new Date(`${iso}T12:00:00Z`), lang);

type Lang = 'en' | 'bn';
/** What the accountant reads, in either language (the catalogues themselves). */
const say = (lang: Lang, text: string) => (lang === 'en' ? text : (terms[text] ?? text));
const m = (lang: Lang) => (lang === 'en' ? en : bn);
/** A day as the date field shows and takes it: day/month/year, in the language's digits. */
const dayText = (iso: string, lang: Lang) => digitsFor(iso.split('-').reverse().join('/'), lang);

/** Opens the MS wire form on /cashIn and fills a sale of 10 kg for the client (the date is the caller's). */
async function openSale(page: Page, client: string, lang: Lang): Promise<Locator> {
  await page.goto('/cashIn');
  if (lang === 'bn') await page.getByTestId('language-switch').getByRole('button', { name: 'বাংলা', exact: true }).click();
  await page.getByRole('button', { name: say(lang, 'MS Wire Form'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: say(lang, 'MS Wire Form') });
  await pickParty(dialog, client, say(lang, 'Name'));
  await dialog.locator('select').first().selectOption('12');
  await dialog.getByLabel(say(lang, 'Weight (KG)')).fill('10');
  await dialog.getByLabel(say(lang, 'Rate (per KG)')).fill('100');
  await dialog.getByLabel(say(lang, 'Paid Amount')).fill('300');
  await dialog.getByLabel(say(lang, 'Note')).fill('the slip of three weeks ago');
  return dialog;
}

async function assertNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

for (const lang of ['en', 'bn'] as const) {
  test(`the accountant types the day of a three-week-old sale day first, with a reason, and finds it in that day’s history, marked (${lang}) ${widthOfLanguage(lang)}`, async ({
    page,
    request,
  }, info) => {
    if (info.project.name === 'phone') await page.setViewportSize({ width: 360, height: 740 });
    const client = `Late Client ${lang} ${info.project.name} ${Date.now() % 100000}`;
    const partnerId = await addPartner(request, 'Client', client);
    await logIn(page, await createAccount(request, 'acounts', 'Late Clerk'));
    // The refusals' words come with a form's first check. As on a slow line, they are held back
    // here until the day has been emptied to type again: the check must still be of what was
    // submitted (it once passed the emptied form, and the sale was saved as today).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let wordsAsked = false;
    await page.route(/\/assets\/refusal(s-bn|-texts)-[\w-]+\.js$/, async (route) => {
      wordsAsked = true;
      await held;
      await route.continue();
    });
    // Each day the sale is sent with (the outbox sends each entry once, as saved).
    const sentDays: (string | undefined)[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/mWireData') sentDays.push(r.postDataJSON()?.issue_date);
    });
    const dialog = await openSale(page, client, lang);

    // Today by default, read-only, with a small "change"; no reason asked.
    await expect(dialog.getByLabel(m(lang).date, { exact: true })).toHaveValue(day(today, lang));
    await expect(dialog.getByLabel(m(lang).lateReason)).toHaveCount(0);
    await dialog.getByRole('button', { name: m(lang).dateChange, exact: true }).click();
    const date = dialog.getByLabel(m(lang).voucherDate);
    await expect(date).toBeFocused();
    // Today, day first, in the language's digits; the calendar keeps to the days that may be chosen.
    await expect(date).toHaveValue(dayText(today, lang));
    const calendar = dialog.locator('input[type=date]');
    await expect(calendar).toHaveAttribute('max', today);
    await expect(calendar).toHaveAttribute('min', daysBefore(today, 31));
    await expect(dialog.getByRole('button', { name: lang === 'en' ? 'Calendar' : 'ক্যালেন্ডার', exact: true })).toBeVisible();
    // A day that does not exist: the field says so, naming itself, in the person's language.
    await date.fill(digitsFor('31/02/2026', lang));
    await date.press('Tab');
    await expect(dialog.getByRole('alert').filter({ hasText: m(lang).voucherDate })).toHaveText(
      lang === 'en' ? `${en.voucherDate}: type the day as day/month/year, like 05/11/2026` : `${bn.voucherDate}: দিন/মাস/বছর হিসেবে লিখুন, যেমন ০৫/১১/২০২৬`,
    );
    await dialog.getByRole('button', { name: m(lang).submit }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: m(lang).voucherDate })).toBeVisible();
    // Typed day first, as the slip has it (in Bangla, in Bengali digits), the field emptied while
    // the check of the impossible day waits for its words.
    await expect.poll(() => wordsAsked).toBe(true);
    await date.fill('');
    const wordsCame = page.waitForResponse(/\/assets\/refusal/);
    release();
    await wordsCame;
    await date.pressSequentially(dayText(slipDay, lang));
    await expect(dialog.getByRole('alert').filter({ hasText: m(lang).voucherDate })).toHaveCount(0);
    // Enter moves on to the reason, which an earlier day asks for.
    await date.press('Enter');
    const reason = dialog.getByLabel(m(lang).lateReason);
    await expect(reason).toBeFocused();
    await assertNoSidewaysScroll(page);
    // Without the reason the form says so, and nothing is saved.
    await dialog.getByRole('button', { name: m(lang).submit }).click();
    await expect(dialog.getByText(lang === 'en' ? refusalTexts.backdate_reason_required : refusals.backdate_reason_required)).toBeVisible();
    await reason.fill('slip found in the drawer');
    await dialog.getByRole('button', { name: m(lang).submit }).click();
    await expect(page.getByText(m(lang).confirmed).first()).toBeVisible();
    await dialog.getByRole('button', { name: m(lang).close }).click();
    expect(sentDays).toEqual([slipDay]);

    const mark = `${fill(m(lang).enteredOnFor, { entered: day(today, lang), day: day(slipDay, lang) })}: slip found in the drawer`;
    // The latest entries carry the mark.
    await expect(page.getByTestId('recent-row').filter({ hasText: client }).getByTestId('late-mark')).toHaveText(mark);

    // Yesterday's history lists it, marked.
    await page.goto('/dashboard/historyMsWire');
    await page
      .getByRole('row')
      .filter({ hasText: day(slipDay, lang) })
      .getByRole('link')
      .first()
      .click();
    const row = page.getByRole('row').filter({ hasText: client });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('late-mark')).toHaveText(mark);
    await assertNoSidewaysScroll(page);

    if (lang === 'en') {
      // The statement's CSV says it in its Status column.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const csv = (await import('node:fs')).readFileSync(await (await download).path(), 'utf8');
      expect(csv).toContain(`"entered on ${today} for ${slipDay}: slip found in the drawer"`);
    }
    // The party's ledger and the entry's receipt carry the mark too.
    await page.goto(`/dashboard/ledger?partner=${partnerId}`);
    const ledgerRow = page.getByTestId('ledger-row').filter({ has: page.getByTestId('late-mark') });
    await expect(ledgerRow.getByTestId('late-mark')).toHaveText(mark);
    await ledgerRow.getByRole('link', { name: new RegExp(`^${m(lang).printReceipt} #`) }).click();
    await expect(page.getByTestId('receipt').getByTestId('late-mark')).toHaveText(mark);
    expect(await booksCheck()).toEqual([]);
  });
}
