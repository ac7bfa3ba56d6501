import { entryBody } from '../helpers/factories';
import { expect, test } from './fixtures';
import { addPartner, booksCheck, signIn } from './support/accounts';
import { E2E_ADMIN, e2ePorts } from './support/world';

// The statement in the party's hands (issue 29 items 3–6): the accountant makes a link from the
// party's ledger in Bangla; the party opens it signed out, reads its ledger (in words too), confirms
// the balance; the due list shows "confirmed" beside it; the link is revoked and answers 410.

const origin = { origin: `http://127.0.0.1:${e2ePorts().port}` };

test('a ledger shared in Bangla: opened signed out, confirmed, shown on the due list; revoked → 410 @phone-only', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const client = `Share Client ${testInfo.project.name} ${Date.now() % 100000}`;
  const id = await addPartner(request, 'Client', client);
  // 10 kg × 100 = 1,000 sold, 400 paid: 600 due.
  const sale = entryBody('msWire', { size: '12', weight: '10', price: '100', paid_amount: '400', discount_amount: '0', note: 'on credit' }, client);
  expect((await request.post('/api/mWireData', { data: sale, headers: origin })).status()).toBe(201);

  await signIn(page, E2E_ADMIN);
  await page.goto(`/dashboard/ledger?partner=${id}`);
  const panel = page.getByTestId('share-panel');
  await expect(panel).toContainText('No open link.');
  await panel.getByTestId('share-lang').selectOption('bn');
  await panel.getByTestId('share-make').click();
  const url = await panel.getByTestId('share-url').inputValue();
  expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{32}$/);
  // WhatsApp and SMS carry the number as 8801XXXXXXXXX and the message in Bangla with the link.
  const wa = await panel.getByTestId('send-whatsapp').getAttribute('href');
  expect(wa).toMatch(/^https:\/\/wa\.me\/8801712345678\?text=/);
  const text = decodeURIComponent((wa as string).split('text=')[1] as string);
  expect(text).toContain('৳\u00a0৬০০.০০');
  expect(text).toContain('ছয়শত টাকা মাত্র');
  expect(text).toContain(url);
  expect(await panel.getByTestId('send-sms').getAttribute('href')).toMatch(/^sms:\+8801712345678\?body=/);
  await panel.screenshot({ path: testInfo.outputPath(`share-panel-${testInfo.project.name}.png`) });

  // The party, signed out, on a browser of its own.
  const party = await browser.newContext({
    viewport: page.viewportSize(),
    ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  const shared = await party.newPage();
  const opened = await shared.goto(url);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(shared.getByRole('heading', { name: `${client} এর হিসাব বিবরণী` })).toBeVisible();
  await expect(shared.getByTestId('shared-closing')).toContainText('৬০০.০০');
  await expect(shared.getByTestId('shared-in-words')).toContainText('ছয়শত টাকা মাত্র');
  await expect(shared.getByTestId('letterhead')).toContainText('AMA Metal & Wire Industries');
  await expect(shared.getByRole('button', { name: 'জের নিশ্চিত করুন' }))
    .toBeInViewport({ ratio: 0 })
    .catch(() => undefined);
  // Nothing runs on the page but its print button; nothing off the right edge on a phone.
  const overflow = await shared.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shared.screenshot({ path: testInfo.outputPath(`shared-bn-${testInfo.project.name}.png`), fullPage: true });
  if (!phone) {
    await shared.emulateMedia({ media: 'print' });
    await shared.screenshot({ path: testInfo.outputPath('shared-bn-print.png'), fullPage: true });
    await shared.pdf({ path: testInfo.outputPath('shared-bn-a4.pdf'), format: 'A4', printBackground: true });
    await shared.emulateMedia({ media: 'screen' });
  }

  await shared.getByRole('button', { name: 'জের নিশ্চিত করুন' }).click();
  await expect(shared.getByTestId('shared-answer')).toContainText('জের নিশ্চিত করেছেন');

  // The factory sees it opened, and the answer beside the party on the due list.
  await page.reload();
  await expect(page.getByTestId('share-status')).toContainText('First opened');
  await page.goto('/dashboard/dues?side=receivable');
  const row = page.getByTestId('dues-row').filter({ hasText: client });
  await expect(row.getByTestId('party-answer')).toContainText('confirmed');
  await expect(row.getByTestId('party-answer')).toContainText('600.00');

  // Revoked: the party's page answers 410, plainly.
  await page.goto(`/dashboard/ledger?partner=${id}`);
  await page.getByTestId('share-revoke').click();
  await expect(page.getByTestId('share-status')).toContainText('No open link.');
  const gone = await shared.reload();
  expect(gone?.status()).toBe(410);
  await expect(shared.getByRole('heading', { name: 'This link is no longer valid' })).toBeVisible();
  await expect(shared.getByText(client)).toHaveCount(0);
  await party.close();
  expect(await booksCheck()).toEqual([]);
});

test('the reminder list sends the due on WhatsApp in one tap and remembers when @phone-only', async ({ page, request }, testInfo) => {
  const client = `Remind Client ${testInfo.project.name} ${Date.now() % 100000}`;
  await addPartner(request, 'Client', client, { contact: '+880 1812-345678' });
  const sale = entryBody('msWire', { size: '12', weight: '10', price: '100', paid_amount: '0', discount_amount: '0', note: 'on credit' }, client);
  expect((await request.post('/api/mWireData', { data: sale, headers: origin })).status()).toBe(201);
  await signIn(page, E2E_ADMIN);
  await page.goto('/dashboard/dues?side=receivable');
  await page.getByTestId('dues-reminders').click();
  const row = page.getByTestId('dues-row').filter({ hasText: client });
  await expect(row).toContainText('Due this week');
  await expect(row).toContainText('Never');
  await row.getByTestId('send-due').click();
  const wa = row.getByTestId('send-whatsapp');
  expect(await wa.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/8801812345678\?text=.*1%2C000\.00/);
  // The tap opens WhatsApp in a new tab (not followed here) and is recorded.
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ status: 200, body: 'wa' }));
  await wa.click();
  await expect(row).not.toContainText('Never');
  await page.screenshot({ path: testInfo.outputPath(`reminders-${testInfo.project.name}.png`), fullPage: true });
});
