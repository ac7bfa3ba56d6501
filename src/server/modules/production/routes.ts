import type { FastifyInstance } from 'fastify';
import { productionQuerySchema } from '../../../shared/production-api.ts';
import { parseInput } from '../../http/validate.ts';
import { productionReport } from './service.ts';

// GET /api/production: the production report (README "Production") for acounts and admin.
export async function productionRoutes(app: FastifyInstance): Promise<void> {
  app.get('/production', { config: { access: 'acounts' } }, async (req) => {
    const q = parseInput(productionQuerySchema, req.query);
    return { data: await productionReport(app.deps.database.db, q, app.deps.config.timeZone) };
  });
}
