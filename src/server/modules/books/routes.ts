import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  anyEntryAnswerSchema,
  balancesAnswerSchema,
  datesAnswerSchema,
  entryAnswerSchema,
  entryListAnswerSchema,
  ledgerAnswerSchema,
  namesAnswerSchema,
  partnerAnswerSchema,
  summaryAnswerSchema,
  transferAnswerSchema,
  voidAnswerSchema,
  warningSchema,
} from '../../../shared/api-schemas.ts';
import { idParamSchema, ledgerQuerySchema, listQuerySchema, recentQuerySchema } from '../../../shared/books-api.ts';
import { type EntryInput, correctionReasonSchema, entryInputSchema, lifecycleSchema, partnerSchema, voidSchema } from '../../../shared/entry-schemas.ts';
import { registry as appRegistry } from '../../../shared/registry.ts';
import { TRANSFER_KIND } from '../../../shared/transfers.ts';
import type { CurrentUser } from '../../auth/plugin.ts';
import type { ZodTypeProvider } from '../../http/contract.ts';
import { HttpError } from '../../http/validate.ts';
import type { BooksContext } from './context.ts';
import {
  balanceToWire,
  entryToWire,
  ledgerToWire,
  partnerToWire,
  recentToWire,
  summable,
  sumFlips,
  summaryToWire,
  totalsToWire,
  transferToWire,
} from './convert.ts';
import { chequeTotals, listAccounts, openBalances } from './accounts.ts';
import { createEntry, partnerFilter } from './entries.ts';
import { createChequeEntry, paidByCheque } from './cheques.ts';
import { partyBalances, partyLedger } from './ledger.ts';
import { correctEntry } from './corrections.ts';
import { changeLifecycle, voidEntry } from './lifecycle.ts';
import { createPartner, updatePartner } from './partners.ts';
import * as repo from './repository.ts';
import { andThen } from '../../db/reads.ts';
import { lastAnswers } from '../share/repository.ts';

const namesQuerySchema = listQuerySchema.pick({ s: true });

