import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idParamSchema, ledgerQuerySchema, listQuerySchema, recentQuerySchema } from '../../../shared/books-api.ts';
import { registry as appRegistry } from '../../../shared/registry.ts';
import type { CurrentUser } from '../../auth/plugin.ts';
import { HttpError, parseInput } from '../../http/validate.ts';
import type { BooksContext } from './context.ts';
import { balanceToWire, entryToWire, ledgerToWire, partnerToWire, recentToWire, summable, summaryToWire, totalsToWire } from './convert.ts';
import { createEntry, partnerFilter } from './entries.ts';
import { partyBalances, partyLedger } from './ledger.ts';
import { correctEntry } from './corrections.ts';
import { changeLifecycle, voidEntry } from './lifecycle.ts';
import { createPartner, updatePartner } from './partners.ts';
import * as repo from './repository.ts';
import { andThen } from '../../db/reads.ts';

// Every route of the books, derived from the registry: a list and a create for each kind, plus
// the state changes the spec has (end a fire, sell an asset, edit a partner) and voids.
export async function booksRoutes(app: FastifyInstance): Promise<void> {
  const ctx: BooksContext = { db: app.deps.database.db, timeZone: app.deps.config.timeZone };
  const actor = async (req: FastifyRequest) => (await req.currentUser()) as CurrentUser;
  const registry = app.deps.registry ?? appRegistry;
  /** A saved entry as lists show it: a retry answered with an entry voided since says so. */
  const current = async <R extends { id: number; voided: number; party_id: number | null; name: string | null }>(result: {
    created: boolean;
    row: R;
  }): Promise<R> => (result.created ? result.row : ((await repo.withVoidDetails(ctx.db, await repo.withCurrentNames(ctx.db, [result.row])))[0] ?? result.row));

  for (const kind of registry.kinds) {
    app.get(`/${kind.path}`, { config: { access: 'acounts' } }, async (req) => {
      const q = parseInput(listQuerySchema, req.query);
      const filters = { kind: kind.kind, search: q.s, ...(await partnerFilter(ctx.db, kind, q.name, q.partner)), from: q['issue_date>'], to: q['issue_date<'] };
      const [rows, sums] = await Promise.all([
        repo.listEntries(ctx.db, { ...filters, limit: q.limit, before: q.before }),
        repo.sumEntries(ctx.db, filters, summable(kind)),
      ]);
      // `totals` (beside the spec's data list) are the database's sums over every matching row.
      return { data: rows.map((r) => entryToWire(kind, r)), totals: totalsToWire(kind, sums) };
    });
    app.get(`/${kind.path}/dates`, { config: { access: 'acounts' } }, async () => ({
      data: (await repo.distinctDates(ctx.db, kind.kind, 3660)).map((r) => ({ issue_date: r.issue_date, count: Number(r.count) })),
    }));
    app.get(`/${kind.path}/names`, { config: { access: 'acounts' } }, async (req) => {
      const q = parseInput(listQuerySchema.pick({ s: true }), req.query);
      const rows = await repo.distinctNames(ctx.db, kind.kind, q.s, 2000);
      return {
        data: rows.map((r) => ({
          name: r.name,
          count: Number(r.count),
          partner_id: r.party_id === null ? null : Number(r.party_id),
          catagories: r.catagories,
        })),
      };
    });
    app.post(`/${kind.path}`, { config: { access: kind.write } }, async (req, reply) => {
      const result = await createEntry(ctx, kind, req.body, await actor(req));
      return reply.code(result.created ? 201 : 200).send({ data: entryToWire(kind, await current(result)) });
    });
    // The kind's lifecycle action (spec §7: PUT /fire/{id} ends a fire, PUT /assetsCost/{id} sells an asset).
    const lifecycle = kind.lifecycle;
    if (lifecycle) {
      app.put(`/${kind.path}/:id`, { config: { access: kind.write } }, async (req) => {
        const { id } = parseInput(idParamSchema, req.params);
        return { data: entryToWire(kind, await changeLifecycle(ctx, kind, id, req.body, await actor(req))) };
      });
    }
  }

  // The latest entries of one side of the books (cash in or cash out), for the entry screens,
  // with the entries the server writes for that side (an asset's sale is money in).
  app.get('/entries/recent', { config: { access: 'acounts' } }, async (req) => {
    const q = parseInput(recentQuerySchema, req.query);
    const own = registry.inGroup(q.group).map((k) => k.kind);
    const made = registry.kinds.flatMap((k) => (k.lifecycle?.entry?.group === q.group ? [k.lifecycle.entry.kind] : []));
    const rows = await repo.listRecent(ctx.db, [...own, ...made], q.limit);
    return { data: rows.map((r) => recentToWire(registry, r)) };
  });

  // One entry of any kind, as lists show it (the correction form starts from it).
  app.get('/entries/:id', { config: { access: 'acounts' } }, async (req) => {
    const { id } = parseInput(idParamSchema, req.params);
    const row = await repo.getEntry(ctx.db, id);
    if (!row) throw new HttpError(404, 'entry_not_found');
    const [withDetails] = await repo.withVoidDetails(ctx.db, [row]);
    return { data: recentToWire(registry, withDetails ?? row) };
  });

  // Correct = void + replacement in one step: the body is the kind's, as for a new entry.
  app.post('/entries/:id/correct', { config: { access: 'acounts' } }, async (req, reply) => {
    const { id } = parseInput(idParamSchema, req.params);
    const result = await correctEntry(ctx, registry, id, req.body, await actor(req));
    const kind = registry.byName(result.row.kind);
    return reply.code(result.created ? 201 : 200).send({ data: kind ? entryToWire(kind, await current(result)) : null });
  });

  app.post('/entries/:id/void', { config: { access: 'acounts' } }, async (req) => {
    const { id } = parseInput(idParamSchema, req.params);
    return { data: await voidEntry(ctx, id, req.body, await actor(req)) };
  });

  app.get('/ledger', { config: { access: 'acounts' } }, async () => ({ data: (await partyBalances(ctx.db)).map(balanceToWire) }));

  app.get('/ledger/:id', { config: { access: 'acounts' } }, async (req) => {
    const { id } = parseInput(idParamSchema, req.params);
    const q = parseInput(ledgerQuerySchema, req.query);
    const partner = await repo.getPartner(ctx.db, id);
    if (!partner) throw new HttpError(404, 'partner_not_found');
    const l = await partyLedger(ctx.db, id, { from: q['issue_date>'], to: q['issue_date<'], limit: q.limit });
    return { data: ledgerToWire(registry, partner, l) };
  });

  // A few dozen bytes, asked on every page: never worth compressing.
  app.get('/dashboard', { compress: false, config: { access: 'acounts' } }, (_req, reply) => summaryAnswer(reply));

  // Spec: PUT dashboard with wire_stock records stock added (the kind the registry says).
  const putKind = registry.kinds.find((k) => k.dashboardPut);
  if (putKind) {
    app.put('/dashboard', { config: { access: putKind.write } }, async (req, reply) => {
      await createEntry(ctx, putKind, req.body, await actor(req));
      return summaryAnswer(reply);
    });
  }

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

  // The header's figures, asked on every page: answered at once when kept in memory (no promise),
  // and written out once per summary row (the kept row is the same object until the books change).
  let written: { row: object; json: string } | null = null;
  const summaryAnswer = (reply: FastifyReply) => {
    reply.type('application/json; charset=utf-8');
    return andThen(repo.getSummary(ctx.db), (row) => {
      if (written?.row !== row) written = { row, json: JSON.stringify({ data: summaryToWire(row) }) };
      return written.json;
    });
  };
}
