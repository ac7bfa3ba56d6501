import crypto from 'node:crypto';
import { todayIn } from '../../../shared/dates.ts';
import { LEDGER_PAGE } from '../../../shared/ledger-page.ts';
import { toDecimal, units } from '../../../shared/money.ts';
import { type PartyAnswer, SHARE_DAYS, type ShareLanguage, type ShareStatus, type SharedStatement } from '../../../shared/share-api.ts';
import { recordAudit } from '../../audit.ts';
import type { CurrentUser } from '../../auth/plugin.ts';
import { claimTry, settleTry } from '../../auth/throttle.ts';
import type { ShareLinkTable } from '../../db/schema.ts';
import { writeTransaction } from '../../db/write.ts';
import { HttpError } from '../../http/validate.ts';
import type { BooksContext } from '../books/context.ts';
import { isMoneyAccount, listAccounts } from '../books/accounts.ts';
import { partyLedger } from '../books/ledger.ts';
import * as books from '../books/repository.ts';
import * as repo from './repository.ts';

// The statement in the party's hands (issue 29 items 3–6, docs/decisions/0038-shared-statements.md).
// A link is a random token of 192 bits; only its sha256 is stored, so the database does not hold
// a working link. A party has one live link: a new one revokes the ones before. Opening a link
// that is unknown counts against the address (auth/throttle.ts, in the database: every instance
// counts alike); an expired or revoked one answers 410.

const money = (poisha: number) => toDecimal(poisha, units.money);
export const hashToken = (token: string) => crypto.createHash('sha256').update(token, 'utf8').digest('hex');
const DAY_MS = 86_400_000;

export type Link = Omit<ShareLinkTable, 'id' | 'partner_id'> & { id: unknown; partner_id: unknown };

async function partnerOr404(ctx: BooksContext, id: number) {
  const partner = await books.getPartner(ctx.db, id);
  if (!partner) throw new HttpError(404, 'partner_not_found');
  return partner;
}

/** A new link for the party (revoking the ones before): its address and when it expires. */
export async function makeLink(
  ctx: BooksContext,
  appUrl: string,
  actor: CurrentUser,
  partnerId: number,
  body: { days?: number | undefined; lang?: ShareLanguage | undefined; from?: string | undefined; to?: string | undefined },
) {
  await partnerOr404(ctx, partnerId);
  const token = crypto.randomBytes(24).toString('base64url');
  const now = new Date();
  const link = {
    partner_id: partnerId,
    token_hash: hashToken(token),
    lang: body.lang ?? 'en',
    from_date: body.from ?? null,
    to_date: body.to ?? null,
    created_at: now.toISOString(),
    created_by: actor.name,
    expires_at: new Date(now.getTime() + (body.days ?? SHARE_DAYS) * DAY_MS).toISOString(),
  };
  await writeTransaction(ctx.db, async (trx) => {
    const revoked = await repo.revokeAll(trx, partnerId, link.created_at);
    await trx.insertInto('share_links').values(link).execute();
    const { token_hash: _hash, ...shown } = link;
    await recordAudit(trx, { actor, action: 'share-statement', subjectKind: 'partner', subjectId: String(partnerId), before: { revoked }, after: shown });
  });
  return { url: `${appUrl}/s/${token}`, expires_at: link.expires_at, lang: link.lang as ShareLanguage, from: link.from_date, to: link.to_date };
}

/** Revokes the party's open links: how many were. */
export async function revokeLinks(ctx: BooksContext, actor: CurrentUser, partnerId: number) {
  await partnerOr404(ctx, partnerId);
  const revoked = await writeTransaction(ctx.db, async (trx) => {
    const n = await repo.revokeAll(trx, partnerId, new Date().toISOString());
    await recordAudit(trx, {
      actor,
      action: 'revoke-statement-link',
      subjectKind: 'partner',
      subjectId: String(partnerId),
      before: undefined,
      after: { revoked: n },
    });
    return n;
  });
  return { revoked };
}

/** The factory's view of a party's link: when it expires, when it was first and last opened; the last answer and reminder. */
export async function linkStatus(ctx: BooksContext, partnerId: number): Promise<ShareStatus> {
  await partnerOr404(ctx, partnerId);
  const link = await repo.liveLink(ctx.db, partnerId, new Date().toISOString());
  const answer = (await repo.lastAnswers(ctx.db, [partnerId])).get(partnerId);
  const reminder = (await repo.lastReminders(ctx.db, [partnerId])).get(partnerId);
  return {
    link: link
      ? {
          created_at: link.created_at,
          created_by: link.created_by,
          expires_at: link.expires_at,
          lang: link.lang as ShareLanguage,
          from: link.from_date,
          to: link.to_date,
          first_opened_at: link.first_opened_at,
          last_opened_at: link.last_opened_at,
        }
      : null,
    last_answer: answer ?? null,
    last_reminded: reminder ? { at: reminder.reminded_at, channel: reminder.channel as 'whatsapp' | 'sms', by: reminder.reminded_by } : null,
  };
}

/** Records that the party was sent its due (the tap on WhatsApp or SMS). */
export async function recordReminder(ctx: BooksContext, actor: CurrentUser, partnerId: number, channel: 'whatsapp' | 'sms') {
  await partnerOr404(ctx, partnerId);
  const at = new Date().toISOString();
  await ctx.db
    .insertInto('party_reminders')
    .values({ partner_id: partnerId, reminded_at: at, channel, reminded_by: actor.name })
    .onConflict((oc) => oc.column('partner_id').doUpdateSet({ reminded_at: at, channel, reminded_by: actor.name }))
    .execute();
  return { at, channel, by: actor.name };
}

