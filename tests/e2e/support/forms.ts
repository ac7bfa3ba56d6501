import { type Locator, expect } from '@playwright/test';

/** Picks a party in a form's party field: types part of the name, then taps the match. */
export async function pickParty(form: Locator, name: string, label = 'Name'): Promise<void> {
  const box = form.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(name);
  const option = form.getByRole('option').filter({ hasText: name }).first();
  await option.click();
  await expect(box).toHaveValue(name);
}
