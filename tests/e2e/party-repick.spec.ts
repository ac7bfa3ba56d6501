import type { Locator, Page } from '@playwright/test';
import { type FieldDef, type KindDef, registry } from '../../src/shared/registry';
import { addPartner, createAccount, signIn } from './support/accounts';
import { expect, onDesktop, onPhone, test } from './fixtures';

// Issue 32, item 1: the party picker replaces the party cleanly, by tap, keyboard and typing, in
// every entry form that has a party and in Correct. (Picking one party, then another from a few
// letters typed, left Name empty and the save said "Name is required": the choice moved the focus
// on, and the picker's leaving the field undid it as text left unpicked.)

// (Kinds with a form on an entry screen: an opening due is entered from a sheet or the API, decision 0041.)
const withParty = registry.kinds.filter((k) => k.screens.length > 0 && k.fields.some((f) => f.input.type === 'party'));
const screenPath = { credit: '/cashIn', debit: '/cashOut', fireCount: '/fireCount' } as const;

/** A valid value for each field other than the party (the assigned salary comes from the party). */
async function fillTheRest(dialog: Locator, kind: KindDef) {
  for (const f of kind.fields) {
    // An optional field's label says so after its name.
    const input = dialog.getByLabel(f.label).first();
    if (f.input.type === 'choice') await input.selectOption({ index: 1 });
    else if (f.input.type === 'decimal' && f.name !== 'discount_amount') await input.fill('12');
    else if (f.input.type === 'text' && f.name !== 'assignedSalary') await input.fill(`re-pick ${f.name}`);
  }
}

/** Opens the list, empties the field and types a few letters; they name no one party in full. */
async function typeSome(page: Page, box: Locator, letters: string) {
  await box.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(letters);
}

for (const [i, kind] of withParty.entries()) {
  const party = kind.fields.find((f) => f.input.type === 'party') as FieldDef & { input: { categories: readonly string[] } };
  const category = party.input.categories[0] as string;
  const salary = kind.fields.some((f) => f.name === 'assignedSalary');

  test(`${kind.title}: another party replaces the first by tap, keyboard and typing, in the form and in Correct ${i % 2 ? onDesktop : onPhone}`, async ({
    page,
    request,
  }, info) => {
    test.setTimeout(60_000);
    const tag = `${kind.kind}-${info.project.name}-${process.pid}-${Date.now() % 100000}`;
    const [first, second] = [`Anwar Hossain ${tag}`, `Babul Mia ${tag}`];
    await addPartner(request, category, first, { assignedSalary: '11000' });
    await addPartner(request, category, second, { assignedSalary: '22000' });
    await signIn(page, await createAccount(request, 'acounts', 'Repick Clerk'));
    await page.goto(screenPath[kind.screens[0] ?? 'credit']);
    await page.getByRole('button', { name: kind.button ?? kind.title, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: kind.title });
    const box = dialog.getByRole('combobox', { name: party.label });
    const assigned = dialog.getByLabel('Assigned Salary');

    // By tap: the first party, then a few letters of the second and a tap on it.
    await typeSome(page, box, `anwar ${tag}`);
    await dialog.getByRole('option').filter({ hasText: first }).click();
    await expect(box).toHaveValue(first);
    await typeSome(page, box, `babul ${tag}`);
    await dialog.getByRole('option').filter({ hasText: second }).click();
    await expect(box).toHaveValue(second);
    if (salary) await expect(assigned).toHaveValue('22000');

    // By keyboard: a few letters, the arrow to the match and Enter.
    await typeSome(page, box, `anwar ${tag}`);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(box).toHaveValue(first);
    if (salary) await expect(assigned).toHaveValue('11000');

    // By typing the name in full and moving on.
    await typeSome(page, box, second);
    await page.keyboard.press('Tab');
    await expect(box).toHaveValue(second);
    if (salary) await expect(assigned).toHaveValue('22000');

    await fillTheRest(dialog, kind);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Confirmed' })).toBeVisible();
    await expect(dialog.getByText(`${party.label} is required`)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    const saved = page.getByTestId('recent-row').filter({ hasText: second });
    await expect(saved).toHaveCount(1);

    // In Correct: the entry opens with the second party; a tap on the first replaces it.
    await saved.getByRole('button', { name: 'Correct' }).click();
    const correcting = page.getByRole('dialog', { name: `Correct ${kind.title}` });
    const again = correcting.getByRole('combobox', { name: party.label });
    await expect(again).toHaveValue(second);
    await typeSome(page, again, `anwar ${tag}`);
    await correcting.getByRole('option').filter({ hasText: first }).click();
    await expect(again).toHaveValue(first);
    if (salary) await expect(correcting.getByLabel('Assigned Salary')).toHaveValue('11000');
    await correcting.getByRole('button', { name: 'Save correction' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Entry corrected' })).toBeVisible();
    await expect(page.getByTestId('recent-row').filter({ hasText: first }).filter({ hasText: 'corrects #' })).toHaveCount(1);
  });
}
