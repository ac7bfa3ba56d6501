import { messages as bn } from '../../src/shared/messages-bn';
import { expect, test } from './fixtures';
import { addPartner, createAccount, signIn } from './support/accounts';
import { pickParty } from './support/forms';

// Issue 32 (small things): a salary's amount is worked out from the employee's assigned salary and
// the days absent (a day is a thirtieth of the month), and stays the accountant's to change.

test('the salary amount follows the days absent until the accountant types one; in Bangla too @phone-only', async ({ page, request }, testInfo) => {
  const employee = `Salaried Worker ${testInfo.project.name} ${Date.now() % 100000}`;
  await addPartner(request, 'Employee', employee, { assignedSalary: '20000' });
  await signIn(page, await createAccount(request, 'acounts', 'Salary Clerk'));
  await page.goto('/cashOut');
  await page.getByRole('button', { name: 'Salary', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Salary' });
  const amount = dialog.getByLabel('Amount');
  const absent = dialog.getByLabel('Absent (days)');
  const hint = dialog.getByTestId('salary-suggestion');

  await pickParty(dialog, employee);
  await expect(dialog.getByLabel('Assigned Salary')).toHaveValue('20000');
  await expect(amount).toHaveValue('20000.00');
  await absent.fill('2');
  await expect(amount).toHaveValue('18666.67');
  await expect(hint).toHaveText('The assigned salary less 2 days absent (a day is a thirtieth): ৳\u00a018,666.67');
  await hint.scrollIntoViewIfNeeded();
  const box = await hint.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= (page.viewportSize()?.width ?? 0)).toBe(true);

  // Typed by the accountant: kept when the days change; the suggestion beside it still follows.
  await amount.fill('19000');
  await absent.fill('3');
  await expect(amount).toHaveValue('19000');
  await expect(hint).toContainText('৳\u00a018,000.00');

  await dialog.getByLabel('Month').selectOption({ index: 1 });
  await dialog.getByLabel('Note').fill('November');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Confirmed' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('recent-row').filter({ hasText: employee })).toContainText('19,000');

  // In Bangla, the same suggestion in Bangla words and digits.
  await page.getByTestId('language-switch').getByRole('button', { name: 'বাংলা', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await page.getByRole('button', { name: 'বেতন', exact: true }).click();
  const form = page.getByRole('dialog');
  await pickParty(form, employee, bn.name);
  await form.getByLabel('অনুপস্থিত (দিন)').fill('২');
  await expect(form.getByTestId('salary-suggestion')).toHaveText(bn.salarySuggested.replace('{days}', '২').replace('{amount}', '৳\u00a0১৮,৬৬৬.৬৭'));
});
