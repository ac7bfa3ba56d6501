import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/node';
import { registry } from '../../src/shared/registry';
import { fill, messages as en } from '../../src/shared/messages';
import { messages as bn, terms } from '../../src/shared/messages-bn';
import { toBengaliDigits } from '../../src/shared/digits';
import { importTexts } from '../../src/web/features/import/texts';
import { type Account, createAccount, signIn } from './support/accounts';
import { expect, test, widthOfLanguage } from './fixtures';

// The old system's export brought in on the web (issue 30 item 6) as the owner does it: the
// export's folder (or its files) chosen, a dry run whose report names each problem by file, row
// and column (a table on a desk, cards on a phone), the good rows imported as a batch, the batch
// voided with a reason. At 360 px and 1366 px, in English and in Bangla, each run by an admin of
// its own (the language is kept per person). The books are shared with the other specs: the
// batch is voided at the end, and the counts are read as the page shows them (an earlier run's
// partners and people are "already imported").

type Lang = 'en' | 'bn';
const SAMPLE = path.join(import.meta.dirname, '../fixtures/old-system');
const sampleFiles = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => path.join(dir, f));
/** Files whose records are the people and partners: the same in every run (a later run finds them "already imported"). */
const shared = new Set(['userDetailsData.json', 'loggedInUsers.json', 'users.json']);

/**
 * The sample as a run of its own: the entries' old `_id`s begin with this run's own digits, so runs
 * that overlap on the shared books (desktop and phone, English and Bangla) each have the entries to
 * import; the partners and people stay the sample's.
 */
