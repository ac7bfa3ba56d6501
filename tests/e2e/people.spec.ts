import type { Page } from '@playwright/test';
import { messages as bn } from '../../src/shared/messages-bn';
import { createAccount, logIn } from './support/accounts';
import { expect, test } from './fixtures';

// Issue 32, item 2: an admin takes a role back and stops an account in Admins & Users; the stopped
// person is signed out at once and cannot sign in; the list and its changes say so, in Bangla too.
// The admin here is one of the test's own (it ends in Bangla; the shared e2e admin never does).

async function userRow(page: Page, name: string) {
  const row = page.getByTestId('user-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

test('an admin takes a role back and stops an account: the person is signed out at once, cannot sign in, and the list shows it @one-width', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(90_000);
  const tag = `${info.project.name} ${process.pid} ${Date.now() % 100000}`;
  const admin = await createAccount(request, 'admin', `People Admin ${tag}`);
  const deputy = await createAccount(request, 'admin', `Deputy ${tag}`);
  const clerk = await createAccount(request, 'acounts', `Leaving Clerk ${tag}`);

  // The clerk is at work on another device.
  const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const clerkPage = await other.newPage();
  await logIn(clerkPage, clerk, '/login?to=/cashIn');
  await clerkPage.goto('/cashIn');
  await expect(clerkPage.getByRole('heading', { name: 'Credit', exact: true })).toBeVisible();

  await logIn(page, admin);
  await page.goto('/loggedInUsers');
  await page.getByPlaceholder('Search by name or email').fill(tag);

  // An admin stepped down to accounts.
  const deputyRow = await userRow(page, deputy.name);
  await deputyRow.getByRole('button', { name: 'Make Accounts' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Successfully make Accounts' })).toBeVisible();
  await expect(deputyRow).toContainText('Accounts');
  await expect(deputyRow.getByRole('button', { name: 'Make Admin' })).toBeVisible();
  await expect(deputyRow.getByRole('button', { name: 'Make User' })).toBeVisible();

  // The clerk stopped, after a question that says what it does.
  const clerkRow = await userRow(page, clerk.name);
  await expect(clerkRow).toContainText('Active');
  await clerkRow.getByRole('button', { name: 'Stop' }).click();
  const ask = page.getByRole('dialog', { name: `Stop ${clerk.name}?` });
  await expect(ask).toContainText('signed out at once');
  await ask.getByRole('button', { name: 'Stop account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Account stopped' })).toBeVisible();
  await expect(clerkRow).toContainText(`by ${admin.name}`);
  await expect(clerkRow).toContainText('Stopped on');
  await expect(clerkRow.getByRole('button', { name: 'Resume' })).toBeVisible();
  const changes = page.getByTestId('account-change');
  await expect(changes.filter({ hasText: clerk.name }).first()).toContainText('Stopped');
  await expect(changes.filter({ hasText: deputy.name }).first()).toContainText('Admin → Accounts');
  await info.attach(`people-${info.project.name}-en`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

  // The clerk's next step finds them signed out; signing in again is refused, saying why.
  await clerkPage.reload();
  await expect(clerkPage.getByRole('heading', { name: 'Credit', exact: true })).toHaveCount(0);
  await logIn(clerkPage, clerk);
  await expect(clerkPage.getByText('This account has been stopped. Ask an admin if you need access again.')).toBeVisible();
  await other.close();

  // In Bangla: the same list, its words and the change log.
  await page.getByTestId('language-switch').getByRole('button', { name: 'বাংলা', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('heading', { name: bn.accountChanges })).toBeVisible();
  await expect(clerkRow.getByRole('button', { name: bn.resumeAccount })).toBeVisible();
  await expect(deputyRow.getByRole('button', { name: bn.makeUser })).toBeVisible();
  await expect(changes.filter({ hasText: clerk.name }).first()).toContainText(bn.changeStopped);
  await info.attach(`people-${info.project.name}-bn`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  // Resumed, the account can sign in again.
  await clerkRow.getByRole('button', { name: bn.resumeAccount }).click();
  await expect(page.getByRole('status').filter({ hasText: bn.accountResumedToast })).toBeVisible();
  await expect(clerkRow).toContainText(bn.accountActive);
});
