import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accountChangeSchema, accountInputSchema } from '../../../shared/accounts.ts';
import { accountAnswerSchema, cashbookAnswerSchema, transferAnswerSchema } from '../../../shared/api-schemas.ts';
import { idParamSchema } from '../../../shared/books-api.ts';
import { todayIn } from '../../../shared/dates.ts';
import { registry as appRegistry } from '../../../shared/registry.ts';
import { TRANSFER_PATH, cashbookQuerySchema, transferInputSchema, transferListQuerySchema } from '../../../shared/transfers.ts';
import type { CurrentUser } from '../../auth/plugin.ts';
import type { ZodTypeProvider } from '../../http/contract.ts';
import { HttpError } from '../../http/validate.ts';
import { accountToWire, changeAccount, createAccount, isMoneyAccount, listAccounts } from './accounts.ts';
import type { BooksContext } from './context.ts';
import { cashbookToWire, transferToWire } from './convert.ts';
import { cashBook, createTransfer, listTransfers } from './transfers.ts';

// Money accounts (issue 28): the list with balances for the accounts staff; adding, renaming and
// archiving for an admin (there is no delete: entries keep pointing at their account); transfers
// between them and each one's cash book.
export async function accountRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;
  const actor = async (req: FastifyRequest) => (await req.currentUser()) as CurrentUser;
  const tags = ['accounts'];
  const one = z.object({ data: accountAnswerSchema });

  app.get(
    '/accounts',
    {
      config: { access: 'acounts' },
      schema: {
        summary: 'The money accounts (cash in hand, banks, mobile wallets) and their balances',
        tags,
        response: { 200: z.object({ data: z.array(accountAnswerSchema) }) },
      },
    },
    async () => ({ data: (await listAccounts(db)).filter(isMoneyAccount).map(accountToWire) }),
  );
  app.post(
    '/accounts',
    { config: { access: 'admin' }, schema: { summary: 'Add a bank account or a mobile wallet', tags, body: accountInputSchema, response: { 201: one } } },
    async (req, reply) => {
      reply.code(201);
      return { data: await createAccount(db, req.body, await actor(req)) };
    },
  );
  app.put(
    '/accounts/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Rename an account, change its details, archive it or bring it back',
        tags,
        params: idParamSchema,
        body: accountChangeSchema,
        response: { 200: one },
      },
    },
    async (req) => ({ data: await changeAccount(db, req.params.id, req.body, await actor(req)) }),
  );

  // Transfers between the accounts and each account's cash book (issue 28, parts 3 and 6), for the
  // accounts staff, as every cash entry. A transfer is voided and corrected by the entries' own
  // routes (POST /api/entries/:id/void, …/correct with a transfer's body).
  const ctx: BooksContext = { db, timeZone: app.deps.config.timeZone, registry: app.deps.registry ?? appRegistry };
  const transfer = z.object({ data: transferAnswerSchema });
  app.post(
    `/${TRANSFER_PATH}`,
    {
      config: { access: 'acounts' },
      schema: {
        summary: 'Move money between two accounts (a deposit, a withdrawal, a cash-out with its fee); the same idempotency_key again answers the first',
        tags: ['transfers'],
        body: transferInputSchema,
        response: { 201: transfer, 200: transfer },
      },
    },
    async (req, reply) => {
      const result = await createTransfer(ctx, req.body, await actor(req));
      return reply.code(result.created ? 201 : 200).send({ data: transferToWire(result.row) });
    },
  );
  app.get(
    '/transfers',
    {
      config: { access: 'acounts' },
      schema: {
        summary: 'The transfers, newest first, voided ones included',
        tags: ['transfers'],
        querystring: transferListQuerySchema,
        response: { 200: z.object({ data: z.array(transferAnswerSchema) }) },
      },
    },
    async (req) => {
      const q = req.query;
      const rows = await listTransfers(ctx.db, { from: q['issue_date>'], to: q['issue_date<'], limit: q.limit, before: q.before });
      return { data: rows.map(transferToWire) };
    },
  );
  app.get(
    '/cashbook',
    {
      config: { access: 'acounts' },
      schema: {
        summary: "An account's cash book for a day or a range (today by default): opening, every entry in and out, closing",
        tags: ['transfers'],
        querystring: cashbookQuerySchema,
        response: { 200: cashbookAnswerSchema },
      },
    },
    async (req) => {
      const q = req.query;
      // Without dates, today; a start alone runs to today; an end alone is that one day.
      const to = q['issue_date<'] ?? todayIn(ctx.timeZone);
      const from = q['issue_date>'] ?? to;
      if (from > to) throw new HttpError(400, 'range_reversed', undefined, 'issue_date>');
      return { data: cashbookToWire(ctx.registry, await cashBook(ctx.db, ctx.registry, q.account_id, { from, to, limit: q.limit })) };
    },
  );
}
