import type { FastifyInstance } from 'fastify';
import { todayIn } from '../../../shared/dates.ts';
import { registry } from '../../../shared/registry.ts';
import type { ZodTypeProvider } from '../../http/contract.ts';
import { exportZip } from './export-zip.ts';

// GET /api/export (admin, docs/decisions/0040): the whole books as `ama-books-<date>.zip`, the
// folder `npm run cli -- export` writes and the importer reads.
export async function exportRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // A zip, not JSON: described as a file (the contract checks JSON answers only).
  const schema = {
    file: 'application/zip',
    summary:
      'The whole books as a zip of the folder the importer reads (partners, entries with their voids and corrections, accounts, cheques, day closes, people without secrets)',
    tags: ['import'],
    response: {},
  };
  app.get('/export', { config: { access: 'admin' }, schema }, async (_req, reply) => {
    const day = todayIn(app.deps.config.timeZone);
    reply.type('application/zip').header('content-disposition', `attachment; filename="ama-books-${day}.zip"`).header('cache-control', 'no-store');
    return reply.send(exportZip(app.deps.database, registry));
  });
}
