import crypto from 'node:crypto';
import homeEn from '../../../../content/home.json' with { type: 'json' };
import homeBn from '../../../../content/home.bn.json' with { type: 'json' };
import { amountInWords } from '../../../shared/amount-words.ts';
import { formatLongDate, formatShortDate } from '../../../shared/dates.ts';
import { formatAmount, formatTaka, toUnits, units } from '../../../shared/money.ts';
import { terms } from '../../../shared/registry-bn.ts';
import type { ShareLanguage, SharedStatement } from '../../../shared/share-api.ts';
import { type PageTexts, pageTexts } from './texts.ts';

// The shared statement as a page of its own, drawn on the server (docs/decisions/0038-shared-statements.md):
// no script of the app, so the signed-in app's first screens carry nothing of it and the page's
// CSP can be strict. It takes the app's stylesheet (the ledger's table, its phone cards and its
// A4 print rules: app.css), the letterhead of content/home*.json, the amounts in words of
// shared/amount-words.ts. The only script is the print button's, allowed by its hash.

const companyEn = homeEn.company;
const companyBn = homeBn.company;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** A day (YYYY-MM-DD) as people read it; noon UTC is the same day in every time zone. */
const dayOf = (day: string, lang: ShareLanguage, long = false) => (long ? formatLongDate : formatShortDate)(new Date(`${day}T12:00:00Z`), lang);

const PRINT_SCRIPT = `document.getElementById('print').addEventListener('click',function(){window.print()})`;
const printHash = `'sha256-${crypto.createHash('sha256').update(PRINT_SCRIPT, 'utf8').digest('base64')}'`;

/** The page's own headers: nothing from elsewhere, no referrer (the token is in its address), not indexed, not cached. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': [
    "default-src 'none'",
    `script-src ${printHash}`,
    "style-src 'self'",
    "font-src 'self'",
    "img-src 'self' data:",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex, nofollow',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

function frame(lang: ShareLanguage, title: string, stylesheet: string | null, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
${stylesheet ? `<link rel="stylesheet" href="${escapeHtml(stylesheet)}">` : ''}
</head>
<body class="min-h-screen bg-base-100 text-base-content antialiased">
<main class="mx-auto max-w-5xl p-4">
${body}
</main>
</body>
</html>`;
}

const letterhead = (lang: ShareLanguage) => {
  const c = lang === 'bn' ? companyBn : companyEn;
  return `<div class="mb-3 border-b border-base-300 pb-2" data-testid="letterhead">
<p class="text-lg font-bold">${escapeHtml(c.name)}</p>
<p class="text-xs">${escapeHtml(c.address)}</p>
<p class="text-xs">${escapeHtml(c.email)}</p>
</div>`;
};

/** A plain page, in both languages (the link's is not known), for a link that is gone (410), unknown (404) or refused for now (429). */
export function plainPage(status: 404 | 410 | 429, stylesheet: string | null, seconds = 0): string {
  const said = (lang: ShareLanguage) => {
    const m = pageTexts[lang];
    const [title, text] = status === 410 ? [m.goneTitle, m.gone] : status === 404 ? [m.notFoundTitle, m.notFound] : [m.notFoundTitle, m.throttled(seconds)];
    return {
      title,
      html: `<div lang="${lang}" class="mt-4"><h1 class="text-2xl font-bold">${escapeHtml(title)}</h1><p class="mt-2">${escapeHtml(text)}</p></div>`,
    };
  };
  const en = said('en');
  return frame('en', en.title, stylesheet, `${letterhead('en')}${en.html}${said('bn').html}`);
}

/** How a balance reads for the party: its size in figures and whether they owe or are owed. */
function standing(m: PageTexts, lang: ShareLanguage, taka: number) {
  const p = toUnits(taka, units.money);
  return `${formatTaka(Math.abs(p), lang)} (${p > 0 ? m.youOwe : p < 0 ? m.weOwe : m.settled})`;
}

