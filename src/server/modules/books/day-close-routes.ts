import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParamSchema } from '../../../shared/books-api.ts';
import { dayCloseAnswerSchema, dayCloseInputSchema, dayCloseListQuerySchema, dayReopenInputSchema } from '../../../shared/day-close.ts';
import { registry as appRegistry } from '../../../shared/registry.ts';
import type { CurrentUser } from '../../auth/plugin.ts';
import type { ZodTypeProvider } from '../../http/contract.ts';
import type { BooksContext } from './context.ts';
import { closeDay, listCloses, reopenDay } from './day-close.ts';

// The day's close (issue 28 part 7): the accounts staff close an account's day against their count;
// an admin reopens one with a reason. docs/decisions/0032-day-close.md.
export async function dayCloseRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;
  const ctx: BooksContext = { db, timeZone: app.deps.config.timeZone, registry: app.deps.registry ?? appRegistry };
  const actor = async (req: FastifyRequest) => (await req.currentUser()) as CurrentUser;
  const tags = ['day close'];
  const one = z.object({ data: dayCloseAnswerSchema });

  app.get(
    '/day-close',
    {
      config: { access: 'acounts' },
      schema: {
        summary: "An account's day closes, newest first (every account's without account_id)",
        tags,
        querystring: dayCloseListQuerySchema,
        response: { 200: z.object({ data: z.array(dayCloseAnswerSchema) }) },
      },
    },
    async (req) => ({ data: await listCloses(db, req.query.account_id) }),
  );
  app.post(
    '/day-close',
    {
      config: { access: 'acounts' },
      schema: {
        summary: "Close an account's day against the amount counted (or the count of each note): a difference is written as cash short or over",
        tags,
        body: dayCloseInputSchema,
        response: { 201: one },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return { data: await closeDay(ctx, req.body, await actor(req)) };
    },
  );
  app.post(
    '/day-close/:id/reopen',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Reopen a closed day (the latest of its account), with a reason: its difference entry is voided',
        tags,
        params: idParamSchema,
        body: dayReopenInputSchema,
        response: { 200: one },
      },
    },
    async (req) => ({ data: await reopenDay(ctx, req.params.id, req.body.reason, await actor(req)) }),
  );
}
