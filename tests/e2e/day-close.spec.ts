import type { APIRequestContext, Page } from '@playwright/test';
import { formatLongDate, todayIn } from '../../src/shared/dates';
import { fill, messages as en } from '../../src/shared/messages';
import { messages as bn, terms } from '../../src/shared/messages-bn';
import { formatTaka } from '../../src/shared/money';
import { refusalTexts } from '../../src/shared/refusals';
import { refusals as bnRefusals } from '../../src/shared/refusals-bn';
import { accountTexts } from '../../src/web/features/accounts/texts';
import { addMoneyAccount, addPartner, booksCheck, createAccount, signIn } from './support/accounts';
import { pickParty } from './support/forms';
import { e2ePorts } from './support/world';
import { expect, test, widthOfLanguage } from './fixtures';

// The day's close (issue 28 part 7) as the accountant does it at the end of the day: the drawer
// counted note by note against the book, closed with the reason for what is short; an entry into
// the closed day is then refused, naming the day; the admin reopens it with a reason. On a phone
// (360 px) and a desk (1366 px), in English and in Bangla. Each run counts a drawer of its own (a
// cash account made for it), so no other test's Cash in hand is closed.

type Lang = 'en' | 'bn';
const origin = { origin: `http://127.0.0.1:${e2ePorts().port}` };
const today = todayIn('Asia/Dhaka');
const t = (lang: Lang) => ({ ...(lang === 'en' ? en : bn), ...accountTexts[lang] });
/** A word of the shell or the registry, as the reader sees it. */
const word = (lang: Lang, text: string) => (lang === 'en' ? text : (terms[text] ?? text));
const taka = (poisha: number, lang: Lang) => formatTaka(poisha, lang);
const shots = process.env.DAY_CLOSE_SHOTS;