// Every route of the books, derived from the registry: a list and a create for each kind, plus
// the state changes the spec has (end a fire, sell an asset, edit a partner) and voids. Each
// declares its request and its answers (src/server/http/contract.ts).
export async function booksRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const registry = app.deps.registry ?? appRegistry;
  const ctx: BooksContext = { db: app.deps.database.db, timeZone: app.deps.config.timeZone, registry };
  const actor = async (req: FastifyRequest) => (await req.currentUser()) as CurrentUser;
  /** A saved entry as lists show it: a retry answered with an entry voided since says so. */
  const current = async <R extends { id: number; voided: number; party_id: number | null; name: string | null }>(result: {
    created: boolean;
    row: R;
  }): Promise<R> => (result.created ? result.row : ((await repo.withVoidDetails(ctx.db, await repo.withCurrentNames(ctx.db, [result.row])))[0] ?? result.row));

  for (const kind of registry.kinds) {
    const tags = [kind.path];
    const saved = z.object({ data: entryAnswerSchema(kind), warnings: z.array(warningSchema).optional() });
    app.get(
      `/${kind.path}`,
      {
        config: { access: 'acounts' },
        schema: {
          summary: `${kind.title}: the entries, newest first, and their totals`,
          tags,
          querystring: listQuerySchema,
          response: { 200: entryListAnswerSchema(kind) },
        },
      },
      async (req) => {
        const q = req.query;
        const filters = {
          kind: kind.kind,
          search: q.s,
          ...(await partnerFilter(ctx.db, kind, q.name, q.partner)),
          from: q['issue_date>'],
          to: q['issue_date<'],
        };
        const [rows, sums] = await Promise.all([
          repo.listEntries(ctx.db, { ...filters, limit: q.limit, before: q.before }),
          repo.sumEntries(ctx.db, filters, summable(kind), sumFlips(kind)),
        ]);
        // `totals` (beside the spec's data list) are the database's sums over every matching row.
        return { data: rows.map((r) => entryToWire(kind, r)), totals: totalsToWire(kind, sums) };
      },
    );
    app.get(
      `/${kind.path}/dates`,
      { config: { access: 'acounts' }, schema: { summary: `${kind.title}: the days with entries, and how many`, tags, response: { 200: datesAnswerSchema } } },
      async () => ({
        data: (await repo.distinctDates(ctx.db, kind.kind, 3660)).map((r) => ({ issue_date: r.issue_date, count: Number(r.count) })),
      }),
    );
    app.get(
      `/${kind.path}/names`,
      {
        config: { access: 'acounts' },
        schema: {
          summary: `${kind.title}: the names entries were written under, and how many`,
          tags,
          querystring: namesQuerySchema,
          response: { 200: namesAnswerSchema },
        },
      },
      async (req) => {
        const rows = await repo.distinctNames(ctx.db, kind.kind, req.query.s, 2000);
        return {
          data: rows.map((r) => ({
            name: r.name,
            count: Number(r.count),
            partner_id: r.party_id === null ? null : Number(r.party_id),
            catagories: r.catagories,
          })),
        };
      },
    );
    app.post(
      `/${kind.path}`,
      {
        config: { access: kind.write },
        schema: {
          summary: `${kind.title}: record an entry (the same idempotency_key again answers the first)`,
          tags,
          body: entryInputSchema(kind),
          response: { 201: saved, 200: saved },
        },
      },
      async (req, reply) => {
        // Paid by cheque: the entry and its cheque (cheques.ts).
        const result = paidByCheque(kind, req.body)
          ? { ...(await createChequeEntry(ctx, kind, req.body, await actor(req))), warnings: [] }
          : await createEntry(ctx, kind, req.body, await actor(req));
        const warnings = result.warnings.length ? { warnings: result.warnings } : {};
        return reply.code(result.created ? 201 : 200).send({ data: entryToWire(kind, await current(result)), ...warnings });
      },
    );
    // The kind's lifecycle action (spec §7: PUT /fire/{id} ends a fire, PUT /assetsCost/{id} sells an asset).
    const lifecycle = kind.lifecycle;
    if (lifecycle) {
      app.put(
        `/${kind.path}/:id`,
        {
          config: { access: kind.write },
          schema: { summary: `${kind.title}: ${lifecycle.button}`, tags, params: idParamSchema, body: lifecycleSchema(kind), response: { 200: saved } },
        },
        async (req) => ({ data: entryToWire(kind, await changeLifecycle(ctx, kind, req.params.id, req.body, await actor(req))) }),
      );
    }
  }

  // The latest entries of one side of the books (cash in or cash out), for the entry screens,
  // with the entries the server writes for that side (an asset's sale is money in).
  const entryTags = ['entries'];
  app.get(
    '/entries/recent',
    {
      config: { access: 'acounts' },
      schema: {
        summary: 'The latest entries of cash in or cash out',
        tags: entryTags,
        querystring: recentQuerySchema,
        response: { 200: z.object({ data: z.array(anyEntryAnswerSchema) }) },
      },
    },
    async (req) => {
      const q = req.query;
      const own = registry.inGroup(q.group).map((k) => k.kind);
      const made = registry.kinds.flatMap((k) => (k.lifecycle?.entry?.group === q.group ? [k.lifecycle.entry.kind] : []));
      const rows = await repo.listRecent(ctx.db, [...own, ...made], q.limit);
      return { data: rows.map((r) => recentToWire(registry, r)) };
    },
  );

  // One entry of any kind, as lists show it (the correction form starts from it).
  app.get(
    '/entries/:id',
    {
      config: { access: 'acounts' },
      schema: { summary: 'One entry of any kind', tags: entryTags, params: idParamSchema, response: { 200: z.object({ data: anyEntryAnswerSchema }) } },
    },
    async (req) => {
      const row = await repo.getEntry(ctx.db, req.params.id);
      if (!row) throw new HttpError(404, 'entry_not_found');
      const [withDetails] = await repo.withVoidDetails(ctx.db, [row]);
      return { data: recentToWire(registry, withDetails ?? row) };
    },
  );

  // Correct = void + replacement in one step: the body is the kind's, as for a new entry (its
  // kind is the original's, so it is checked once the original is found), with a reason.
  const correctionAnswer = z.object({ data: z.union([...registry.kinds.map(entryAnswerSchema), transferAnswerSchema]).nullable() });
  app.post(
    '/entries/:id/correct',
    {
      config: { access: 'acounts' },
      schema: {
        summary: 'Correct an entry: it is voided and the body, an entry of its kind, takes its place on its day',
        tags: entryTags,
        params: idParamSchema,
        body: z.looseObject({ reason: correctionReasonSchema }),
        response: { 201: correctionAnswer, 200: correctionAnswer },
      },
    },
    async (req, reply) => {
      const result = await correctEntry(ctx, req.params.id, req.body, await actor(req));
      const kind = registry.byName(result.row.kind);
      const row = await current(result);
      return reply
        .code(result.created ? 201 : 200)
        .send({ data: kind ? entryToWire(kind, row) : result.row.kind === TRANSFER_KIND ? transferToWire(row) : null });
    },
  );

  app.post(
    '/entries/:id/void',
    {
      config: { access: 'acounts' },
      schema: {
        summary: 'Void an entry: a reversal takes it back out; it stays in the books, marked voided',
        tags: entryTags,
        params: idParamSchema,
        body: voidSchema,
        response: { 200: voidAnswerSchema },
      },
    },
    async (req) => ({ data: await voidEntry(ctx, req.params.id, req.body, await actor(req)) }),
  );

  const ledgerTags = ['ledger'];
  app.get(
    '/ledger',
    {
      config: { access: 'acounts' },
      schema: {
        summary: 'Every partner with entries, and what they owe us (positive) or we owe them',
        tags: ledgerTags,
        response: { 200: balancesAnswerSchema },
      },
    },
    async () => ({ data: (await partyBalances(ctx.db)).map(balanceToWire) }),
  );

  app.get(
    '/ledger/:id',
    {
      config: { access: 'acounts' },
      schema: {
        summary: "A partner's ledger: opening, each entry with its effect and running balance, closing",
        tags: ledgerTags,
        params: idParamSchema,
        querystring: ledgerQuerySchema,
        response: { 200: ledgerAnswerSchema },
      },
    },
    async (req) => {
      const q = req.query;
      const partner = await repo.getPartner(ctx.db, req.params.id);
      if (!partner) throw new HttpError(404, 'partner_not_found');
      const [l, answers] = await Promise.all([
        partyLedger(ctx.db, registry, req.params.id, { from: q['issue_date>'], to: q['issue_date<'], limit: q.limit }),
        lastAnswers(ctx.db, [req.params.id]),
      ]);
      return { data: { ...ledgerToWire(registry, partner, l), last_answer: answers.get(req.params.id) ?? null } };
    },
  );

  // A few dozen bytes, asked on every page: never worth compressing. Its answer is written out once
  // per summary row and sent as text, which Fastify does not serialise again: these two routes are
  // declared on the untyped instance (summaryToWire's type holds the answer to its schema).
  const dashboardTags = ['dashboard'];
  root.get(
    '/dashboard',
    {
      compress: false,
      config: { access: 'acounts' },
      schema: { summary: 'The header figures: stock (kg) and balance (taka)', tags: dashboardTags, response: { 200: summaryAnswerSchema } },
    },
    (_req, reply) => summaryAnswer(reply),
  );

  // Spec: PUT dashboard with wire_stock records stock added (the kind the registry says).
  const putKind = registry.kinds.find((k) => k.dashboardPut);
  if (putKind) {
    root.put(
      '/dashboard',
      {
        config: { access: putKind.write },
        schema: {
          summary: `${putKind.title}: record it (spec: PUT dashboard)`,
          tags: dashboardTags,
          body: entryInputSchema(putKind),
          response: { 200: summaryAnswerSchema },
        },
      },
      async (req, reply) => {
        await createEntry(ctx, putKind, req.body as EntryInput, await actor(req));
        return summaryAnswer(reply);
      },
    );
  }

  const partnerTags = ['userDetailsData'];
  const onePartner = z.object({ data: partnerAnswerSchema.nullable() });
  app.get(
    '/userDetailsData',
    {
      config: { access: 'acounts' },
      schema: {
        summary: 'The partners (clients, agents, employees, investors)',
        tags: partnerTags,
        querystring: namesQuerySchema,
        response: { 200: z.object({ data: z.array(partnerAnswerSchema) }) },
      },
    },
    async (req) => ({ data: (await repo.listPartners(ctx.db, req.query.s)).map((p) => partnerToWire(p)) }),
  );

  app.post(
    '/userDetailsData',
    { config: { access: 'admin' }, schema: { summary: 'Add a partner', tags: partnerTags, body: partnerSchema, response: { 201: onePartner } } },
    async (req, reply) => {
      const p = await createPartner(ctx, req.body, await actor(req));
      return reply.code(201).send({ data: p ? partnerToWire(p) : null });
    },
  );

  app.put(
    '/userDetailsData/:id',
    {
      config: { access: 'admin' },
      schema: { summary: 'Change a partner', tags: partnerTags, params: idParamSchema, body: partnerSchema, response: { 200: onePartner } },
    },
    async (req) => {
      const p = await updatePartner(ctx, req.params.id, req.body, await actor(req));
      return { data: p ? partnerToWire(p) : null };
    },
  );
  // The header's figures, asked on every page: answered at once when kept in memory (no promise),
  // and written out once per summary row (the kept row is the same object until the books change).
  // The open accounts' balances come with them (a tap on the balance shows them), and what waits in cheques.
  let written: { row: object; accounts: object; json: string } | null = null;
  const summaryAnswer = (reply: FastifyReply) => {
    reply.type('application/json; charset=utf-8');
    return andThen(repo.getSummary(ctx.db), (row) =>
      andThen(listAccounts(ctx.db), (accounts) => {
        if (written?.row !== row || written.accounts !== accounts) {
          // The accounts + cheques in hand − cheques issued = the balance (docs/decisions/0035).
          const data = { ...summaryToWire(row), accounts: openBalances(accounts), cheques: chequeTotals(accounts) };
          written = { row, accounts, json: JSON.stringify({ data }) };
        }
        return written.json;
      }),
    );
  };
}
