import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accountChangeSchema, accountInputSchema } from '../../../shared/accounts.ts';
import { accountAnswerSchema } from '../../../shared/api-schemas.ts';
import { idParamSchema } from '../../../shared/books-api.ts';
import type { CurrentUser } from '../../auth/plugin.ts';
import type { ZodTypeProvider } from '../../http/contract.ts';
import { accountToWire, changeAccount, createAccount, listAccounts } from './accounts.ts';

// Money accounts (issue 28): the list with balances for the accounts staff; adding, renaming and
// archiving for an admin. There is no delete: entries keep pointing at their account.
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
    async () => ({ data: (await listAccounts(db)).map(accountToWire) }),
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
}