function sampleOfThisRun(tag: string): string {
  // In the test's own output folder, which Playwright empties before each run.
  const out = test.info().outputPath();
  fs.mkdirSync(out, { recursive: true });
  const dir = fs.mkdtempSync(path.join(out, 'sample-'));
  const digits = createHash('sha1').update(`${tag} ${Date.now()}`).digest('hex').slice(0, 8);
  for (const f of fs.readdirSync(SAMPLE)) {
    const text = fs.readFileSync(path.join(SAMPLE, f), 'utf8');
    fs.writeFileSync(path.join(dir, f), shared.has(f) ? text : text.replace(/("\$oid":\s*")[0-9a-f]{8}/g, `$1${digits}`));
  }
  return dir;
}
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

/** The sheet names of a workbook, in order. */
async function readSheetNames(body: Buffer): Promise<string[]> {
  return (await readXlsxFile(body)).map((s) => s.sheet);
}

/** Signed in as `owner`, the page at `address` opened in `lang` (the switch: the language is kept per person). */
async function openAs(page: Page, owner: Account, address: string, lang: Lang) {
  await signIn(page, owner);
  await page.goto(address);
  await page
    .getByTestId('language-switch')
    .getByRole('button', { name: lang === 'en' ? 'English' : 'বাংলা', exact: true })
    .click();
}

/**
 * Clicks until `done` shows. One import or dry run at a time on the books: while another run's is
 * reading or writing, the page says so ("another import is running") and the admin tries again.
 */
async function clickUntilFree(button: Locator, done: Locator) {
  await expect(async () => {
    if ((await button.isVisible()) && (await button.isEnabled())) await button.click();
    await expect(done).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

for (const lang of ['en', 'bn'] as const) {
  test(`upload the old system's export, see its problems by row, import the good rows, void the batch (${lang}) ${widthOfLanguage(lang)}`, async ({
    page,
    request,
  }, info) => {
    test.setTimeout(120_000);
    const phone = info.project.name === 'phone';
    const width = phone ? 360 : 1366;
    await page.setViewportSize(phone ? { width: 360, height: 740 } : { width: 1366, height: 900 });
    const owner = await createAccount(request, 'admin', `Import Admin ${lang} ${info.project.name} ${Date.now() % 100000}`);
    await openAs(page, owner, '/dashboard', lang);
    const m = t(lang);
    // The admin's menu of the dashboard leads there (on a phone, inside the sidebar's drawer).
    if (phone) await page.getByText(m.openSidebar).click();
    await page.getByRole('link', { name: word(lang, 'Import'), exact: true }).click();
    await expect(page.getByRole('heading', { name: m.importTitle })).toBeVisible();

    // A desk chooses the whole folder (its README is left out); a phone, the files.
    const sample = sampleOfThisRun(`${lang} ${info.project.name}`);
    if (phone) await page.getByTestId('import-files').setInputFiles(sampleFiles(sample));
    else {
      await page.getByTestId('import-folder').setInputFiles(sample);
      await expect(page.getByText(fill(m.importLeftOut, { names: 'README.md' }))).toBeVisible();
    }
    await expect(page.getByTestId('import-chosen')).toContainText(fill(m.importChosen, { count: digits(lang, sampleFiles(sample).length) }));
    const report = page.getByTestId('import-report');
    await clickUntilFree(page.getByRole('button', { name: m.importDryRun, exact: true }), report);
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
    // The old dashboard's figures differ from what its entries add up to: the admin books the
    // difference as opening adjustments, which asks for the reason first.
    await page.getByTestId('import-book').check();
    await go.click();
    const reason = page.getByLabel(m.importBookReason);
    await expect(reason).toBeFocused();
    await expect(page.getByText(lang === 'en' ? `${m.importBookReason} is required` : `${m.importBookReason} দিতে হবে`)).toBeVisible();
    await reason.fill('the old dashboard at the cut-over');
    await expect(page.getByText(lang === 'en' ? `${m.importBookReason} is required` : `${m.importBookReason} দিতে হবে`)).toHaveCount(0);
    if (shots) await page.screenshot({ path: `${shots}/import-book-${lang}-${width}.png` });
    await clickUntilFree(go, report.getByText(m.importImported, { exact: true }));
    // The report says what went in: 37.5 kg added, 1,234.50 taka taken away.
    const booked = shown.locator('[data-kind=note]').filter({ hasText: 'dashboard.json' });
    await expect(booked.filter({ hasText: `(${word(lang, 'Add')} 37.5 kg)` })).toHaveCount(1);
    await expect(booked.filter({ hasText: `(${word(lang, 'Take away')} 1,234.50 taka)` })).toHaveCount(1);

    // The batch, newest first: by this admin, standing; voided with a reason, after a confirmation.
    // (Another run's may be newer: this admin's is the one.)
    const batch = page.getByTestId('import-batch').filter({ hasText: owner.name }).first();
    await expect(batch).toBeVisible();
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

for (const lang of ['en', 'bn'] as const) {
  test(`the page gives a sheet's template, the workbook of chosen days and the whole books, in its language (${lang}) ${widthOfLanguage(lang)}`, async ({
    page,
    request,
  }, info) => {
    const owner = await createAccount(request, 'admin', `Export Admin ${lang} ${info.project.name}`);
    await openAs(page, owner, '/dashboard/import', lang);
    const m = t(lang);
    await expect(page.getByRole('heading', { name: m.importOutTitle })).toBeVisible();
    const downloaded = async (testId: string) => {
      const download = page.waitForEvent('download');
      await page.getByTestId(testId).click();
      const file = await download;
      return { name: file.suggestedFilename(), body: fs.readFileSync(await file.path()) };
    };

    // The MS wire sheet's template as CSV: its header row in the page's language, and nothing else.
    await page.getByLabel(m.importTemplate).selectOption({ label: word(lang, 'MS Wire Form') });
    const csv = await downloaded('template-csv');
    expect(csv.name).toBe('mWireData.csv');
    const header = csv.body
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim();
    expect(header.split(',')[0]).toBe(`"${word(lang, 'Date')}"`);
    expect(header).toContain(`"${word(lang, 'Weight (KG)')}"`);
    expect((await downloaded('template-xlsx')).name).toBe('mWireData.xlsx');

    // The workbook of this month so far: one sheet per kind, named in the page's language.
    const workbook = await downloaded('export-workbook');
    expect(workbook.name).toMatch(/^ama-books-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheets = await readSheetNames(workbook.body);
    expect(sheets[0]).toBe(word(lang, registry.kinds[0]!.title));
    // A day that does not exist (it has a day's shape): nothing to download.
    await page.getByLabel(m.startDate, { exact: true }).fill('2026-02-30');
    await expect(page.getByTestId('export-workbook')).toHaveCount(0);
    // Days the wrong way round: said plainly, nothing to download.
    await page.getByLabel(m.startDate, { exact: true }).fill(lang === 'en' ? '31/12/2099' : '৩১/১২/২০৯৯');
    await page.getByLabel(m.startDate, { exact: true }).blur();
    await expect(page.getByRole('alert').filter({ hasText: m.datesSwapped })).toBeVisible();
    await expect(page.getByTestId('export-workbook')).toHaveCount(0);

    // The whole books: a zip of the files this page imports.
    const books = await downloaded('export-books');
    expect(books.name).toMatch(/^ama-books-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(Object.keys(unzipSync(new Uint8Array(books.body)))).toContain('userDetailsData.json');
    await noSidewaysScroll(page);
  });
}
