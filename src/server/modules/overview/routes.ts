import type { FastifyInstance } from 'fastify';
import { registry } from '../../../shared/registry.ts';
import { overview } from './service.ts';

// GET /api/overview: the dashboard's figures (docs/decisions/0011-overview.md) for acounts and admin.
export async function overviewRoutes(app: FastifyInstance): Promise<void> {
  app.get('/overview', { config: { access: 'acounts' } }, async () => ({
    data: await overview(app.deps.database.db, registry, app.deps.config.timeZone),
  }));
}
