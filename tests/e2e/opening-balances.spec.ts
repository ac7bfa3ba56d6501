import { expect, test } from './fixtures';
import { addPartner, booksCheck, createAccount, signIn } from './support/accounts';
import { pickParty } from './support/forms';
import { E2E_ADMIN } from './support/world';

// The cut-over day's balances entered on the web (issue 30, item 2), as the owner does it when the
// books begin: what a client owed from the old khata, typed on the Opening Due page with the same
// form as every entry; the client's ledger starts from it. The kinds have no entry screen, and
// only an admin enters them: accounts staff see the page without the form.

test('an admin enters a client’s opening due on its page; the ledger starts from it, and acounts staff see no form @one-width', async ({
  page,
  request,
}, info) => {
  const client = `Opening Client ${info.project.name} ${Date.now() % 100000}`;
  const id = await addPartner(request, 'Client', client);
  await signIn(page, E2E_ADMIN);
  await page.goto('/dashboard/openingDues');
  await expect(page.getByRole('heading', { name: 'Opening Due', level: 1 })).toBeVisible();
  await page.getByTestId('opening-form-button').getByRole('button', { name: 'Opening Due', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Opening Due' });
  await pickParty(dialog, client);
  await dialog.getByLabel('Side').selectOption('Receivable');
  await dialog.getByLabel('Amount').fill('12500');
  await dialog.getByLabel('Note').fill('old khata, page 14');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Confirmed').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  // The page's list has the client now.
  await page.getByPlaceholder('Search by name').fill(client);
  await expect(page.getByTestId('party-row').filter({ hasText: client })).toHaveCount(1);

  await page.goto(`/dashboard/ledger?partner=${id}`);
  await expect(page.getByTestId('ledger-row').filter({ hasText: 'Opening Due' })).toContainText('12,500.00');
  await expect(page.getByTestId('ledger-closing')).toContainText('12,500.00 Dr');
  expect(await booksCheck()).toEqual([]);

  // Accounts staff read the page; the form is the admin's.
  await page.context().clearCookies();
  await signIn(page, await createAccount(request, 'acounts', 'Opening Reader'));
  await page.goto('/dashboard/openingBalances');
  await expect(page.getByRole('heading', { name: 'Opening Balance', level: 1 })).toBeVisible();
  await expect(page.getByTestId('opening-form-button')).toHaveCount(0);
  await page.goto('/dashboard/openingDues');
  await expect(page.getByRole('heading', { name: 'Opening Due', level: 1 })).toBeVisible();
  await expect(page.getByTestId('opening-form-button')).toHaveCount(0);
});
