import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idParamSchema, ledgerQuerySchema, listQuerySchema, recentQuerySchema } from '../../../shared/books-api.ts';
import { toDecimal, units } from '../../../shared/money.ts';
import { ASSET_SALE_KIND, type KindDef, kindByName, kinds } from '../../../shared/registry.ts';
import type { CurrentUser } from '../../auth/plugin.ts';
import { HttpError, parseInput } from '../../http/validate.ts';
import type { BooksContext } from './context.ts';
import { entryToWire, partnerToWire, saleToWire, summable, totalsToWire } from './convert.ts';
import { createEntry } from './entries.ts';
import { partyBalances, partyLedger } from './ledger.ts';
import { endFire, sellAsset, voidEntry } from './lifecycle.ts';
import { createPartner, updatePartner } from './partners.ts';
import * as repo from './repository.ts';

// Every route of the books, derived from the registry: a list and a create for each kind, plus
// the state changes the spec has (end a fire, sell an asset, edit a partner) and voids.
export async function booksRoutes(app: FastifyInstance): Promise<void> {
  const ctx: BooksContext = { db: app.deps.database.db, timeZone: app.deps.config.timeZone };
  const actor = async (req: FastifyRequest) => (await req.currentUser()) as CurrentUser;

  for (const kind of kinds as readonly KindDef[]) {
    app.get(`/${kind.path}`, { config: { access: 'acounts' } }, async (req) => {
      const q = parseInput(listQuerySchema, req.query);
      const filters = { kind: kind.kind, search: q.s, name: q.name, from: q['issue_date>'], to: q['issue_date<'] };
      const [rows, sums] = await Promise.all([repo.listEntries(ctx.db, { ...filters, limit: q.limit }), repo.sumEntries(ctx.db, filters, summable(kind))]);
      // `totals` (beside the spec's data list) are the database's sums over every matching row.
      return { data: rows.map((r) => entryToWire(kind, r)), totals: totalsToWire(kind, sums) };
    });
    app.get(`/${kind.path}/dates`, { config: { access: 'acounts' } }, async () => ({
      data: (await repo.distinctDates(ctx.db, kind.kind, 3660)).map((r) => ({ issue_date: r.issue_date, count: Number(r.count) })),
    }));
    app.get(`/${kind.path}/names`, { config: { access: 'acounts' } }, async (req) => {
      const q = parseInput(listQuerySchema.pick({ s: true }), req.query);
      const rows = await repo.distinctNames(ctx.db, kind.kind, q.s, 2000);
      return { data: rows.map((r) => ({ name: r.name, count: Number(r.count), partner_id: r.party_id === null ? null : Number(r.party_id) })) };
    });
    app.post(`/${kind.path}`, { config: { access: kind.write } }, async (req, reply) => {
      const result = await createEntry(ctx, kind, req.body, await actor(req));
      return reply.code(result.created ? 201 : 200).send({ data: entryToWire(kind, result.row) });
    });
  }

  // The latest entries of one side of the books (cash in or cash out), for the entry screens.
  app.get('/entries/recent', { config: { access: 'acounts' } }, async (req) => {
    const q = parseInput(recentQuerySchema, req.query);
    const group = (kinds as readonly KindDef[]).filter((k) => k.group === q.group || (q.group === 'cashIn' && k.group === 'stock'));
    // Asset sales are money in: listed with cash in, so a sale can be seen and voided.
    const names = [...group.map((k) => k.kind), ...(q.group === 'cashIn' ? [ASSET_SALE_KIND] : [])];
    const rows = await repo.listRecent(ctx.db, names, q.limit);
    return { data: rows.map((r) => (r.kind === ASSET_SALE_KIND ? saleToWire(r) : { kind: r.kind, title: kindOf(r.kind).title, ...entryToWire(kindOf(r.kind), r) })) };
  });

  app.put('/fire/:id', { config: { access: 'acounts' } }, async (req) => {
    const { id } = parseInput(idParamSchema, req.params);
    return { data: entryToWire(kindOf('fire'), await endFire(ctx, id, req.body, await actor(req))) };
  });

  app.put('/assetsCost/:id', { config: { access: 'acounts' } }, async (req) => {
    const { id } = parseInput(idParamSchema, req.params);
    return { data: entryToWire(kindOf('asset'), await sellAsset(ctx, id, req.body, await actor(req))) };
  });

  app.post('/entries/:id/void', { config: { access: 'acounts' } }, async (req) => {
    const { id } = parseInput(idParamSchema, req.params);
    return { data: await voidEntry(ctx, id, req.body, await actor(req)) };
  });

  app.get('/ledger', { config: { access: 'acounts' } }, async () => ({
    data: (await partyBalances(ctx.db)).map((r) => ({ id: Number(r.id), name: r.name, catagories: r.catagories, entries: Number(r.entries), balance: toDecimal(Number(r.balance_p), units.money) })),
  }));

  app.get('/ledger/:id', { config: { access: 'acounts' } }, async (req) => {
    const { id } = parseInput(idParamSchema, req.params);
    const q = parseInput(ledgerQuerySchema, req.query);
    const partner = await repo.getPartner(ctx.db, id);
    if (!partner) throw new HttpError(404, 'No such partner');
    const l = await partyLedger(ctx.db, id, { from: q['issue_date>'], to: q['issue_date<'], limit: q.limit });
    const money = (p: number | null) => (p === null ? null : toDecimal(Number(p), units.money));
    return {
      data: {
        partner: partnerToWire(partner),
        opening: money(l.opening),
        closing: money(l.closing),
        count: l.count,
        carried: money(l.carried),
        rows: l.rows.map((r) => ({
          id: Number(r.id),
          kind: r.kind,
          title: kindByName(r.kind)?.title ?? r.kind,
          issue_date: r.issue_date,
          total_price: money(r.total_price_p),
          paid_amount: money(r.paid_amount_p),
          discount_amount: money(r.discount_amount_p),
          note: r.note,
          effect: money(r.effect_p),
          balance: money(r.balance_p),
        })),
      },
    };
  });

  app.get('/dashboard', { config: { access: 'acounts' } }, async () => ({ data: await summary() }));

  // Spec: PUT dashboard with wire_stock records stock added.
  app.put('/dashboard', { config: { access: 'acounts' } }, async (req, reply: FastifyReply) => {
    await createEntry(ctx, kindOf('stock'), req.body, await actor(req));
    return reply.send({ data: await summary() });
  });

  app.get('/userDetailsData', { config: { access: 'acounts' } }, async (req) => {
    const q = parseInput(listQuerySchema.pick({ s: true }), req.query);
    return { data: (await repo.listPartners(ctx.db, q.s)).map((p) => partnerToWire(p)) };
  });

  app.post('/userDetailsData', { config: { access: 'admin' } }, async (req, reply) => {
    const p = await createPartner(ctx, req.body, await actor(req));
    return reply.code(201).send({ data: p ? partnerToWire(p) : null });
  });

  app.put('/userDetailsData/:id', { config: { access: 'admin' } }, async (req) => {
    const { id } = parseInput(idParamSchema, req.params);
    const p = await updatePartner(ctx, id, req.body, await actor(req));
    return { data: p ? partnerToWire(p) : null };
  });

  async function summary() {
    const s = await repo.getSummary(ctx.db);
    return { wire_stock: toDecimal(Number(s.stock_g), units.weight), current_balance: toDecimal(Number(s.balance_p), units.money) };
  }
}

function kindOf(name: string): KindDef {
  const kind = kindByName(name);
  if (!kind) throw new Error(`registry has no ${name}`);
  return kind;
}
