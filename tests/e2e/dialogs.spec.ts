import type { Locator, Page } from '@playwright/test';
import { type Messages, messages as en } from '../../src/shared/messages';
import { messages as bn } from '../../src/shared/messages-bn';
import { terms } from '../../src/shared/registry-bn';
import { entryBody } from '../helpers/factories';
import { type Account, addPartner, createAccount } from './support/accounts';
import { e2ePorts } from './support/world';
import { expect, test, widthOfLanguage } from './fixtures';
import { seriousViolations } from './support/axe';

// Issue 32, item 6: a form with typed values keeps them on every way out (Escape, again and again,
// Android back, the ✕) until the person says to discard them; the party list keeps the highlighted
// option in sight, has Home and End, and has nothing axe calls serious while it is open.

const origin = { origin: `http://127.0.0.1:${e2ePorts().port}` };
const languages = [
  { lang: 'en', m: en, t: (w: string) => w, switchName: 'English' },
  { lang: 'bn', m: bn, t: (w: string) => terms[w] ?? w, switchName: 'বাংলা' },
] as const;

/** At the widths the issue names: 360 px (the phone project) and 1,366 px (the office PC). */
async function atWidth(page: Page, project: string) {
  if (project === 'desktop') await page.setViewportSize({ width: 1366, height: 768 });
}

async function signIn(page: Page, account: Account, l: (typeof languages)[number]) {
  await page.goto('/login');
  await page.getByTestId('language-switch').getByRole('button', { name: l.switchName, exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
  await page.getByLabel(l.m.email).fill(account.email);
  await page.getByLabel(l.m.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: l.m.login, exact: true }).click();
  await expect(page.getByTestId('signed-in-user')).toBeAttached();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

/**
 * Escape twice and more (the second in a row comes without a user action between: Chromium's close
 * watcher then closes a dialog whatever the page says, as Android's back does), then the ✕: the
 * question each time, the values kept; Keep editing goes back to them.
 */
async function everyWayOutAsks(page: Page, dialog: Locator, field: Locator, value: string, m: Messages) {
  const ask = dialog.getByRole('alertdialog', { name: m.discardQuestion });
  for (const presses of [1, 2, 3]) {
    for (let i = 0; i < presses; i++) await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await expect(ask).toBeVisible();
    await expect(ask.getByRole('button', { name: m.keepEditing })).toBeFocused();
    await ask.getByRole('button', { name: m.keepEditing }).click();
    await expect(ask).toBeHidden();
    await expect(field).toHaveValue(value);
    await field.click();
  }
  const close = dialog.getByRole('button', { name: m.close });
  await close.click();
  await expect(ask).toBeVisible();
  // The ✕ again, then Escape: still asking, nothing lost.
  await close.click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await expect(field).toHaveValue(value);
  await ask.getByRole('button', { name: m.discard }).click();
  await expect(dialog).toBeHidden();
}

for (const l of languages) {
  test(`${l.lang}: an entry form and Correct keep typed values through Escape twice, back and the ✕ until Discard ${widthOfLanguage(l.lang)}`, async ({
    page,
    request,
  }, info) => {
    test.setTimeout(60_000);
    await atWidth(page, info.project.name);
    // An expense to correct, saved through the API as the e2e admin (addPartner signs it in).
    const note = `dialog ${l.lang} ${info.project.name} ${process.pid} ${Date.now() % 100000}`;
    await addPartner(request, 'Client', `Dialog Client ${note}`);
    const saved = await request.post('/api/otherExpanses', {
      data: entryBody('otherExpense', {}, undefined, (f) => (f.name === 'note' ? note : undefined)),
      headers: origin,
    });
    expect(saved.status(), await saved.text()).toBe(201);
    const id = ((await saved.json()) as { data: { id: number } }).data.id;
    await signIn(page, await createAccount(request, 'acounts', 'Dialog Clerk'), l);

    // A new entry form.
    await page.goto('/cashIn');
    const formButton = page.getByRole('button', { name: l.t('MS Wire Form'), exact: true });
    await formButton.click();
    const dialog = page.getByRole('dialog', { name: l.t('MS Wire Form') });
    const weight = dialog.getByLabel(l.t('Weight (KG)'));
    await weight.fill('12.5');
    await everyWayOutAsks(page, dialog, weight, '12.5', l.m);
    await formButton.click();
    await expect(weight).toHaveValue('');
    // Untouched, it closes at the first Escape.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Correct, with a value changed.
    await page.goto('/cashOut');
    const row = page.getByTestId('recent-row').filter({ has: page.locator(`a[href="/dashboard/receipt?id=${id}"]`) });
    await row.getByRole('button', { name: l.m.correct }).click();
    const correcting = page.getByRole('dialog', { name: l.m.correctKind.replace('{kind}', l.t('Others Expenses')) });
    const bill = correcting.getByLabel(l.t('Bill'));
    await bill.fill('777');
    await everyWayOutAsks(page, correcting, bill, '777', l.m);
    // Nothing saved: the entry stands as it was, uncorrected.
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('button', { name: l.m.correct })).toBeVisible();
  });
}

test('the party list keeps the highlighted option in sight, has Home and End, and axe finds nothing serious with it open @phone-only', async ({
  page,
  request,
}, info) => {
  // Twelve partners made, four accessibility scans: a busy machine takes more than a minute.
  test.setTimeout(90_000);
  await atWidth(page, info.project.name);
  const tag = `Scroll ${info.project.name} ${process.pid} ${Date.now() % 100000}`;
  // Twelve clients of the same few letters: more than the list's box shows at once.
  for (let i = 1; i <= 12; i++) await addPartner(request, 'Client', `${tag} Client ${String(i).padStart(2, '0')}`);
  await signIn(page, await createAccount(request, 'acounts', 'Picker Clerk'), languages[0]);
  await page.goto('/cashIn');
  await page.getByRole('button', { name: 'MS Wire Form', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'MS Wire Form' });
  const box = dialog.getByRole('combobox', { name: 'Name' });
  await box.click();
  await page.keyboard.type(tag);
  const options = dialog.getByRole('listbox').getByRole('option');
  await expect(options).toHaveCount(12);
  const highlighted = dialog.getByRole('listbox').getByRole('option', { selected: true });
  const inSight = async (name: string) => {
    await expect(highlighted).toHaveCount(1);
    await expect(highlighted).toContainText(name);
    await expect(highlighted).toBeInViewport({ ratio: 1 });
    await expect(box).toHaveAttribute('aria-activedescendant', (await highlighted.getAttribute('id')) ?? '');
  };
  await inSight('Client 01');

  // Down the list with the arrows: each highlighted option is in sight in full.
  for (let i = 2; i <= 10; i++) {
    await page.keyboard.press('ArrowDown');
    await inSight(`Client ${String(i).padStart(2, '0')}`);
  }
  await page.keyboard.press('End');
  await inSight('Client 12');
  await expect(options.first()).not.toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Home');
  await inSight('Client 01');
  await page.keyboard.press('ArrowUp');
  await inSight('Client 01');

  // Nothing serious with the list open (an option held a button: an interactive control nested in another).
  expect(await seriousViolations(page, 'dialog')).toEqual([]);
  // Nor with a list that matches no one (its note is beside the list, not an option of it).
  await page.keyboard.type(' nobody');
  await expect(dialog.getByText(/No partner matches/)).toBeVisible();
  expect(await seriousViolations(page, 'dialog')).toEqual([]);

  // Enter takes the highlighted one, as before.
  await box.fill(tag);
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue(`${tag} Client 12`);
});