/** The party's page; `noteMissing`: a dispute came without its note (the page again, the problem said by the field). */
export function statementPage(s: SharedStatement, stylesheet: string | null, noteMissing = false): string {
  const lang = s.lang;
  const m = pageTexts[lang];
  const word = (english: string) => (lang === 'bn' ? (terms[english] ?? english) : english);
  const amount = (taka: number | null) => (taka === null ? '' : formatAmount(toUnits(taka, units.money), lang));
  // A no-break space: 'Dr' and 'Cr' never wrap away from their figure.
  const signed = (taka: number) => {
    const p = toUnits(taka, units.money);
    return `${formatAmount(Math.abs(p), lang)}${p > 0 ? `\u00a0${m.dr}` : p < 0 ? `\u00a0${m.cr}` : ''}`;
  };
  const accountName = (a: string | null) => (a === null ? '' : a === 'cheque' ? m.cheque : a === 'Cash in hand' ? m.cashInHand : a);
  // Figures (formatAmount, signed) are digits, separators and the texts' Dr/Cr: nothing to escape.
  // Drawn once per page, not per row (a page is up to LEDGER_PAGE rows; measured in the bench's P3 row):
  // each cell's opening tag with its escaped label, and each day's text (a page has few days, many rows).
  // A figure's cell is `num` (app.css: right, tabular, unbroken), a row has no attribute it does not
  // need: the page's bytes are its time (rendered, compressed, sent, read on a phone).
  const open = (label: string, numeric = false) => `<td${numeric ? ' class="num"' : ''} data-label="${escapeHtml(label)}">`;
  const [entryTd, totalTd, paidTd, discountTd, noteTd, accountTd, effectTd, balanceTd] = [
    open(m.entry),
    open(m.totalPrice, true),
    open(m.paid, true),
    open(m.discount, true),
    open(m.note),
    open(m.account),
    open(m.effect, true),
    open(m.balance, true),
  ];
  const days = new Map<string, string>();
  const day = (d: string) => {
    let text = days.get(d);
    if (text === undefined) days.set(d, (text = escapeHtml(dayOf(d, lang))));
    return text;
  };
  const rows = s.rows
    .map(
      (r) =>
        `<tr><td class="whitespace-nowrap">${day(r.issue_date)}</td>${entryTd}${escapeHtml(word(r.title))}</td>${totalTd}${amount(r.total_price)}</td>${paidTd}${amount(r.paid_amount)}</td>${discountTd}${amount(r.discount_amount)}</td>${noteTd}${escapeHtml(r.note ?? '')}</td>${accountTd}${escapeHtml(accountName(r.account))}</td>${effectTd}${signed(r.effect)}</td>${balanceTd}${signed(r.balance)}</td></tr>`,
    )
    .join('\n');
  const range = m.range(s.from && dayOf(s.from, lang, true), s.to && dayOf(s.to, lang, true));
  const closingP = toUnits(s.closing, units.money);
  const answered = s.last_answer
    ? `<p class="alert ${s.last_answer.answer === 'confirm' ? 'alert-success' : 'alert-warning'} mt-3" role="status" data-testid="shared-answer">${escapeHtml(
        (s.last_answer.answer === 'confirm' ? m.confirmed : m.disputed)(
          standing(m, lang, s.last_answer.balance),
          formatLongDate(new Date(s.last_answer.at), lang),
        ),
      )}</p>`
    : '';
  const languageSwitch = (['en', 'bn'] as const)
    .map((l) =>
      l === lang
        ? ''
        : `<form method="post"><input type="hidden" name="lang" value="${l}"><button class="btn btn-sm btn-ghost" type="submit" lang="${l}">${l === 'bn' ? 'বাংলা' : 'English'}</button></form>`,
    )
    .join('');
  const body = `<div class="no-print flex flex-wrap items-center justify-end gap-2" aria-label="${escapeHtml(m.language)}">${languageSwitch}<button id="print" class="btn btn-sm btn-outline" type="button">${escapeHtml(m.print)}</button></div>
${letterhead(lang)}
<h1 class="text-2xl font-bold">${escapeHtml(m.statementOf(s.party.name))}</h1>
<p class="mt-1 text-sm">${escapeHtml(word(s.party.catagories))} · ${escapeHtml(range)} · ${escapeHtml(m.dr)}: ${escapeHtml(m.youOwe)}, ${escapeHtml(m.cr)}: ${escapeHtml(m.weOwe)}</p>
<form method="get" class="no-print mt-3 flex flex-wrap items-end gap-2">
<label class="text-sm">${escapeHtml(m.from)}<br><input class="input input-sm" type="date" name="from" value="${escapeHtml(s.from ?? '')}"></label>
<label class="text-sm">${escapeHtml(m.to)}<br><input class="input input-sm" type="date" name="to" value="${escapeHtml(s.to ?? '')}"></label>
<button class="btn btn-sm" type="submit">${escapeHtml(m.show)}</button>
</form>
<div class="mt-4 data-table-frame overflow-x-auto rounded-box border border-base-300">
<table class="data-table table table-sm statement-table">
<thead><tr><th>${escapeHtml(m.date)}</th><th>${escapeHtml(m.entry)}</th><th class="text-right">${escapeHtml(m.totalPrice)}</th><th class="text-right">${escapeHtml(m.paid)}</th><th class="text-right">${escapeHtml(m.discount)}</th><th>${escapeHtml(m.note)}</th><th>${escapeHtml(m.account)}</th><th class="text-right">${escapeHtml(m.effect)}</th><th class="text-right">${escapeHtml(m.balance)}</th></tr></thead>
<tbody>
<tr data-testid="shared-opening"><td colspan="8">${escapeHtml(m.broughtForward)}</td><td class="whitespace-nowrap text-right tabular-nums" data-lead-value="">${escapeHtml(signed(s.opening))}</td></tr>
${rows || `<tr><td colspan="9">${escapeHtml(m.noEntries)}</td></tr>`}
</tbody>
<tfoot><tr class="font-bold" data-testid="shared-closing"><td colspan="8">${escapeHtml(m.closing)}</td><td class="text-right tabular-nums whitespace-nowrap" data-label="${escapeHtml(m.balance)}">${escapeHtml(signed(s.closing))}</td></tr></tfoot>
</table>
</div>
<p class="mt-3 text-sm" data-testid="shared-in-words">${escapeHtml(m.asOf(dayOf(s.as_of, lang, true)))}: <strong>${escapeHtml(standing(m, lang, s.closing))}</strong>, ${escapeHtml(m.inWords)}: <strong>${escapeHtml(amountInWords(Math.abs(closingP), lang))}</strong></p>
${answered}
<section class="no-print mt-6 rounded-box border border-base-300 p-4" data-testid="shared-agree">
<h2 class="text-lg font-bold">${escapeHtml(m.agreeTitle)}</h2>
<p class="mt-1 text-sm">${escapeHtml(m.agreeIntro)}</p>
<form method="post" class="mt-3"><input type="hidden" name="answer" value="confirm"><button class="btn btn-primary" type="submit">${escapeHtml(m.confirm)}</button></form>
<form method="post" class="mt-4 flex flex-col gap-2"><input type="hidden" name="answer" value="dispute"><label class="text-sm" for="note">${escapeHtml(m.disputeNote)}</label>${
    noteMissing ? `<p id="note-error" class="text-sm text-error" role="alert" data-testid="shared-note-error">${escapeHtml(m.noteRequired)}</p>` : ''
  }<textarea id="note" class="textarea w-full${noteMissing ? ' textarea-error' : ''}" name="note" maxlength="500" required${noteMissing ? ' aria-invalid="true" aria-describedby="note-error" autofocus' : ''}></textarea><button class="btn btn-outline self-start" type="submit">${escapeHtml(m.dispute)}</button></form>
</section>
<script>${PRINT_SCRIPT}</script>`;
  return frame(lang, `${m.title(s.party.name)} · ${lang === 'bn' ? companyBn.name : companyEn.name}`, stylesheet, body);
}
