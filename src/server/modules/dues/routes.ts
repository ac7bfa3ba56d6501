import type { FastifyInstance } from 'fastify';
import { duesAnswerSchema } from '../../../shared/api-schemas.ts';
import { duesQuerySchema } from '../../../shared/dues-api.ts';
import type { ZodTypeProvider } from '../../http/contract.ts';
import { dueList } from './service.ts';

// GET /api/dues: who owes what and since when (docs/decisions/0031-dues-and-credit-limits.md), for acounts and admin.
export async function duesRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dues',
    {
      config: { access: 'acounts' },
      schema: {
        summary: 'The due list: each party with a due, split by age (payments applied to the oldest dues first)',
        tags: ['dues'],
        querystring: duesQuerySchema,
        response: { 200: duesAnswerSchema },
      },
    },
    async (req) => ({ data: await dueList(app.deps.database.db, app.deps.config.timeZone, req.query) }),
  );
}