async function drawerWith(request: APIRequestContext, name: string, poisha: number): Promise<number> {
  const id = await addMoneyAccount(request, name, 'cash');
  const res = await request.post('/api/transfers', {
    data: { from_account_id: 1, to_account_id: id, amount: String(poisha / 100), note: 'float' },
    headers: origin,
  });
  expect(res.status(), await res.text()).toBe(201);
  return id;
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

for (const lang of ['en', 'bn'] as const) {
  test(`count the drawer, close the day with the reason for the difference, an entry into it refused, the admin reopens (${lang}) ${widthOfLanguage(lang)}`, async ({
    page,
    request,
  }, info) => {
    test.setTimeout(90_000);
    const phone = info.project.name === 'phone';
    await page.setViewportSize(phone ? { width: 360, height: 740 } : { width: 1366, height: 900 });
    const run = `${lang} ${info.project.name} ${Date.now() % 100000}`;
    const drawer = `Drawer ${run}`;
    const client = `Close Client ${run}`;
    // An admin of its own: the language chosen below is kept for the person, while every other
    // spec reads the shared admin's screens in English. Made first: it leaves `request` signed
    // out, and what follows signs the shared admin in again.
    const closer = await createAccount(request, 'admin', `Closing Admin ${run}`);
    // The book: 1,750 taka moved into the drawer today.
    const drawerId = await drawerWith(request, drawer, 175_000);
    await addPartner(request, 'Client', client);
    await signIn(page, closer);
    await page.goto('/dashboard/dayClose');
    await page
      .getByTestId('language-switch')
      .getByRole('button', { name: lang === 'en' ? 'English' : 'বাংলা', exact: true })
      .click();
    const m = t(lang);
    await expect(page.getByRole('heading', { name: m.dayCloseTitle })).toBeVisible();
    await page.getByTestId('day-close-account').selectOption(String(drawerId));
    await expect(page.getByTestId('day-close-book')).toHaveText(taka(175_000, lang));

    // Counted: one each of 1000, 500 and 200, and a 20: 1,720, so 30 short.
    for (const [note, count] of [
      ['1000', '1'],
      ['500', '1'],
      ['200', '1'],
      ['20', '1'],
    ] as const)
      await page.getByTestId(`day-close-note-${note}`).fill(count);
    await expect(page.getByTestId('day-close-total')).toHaveText(taka(172_000, lang));
    await expect(page.getByTestId('day-close-difference')).toHaveText(taka(-3000, lang));
    await noSidewaysScroll(page);
    if (shots) await page.screenshot({ path: `${shots}/day-close-${lang}-${phone ? 360 : 1366}.png`, fullPage: true });
    // A difference needs its reason: the server says so in the reader's language, nothing closed.
    await page.getByTestId('day-close-submit').click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByTestId('day-close-row')).toHaveCount(0);
    await page.getByTestId('day-close-reason').fill('30 taka short: change given twice');
    await page.getByTestId('day-close-submit').click();
    await expect(page.getByText(m.dayCloseDone).first()).toBeVisible();
    const row = page.getByTestId('day-close-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(formatLongDate(new Date(`${today}T12:00:00Z`), lang));
    await expect(row).toContainText(`${m.dayCloseBook} ${taka(175_000, lang)}`);
    await expect(row).toContainText(`${m.dayCloseDifference} ${taka(-3000, lang)}`);
    await expect(row).toContainText('30 taka short: change given twice');
    // The day is closed: it says so, with nothing left to count.
    await expect(page.getByTestId('day-close-closed')).toHaveText(`${m.dayCloseDone}: ${formatLongDate(new Date(`${today}T12:00:00Z`), lang)}`);
    await expect(page.getByTestId('day-close-submit')).toHaveCount(0);
    await noSidewaysScroll(page);
    if (shots) await page.screenshot({ path: `${shots}/day-close-closed-${lang}-${phone ? 360 : 1366}.png`, fullPage: true });

    // A client's payment into the closed drawer today: refused, naming the day and the drawer.
    const refused = (lang === 'en' ? refusalTexts : bnRefusals).day_closed;
    const refusal = fill(refused, { day: formatLongDate(new Date(`${today}T12:00:00Z`), lang), account: drawer });
    await page.goto('/cashIn');
    const form = word(lang, 'Payment Received');
    await page.getByRole('button', { name: form, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: form });
    await pickParty(dialog, client, word(lang, 'Name'));
    await dialog.getByLabel(word(lang, 'Amount')).fill('500');
    await dialog.getByLabel(m.account).selectOption({ label: drawer });
    await dialog.getByRole('button', { name: m.submit }).click();
    await expect(page.getByText(refusal).first()).toBeVisible();
    // Nothing was written, and the form still has what was typed.
    await expect(dialog.getByLabel(word(lang, 'Amount'))).toHaveValue('500');
    await expect(page.getByTestId('outbox-row')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The admin reopens the day with a reason: the close is marked, its difference taken back.
    await page.goto('/dashboard/dayClose');
    await page.getByTestId('day-close-account').selectOption(String(drawerId));
    await page.getByTestId('day-close-reopen').click();
    await page.getByTestId('day-close-reopen-reason').fill('the 30 taka was found');
    await page.getByRole('button', { name: m.dayCloseReopen, exact: true }).click();
    await expect(page.getByText(m.dayCloseReopenDone).first()).toBeVisible();
    await expect(row).toContainText(fill(m.dayCloseReopened, { name: closer.name, reason: 'the 30 taka was found' }));
    await expect(page.getByTestId('day-close-reopen')).toHaveCount(0);
    // Open again, to be counted again: the book is back to 1,750 (the difference taken back).
    await expect(page.getByTestId('day-close-book')).toHaveText(taka(175_000, lang));
    // The same payment now goes in.
    const paid = await request.post('/api/receiptData', { data: { name: client, paid_amount: '500', note: '', account_id: drawerId }, headers: origin });
    expect(paid.status(), await paid.text()).toBe(201);
    await page.reload();
    await page.getByTestId('day-close-account').selectOption(String(drawerId));
    await expect(page.getByTestId('day-close-book')).toHaveText(taka(225_000, lang));
    await noSidewaysScroll(page);

    if (shots) {
      await page.goto('/dashboard');
      await expect(page.getByTestId('overview-account').first()).toBeVisible();
      await page.screenshot({ path: `${shots}/overview-${lang}-${phone ? 360 : 1366}.png`, fullPage: true });
    }
    expect(await booksCheck()).toEqual([]);
  });
}