/**
 * The link a token opens, for an address: throttled after wrong tokens (429), unknown (404, counted
 * against the address), expired or revoked (410). `touch` marks it opened.
 *
 * One transaction, so one commit (a page open was three, each a WAL sync under synchronous=FULL: the
 * page's p95 in the bench was 3× the ledger's on CI's disk): the try is counted, the token looked at,
 * the count settled and the link marked opened. The count's row stays locked until the commit, so tries
 * from one address sent at once still go one after another (decision 0038).
 */
export async function openLink(ctx: BooksContext, token: string, ip: string, touch: boolean): Promise<Link> {
  const key = `share:${ip}`;
  const hash = /^[A-Za-z0-9_-]{16,64}$/.test(token) ? hashToken(token) : null;
  const now = new Date().toISOString();
  const { wait, link } = await ctx.db.transaction().execute(async (trx) => {
    const wait = await claimTry(trx, key);
    if (wait > 0) return { wait, link: undefined };
    const link = hash ? await repo.linkByHash(trx, hash) : undefined;
    // A link that exists, live or not, is no guess.
    await settleTry(trx, key, link !== undefined);
    if (link && touch && link.revoked_at === null && link.expires_at > now) await repo.markOpened(trx, Number(link.id), now);
    return { wait, link };
  });
  if (wait > 0) {
    const error = new HttpError(429, 'link_throttled', { seconds: Math.ceil(wait / 1000) });
    error.retryAfter = Math.ceil(wait / 1000);
    throw error;
  }
  if (!link) throw new HttpError(404, 'link_not_found');
  if (link.revoked_at !== null || link.expires_at <= now) throw new HttpError(410, 'link_gone');
  return link;
}

/** What the party sees: its ledger over the range (the link's, or one it chose), and nothing else. */
export async function sharedStatement(ctx: BooksContext, link: Link, range: { from?: string | undefined; to?: string | undefined }): Promise<SharedStatement> {
  const partyId = Number(link.partner_id);
  const partner = await partnerOr404(ctx, partyId);
  const from = range.from ?? link.from_date ?? undefined;
  const to = range.to ?? link.to_date ?? undefined;
  const l = await partyLedger(ctx.db, ctx.registry, partyId, { from, to, limit: LEDGER_PAGE });
  const live = l.rows.filter((r) => !Number(r.voided));
  // More entries than a page: the earlier ones are carried in the opening line.
  const opening = l.count > live.length ? l.carried : l.opening;
  const [answers, accounts] = await Promise.all([repo.lastAnswers(ctx.db, [partyId]), listAccounts(ctx.db)]);
  const answer = answers.get(partyId);
  // A payment's account shows to the party too (issue 29): by its name, a cheque as a cheque (the books' waiting accounts are theirs).
  const accountOf = new Map(accounts.map((a) => [Number(a.id), isMoneyAccount(a) ? a.name : 'cheque']));
  return {
    party: { name: partner.name, catagories: partner.catagories },
    lang: link.lang as ShareLanguage,
    from: from ?? null,
    to: to ?? null,
    as_of: to ?? todayIn(ctx.timeZone),
    opening: money(opening),
    closing: money(l.closing),
    rows: live.map((r) => ({
      issue_date: r.issue_date,
      title: ctx.registry.byName(r.kind)?.title ?? r.kind,
      total_price: r.total_price_p === null ? null : money(r.total_price_p),
      paid_amount: r.paid_amount_p === null ? null : money(r.paid_amount_p),
      discount_amount: r.discount_amount_p === null ? null : money(r.discount_amount_p),
      note: r.note,
      account: r.account_id === null ? null : (accountOf.get(Number(r.account_id)) ?? null),
      effect: money(r.effect_p),
      balance: money(r.balance_p),
    })),
    last_answer: answer ?? null,
  };
}

/** The party's confirm or dispute of the closing balance it is shown: recorded, and audited as the party's. */
export async function recordAnswer(ctx: BooksContext, link: Link, input: { answer: PartyAnswer; note?: string | undefined }) {
  const partyId = Number(link.partner_id);
  const partner = await partnerOr404(ctx, partyId);
  const to = link.to_date ?? undefined;
  const l = await partyLedger(ctx.db, ctx.registry, partyId, { from: link.from_date ?? undefined, to, limit: 1 });
  const row = {
    partner_id: partyId,
    link_id: Number(link.id),
    answer: input.answer,
    note: input.note?.trim() || null,
    at: new Date().toISOString(),
    as_of: to ?? todayIn(ctx.timeZone),
    balance_p: l.closing,
  };
  await writeTransaction(ctx.db, async (trx) => {
    await trx.insertInto('party_answers').values(row).execute();
    await recordAudit(trx, {
      actor: { id: `share-link:${String(link.id)}`, name: partner.name },
      action: `statement-${input.answer}`,
      subjectKind: 'partner',
      subjectId: String(partyId),
      before: undefined,
      after: { note: row.note, as_of: row.as_of, balance: money(row.balance_p) },
    });
  });
  return repo.answerToWire(row);
}

/** The party's choice of language, remembered on the link. */
export async function setLinkLanguage(ctx: BooksContext, link: Link, lang: ShareLanguage) {
  await ctx.db.updateTable('share_links').set({ lang }).where('id', '=', Number(link.id)).execute();
}
