import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

// What `check` knows of the shared statements (migration 0024): every link, answer and reminder is
// of a partner there is; a link keeps a sha256 (never a token), a language of two, and at most one
// link per party is open; an answer is a confirm or a dispute with its note, through a link of its party.
export async function shareProblems(db: Kysely<DB>): Promise<string[]> {
  const problems: string[] = [];
  const partners = new Set((await db.selectFrom('partners').select('id').execute()).map((p) => Number(p.id)));
  const links = await db.selectFrom('share_links').selectAll().execute();
  const now = new Date().toISOString();
  const open = new Map<number, number>();
  const linkParty = new Map<number, number>();
  for (const l of links) {
    const party = Number(l.partner_id);
    linkParty.set(Number(l.id), party);
    if (!partners.has(party)) problems.push(`share link ${l.id}: no partner ${party}`);
    if (!/^[0-9a-f]{64}$/.test(l.token_hash)) problems.push(`share link ${l.id}: the token is not kept as a sha256`);
    if (l.lang !== 'en' && l.lang !== 'bn') problems.push(`share link ${l.id}: language ${l.lang}`);
    if (l.expires_at <= l.created_at) problems.push(`share link ${l.id}: expires before it was made`);
    if (l.revoked_at === null && l.expires_at > now) open.set(party, (open.get(party) ?? 0) + 1);
  }
  for (const [party, n] of open) if (n > 1) problems.push(`partner ${party}: ${n} share links open (a new link revokes the old)`);
  for (const a of await db.selectFrom('party_answers').selectAll().execute()) {
    if (a.answer !== 'confirm' && a.answer !== 'dispute') problems.push(`party answer ${a.id}: ${a.answer}`);
    if (a.answer === 'dispute' && !a.note) problems.push(`party answer ${a.id}: a dispute without its note`);
    if (linkParty.get(Number(a.link_id)) !== Number(a.partner_id)) problems.push(`party answer ${a.id}: not through a link of partner ${a.partner_id}`);
  }
  for (const r of await db.selectFrom('party_reminders').selectAll().execute()) {
    if (!partners.has(Number(r.partner_id))) problems.push(`reminder: no partner ${r.partner_id}`);
    if (r.channel !== 'whatsapp' && r.channel !== 'sms') problems.push(`reminder of partner ${r.partner_id}: channel ${r.channel}`);
  }
  return problems;
}
