import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { chequeAnswerSchema } from '../../../shared/api-schemas.ts';
import { idParamSchema } from '../../../shared/books-api.ts';
import { type ChequeAction, chequeActionSchema, chequeBounceSchema, chequeDepositSchema, chequeListQuerySchema } from '../../../shared/cheques.ts';
import { registry as appRegistry } from '../../../shared/registry.ts';
import type { CurrentUser } from '../../auth/plugin.ts';
import type { ZodTypeProvider } from '../../http/contract.ts';
import { changeCheque, listCheques } from './cheques.ts';
import type { BooksContext } from './context.ts';

// Cheques (issue 28 part 4, docs/decisions/0035-cheques.md): the list by state, soonest due first,
// and each state change as its own action, for the accounts staff as every entry. A cheque is made
// by its payment (a Payment Received or a Partner Payment sent with `payment: 'cheque'`).
export async function chequeRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;
  const ctx: BooksContext = { db, timeZone: app.deps.config.timeZone, registry: app.deps.registry ?? appRegistry };
  const actor = async (req: FastifyRequest) => (await req.currentUser()) as CurrentUser;
  const tags = ['cheques'];
  const one = z.object({ data: chequeAnswerSchema });

  app.get(
    '/cheques',
    {
      config: { access: 'acounts' },
      schema: {
        summary: 'The cheques received and issued, soonest due first: by state (in_hand, deposited, cleared, bounced, cancelled; several with commas)',
        tags,
        querystring: chequeListQuerySchema,
        response: { 200: z.object({ data: z.array(chequeAnswerSchema) }) },
      },
    },
    async (req) => ({ data: await listCheques(db, req.query) }),
  );
  const actions: [ChequeAction, string, z.ZodType<{ date?: string | undefined; account_id?: number | undefined; reason?: string | undefined }>][] = [
    ['deposit', 'Deposit a received cheque into a bank account (account_id), or mark an issued one presented', chequeDepositSchema],
    ['clear', "The cheque cleared: its money moves into (or out of) the bank account's balance", chequeActionSchema],
    ['bounce', 'The cheque bounced (a reason): the party owes it again, in an entry linked to the payment', chequeBounceSchema],
    ['cancel', 'Cancel a cheque not yet deposited: the party owes it again', chequeActionSchema],
  ];
  for (const [action, summary, body] of actions) {
    app.post(
      `/cheques/:id/${action}`,
      { config: { access: 'acounts' }, schema: { summary, tags, params: idParamSchema, body, response: { 200: one } } },
      async (req) => ({ data: await changeCheque(ctx, req.params.id, action, req.body, await actor(req)) }),
    );
  }
}
