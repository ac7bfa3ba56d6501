import type { FastifyInstance } from 'fastify';
import { productionQuerySchema } from '../../../shared/production-api.ts';
import { productionAnswerSchema } from '../../../shared/api-schemas.ts';
import type { ZodTypeProvider } from '../../http/contract.ts';
import { registry } from '../../../shared/registry.ts';
import { productionReport } from './service.ts';

// GET /api/production: the production report (README "Production") for acounts and admin.
export async function productionRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/production',
    {
      config: { access: 'acounts' },
      schema: {
        summary: 'The production report: cost per kg fired, wire bought and sold, pots and fire men',
        tags: ['production'],
        querystring: productionQuerySchema,
        response: { 200: productionAnswerSchema },
      },
    },
    async (req) => ({ data: await productionReport(app.deps.database.db, app.deps.registry ?? registry, req.query, app.deps.config.timeZone) }),
  );
}
