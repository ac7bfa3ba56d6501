import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { fill, messages as en } from '../../src/shared/messages';
import { messages as bn, terms } from '../../src/shared/messages-bn';
import { toBengaliDigits } from '../../src/shared/digits';
import { importTexts } from '../../src/web/features/import/texts';
import { createAccount, logIn } from './support/accounts';
import { expect, test } from './fixtures';

// The old system's export brought in on the web (issue 30 item 6) as the owner does it: the
// export's folder (or its files) chosen, a dry run whose report names each problem by file, row
// and column (a table on a desk, cards on a phone), the good rows imported as a batch, the batch
// voided with a reason. At 360 px and 1366 px, in English and in Bangla, each run by an admin of
// its own (the language is kept per person). The books are shared with the other specs: the
// batch is voided at the end, and the counts are read as the page shows them (an earlier run's
// partners and people are "already imported").

type Lang = 'en' | 'bn';
const SAMPLE = path.join(import.meta.dirname, '../fixtures/old-system');
const sampleFiles = fs
  .readdirSync(SAMPLE)
  .filter((f) => f.endsWith('.json'))
  .map((f) => path.join(SAMPLE, f));
const t = (lang: Lang) => ({ ...(lang === 'en' ? en : bn), ...importTexts[lang] });
const word = (lang: Lang, text: string) => (lang === 'en' ? text : (terms[text] ?? text));
const digits = (lang: Lang, n: number) => (lang === 'en' ? String(n) : toBengaliDigits(String(n)));
const shots = process.env.IMPORT_SHOTS;

/** The sample's four problem rows: file, row, column, value as read. */
const problems = [
  ['mWireData.json', 6, 'name', 'Nobody Known Here'],
  ['giWireData.json', 6, 'weight', '-5'],
  ['investorData.json', 4, 'paid_amount', 'abc'],
  ['powderCost.json', 6, 'issue_date', '2024-02-30'],
] as const;

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

for (const lang of ['en', 'bn'] as const) {
  test(`upload the old system's export, see its problems by row, import the good rows, void the batch (${lang})`, async ({ page, request }, info) => {
    test.setTimeout(120_000);
    const phone = info.project.name === 'phone';
    const width = phone ? 360 : 1366;
    await page.setViewportSize(phone ? { width: 360, height: 740 } : { width: 1366, height: 900 });
    const owner = await createAccount(request, 'admin', `Import Admin ${lang} ${info.project.name} ${Date.now() % 100000}`);
    await logIn(page, owner);
    await page.goto('/dashboard');
    await page
      .getByTestId('language-switch')
      .getByRole('button', { name: lang === 'en' ? 'English' : 'বাংলা', exact: true })
      .click();
    const m = t(lang);
    // The admin's menu of the dashboard leads there (on a phone, inside the sidebar's drawer).
    if (phone) await page.getByText(m.openSidebar).click();
    await page.getByRole('link', { name: word(lang, 'Import'), exact: true }).click();
    await expect(page.getByRole('heading', { name: m.importTitle })).toBeVisible();

    // A desk chooses the whole folder (its README is left out); a phone, the files.
    if (phone) await page.getByTestId('import-files').setInputFiles(sampleFiles);
    else {
      await page.getByTestId('import-folder').setInputFiles(SAMPLE);
      await expect(page.getByText(fill(m.importLeftOut, { names: 'README.md' }))).toBeVisible();
    }
    await expect(page.getByTestId('import-chosen')).toContainText(fill(m.importChosen, { count: digits(lang, sampleFiles.length) }));
    await page.getByRole('button', { name: m.importDryRun, exact: true }).click();
    const report = page.getByTestId('import-report');
    await expect(report).toBeVisible({ timeout: 30_000 });
    await expect(report.getByText(m.importWithProblems)).toBeVisible();

    // Each problem by its file, row, column and value: a table on a desk, a card on a phone.
    const shown = phone ? page.getByTestId('import-cards') : page.getByTestId('import-table');
    await expect(shown).toBeVisible();
    await expect(page.getByTestId(phone ? 'import-table' : 'import-cards')).toBeHidden();
    const problemRows = shown.locator('[data-kind=problem]');
    await expect(problemRows).toHaveCount(problems.length);
    for (const [i, [file, row, column, value]] of problems.entries()) {
      const line = problemRows.nth(i);
      await expect(line).toContainText(file);
      await expect(line).toContainText(digits(lang, row));
      await expect(line).toContainText(column);
      await expect(line).toContainText(value);
    }
    // The unknown name's message in the reader's language, with the closest names.
    await expect(problemRows.first()).toContainText(lang === 'en' ? 'matches no Client on the partner list' : 'অংশীদারের তালিকায়');
    await noSidewaysScroll(page);
    if (shots) {
      await page.screenshot({ path: `${shots}/import-report-${lang}-${width}.png`, fullPage: true });
      await page.getByRole('heading', { name: m.importTitle }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/import-top-${lang}-${width}.png` });
      await report.screenshot({ path: `${shots}/import-report-part-${lang}-${width}.png` });
    }

    // The report as a CSV.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: m.importDownload }).click();
    const csv = fs.readFileSync(await (await download).path(), 'utf8');
    expect(csv).toContain('"mWireData.json","6","name","Nobody Known Here"');

    // Import is refused while rows have problems, until the good rows are chosen.
    const go = page.getByTestId('import-go');
    await expect(go).toBeDisabled();
    await expect(page.getByText(m.importBlocked)).toBeVisible();
    await page.getByTestId('import-skip').check();
    await go.click();
    await expect(report.getByText(m.importImported, { exact: true })).toBeVisible({ timeout: 30_000 });

    // The batch, newest first: by this admin, standing; voided with a reason, after a confirmation.
    const batch = page.getByTestId('import-batch').first();
    await expect(batch).toContainText(owner.name);
    await noSidewaysScroll(page);
    if (shots) await page.screenshot({ path: `${shots}/import-done-${lang}-${width}.png`, fullPage: true });
    await batch.getByTestId('import-void').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(m.importVoidIntro);
    await dialog.getByLabel(m.importVoidReason).fill('the wrong export');
    await dialog.getByRole('button', { name: m.importVoidConfirm }).click();
    await expect(batch).toContainText(fill(m.importVoided, { name: owner.name, reason: 'the wrong export' }));
    await expect(batch.getByTestId('import-void')).toHaveCount(0);
    await noSidewaysScroll(page);
    if (shots) {
      await page.screenshot({ path: `${shots}/import-voided-${lang}-${width}.png`, fullPage: true });
      await batch.screenshot({ path: `${shots}/import-batch-${lang}-${width}.png` });
    }
  });
}
