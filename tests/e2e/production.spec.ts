import fs from 'node:fs';
import { todayIn } from '../../src/shared/dates';
import { type KindDef, type ProductionRole, kinds } from '../../src/shared/registry';
import { signIn } from './support/accounts';
import { E2E_ADMIN, e2ePorts } from './support/world';
import { expect, test } from './fixtures';

const headers = { origin: `http://127.0.0.1:${e2ePorts().port}` };
const pathOf = (role: ProductionRole) => (kinds as readonly KindDef[]).find((k) => k.production === role)?.path ?? '';

test.describe('production report', () => {
  test('shows a pot’s firings, repairs and cost per 1,000 kg, the months, the fire man; prints and exports @one-width', async ({ page, request }, testInfo) => {
    const tag = `${testInfo.project.name}-${Date.now() % 100000}`;
    const pot = `E2E Pot ${tag}`;
    const man = `Fireman ${tag}`;
    expect((await request.post('/api/auth/sign-in/email', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, headers })).status()).toBe(200);
    const post = async (role: ProductionRole, data: Record<string, string>) => {
      const res = await request.post(`/api/${pathOf(role)}`, { data, headers });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { data: { id: number } }).data.id;
    };
    await post('firing', { roll: '1', pot_number: pot, weight: '400.5', fire_man: man });
    await post('firing', { roll: '2', pot_number: ` ${pot} `, weight: '250.25', fire_man: man });
    const typo = await post('firing', { roll: '3', pot_number: pot, weight: '999', fire_man: man });
    expect((await request.post(`/api/entries/${typo}/void`, { data: { reason: 'typed twice' }, headers })).status()).toBe(200);
    await post('repair', { potNumb: pot, repairsAmount: '1000.50' });
    // 1,000.50 taka over 650.75 kg = 1,537.4567… taka per 1,000 kg → 1,537.46.
    const today = todayIn('Asia/Dhaka');
    const shown = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${today}T00:00:00Z`));

    await signIn(page, E2E_ADMIN);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: /^Production: cost per kg/ }).click();
    await expect(page.getByRole('heading', { name: 'Production', exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: /Kg fired \(bars\)/ })).toBeVisible();

    const potRow = page.getByRole('row').filter({ hasText: pot });
    await expect(potRow.getByRole('cell')).toHaveText([pot, '2', '650.75', shown, '1', '৳ 1,000.50', shown, '2', '৳ 1,537.46']);
    await expect(page.getByRole('row').filter({ hasText: man }).getByRole('cell')).toHaveText([man, '2', '650.75']);

    const phone = testInfo.project.name === 'phone';
    if (phone) {
      // Months as cards: the whole range open, then this month and the 12 before it.
      await expect(page.getByTestId('production-card')).toHaveCount(14);
      await expect(page.getByTestId('production-month').first()).toBeHidden();
      await expect(page.getByTestId('production-card').first()).toContainText('Full cost / kg fired');
    } else {
      await expect(page.getByTestId('production-month')).toHaveCount(2 * 13);
      await expect(page.getByTestId('production-total').first()).toContainText('Total');
    }
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // On paper: the company on top, the month tables (never the cards), no sidebar or buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('header')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeHidden();
    await expect(page.locator('.print-only').getByText('AMA Metal & Wire Industries', { exact: true })).toBeVisible();
    await expect(page.getByTestId('production-month')).toHaveCount(26);
    await expect(page.getByTestId('production-month').first()).toBeVisible();
    await expect(page.getByTestId('production-card').first()).toBeHidden();
    await expect(potRow).toBeVisible();
    if (!phone) {
      const pdf = await page.pdf({ preferCSSPageSize: true });
      expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    }
    await page.emulateMedia({ media: 'screen' });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = fs.readFileSync(await (await download).path(), 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]?.startsWith('\uFEFF"Month","Firings","Kg fired"')).toBe(true);
    // Thirteen months, the total, a blank line, then the pots; numbers without separators.
    expect(lines.slice(1, 14).every((l) => /^"\d{4}-\d{2}",("[\d.-]*",?)+$/.test(l))).toBe(true);
    expect(lines[15]).toBe('');
    expect(lines).toContain(`"${pot}","2","650.750","${today}","1","1000.50","${today}","2","1537.46"`);
    expect(lines).toContain(`"${man}","2","650.750"`);
    expect(lines[14]?.startsWith('"Total",')).toBe(true);
  });
});
