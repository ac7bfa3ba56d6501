import type { FastifyInstance } from 'fastify';
import { overviewAnswerSchema } from '../../../shared/api-schemas.ts';
import { registry } from '../../../shared/registry.ts';
import type { ZodTypeProvider } from '../../http/contract.ts';
import { overview } from './service.ts';

// GET /api/overview: the dashboard's figures (docs/decisions/0011-overview.md) for acounts and admin.
export async function overviewRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/overview',
    {
      config: { access: 'acounts' },
      schema: { summary: 'The dashboard’s figures: today, this month, dues and 12 months', tags: ['overview'], response: { 200: overviewAnswerSchema } },
    },
    async () => ({
      data: await overview(app.deps.database.db, app.deps.registry ?? registry, app.deps.config.timeZone),
    }),
  );
}
