import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { daysBetween } from '../../../shared/backdate.ts';
import { isoDate } from '../../../shared/books-api.ts';
import { todayIn } from '../../../shared/dates.ts';
import { WORKBOOK_MAX_DAYS } from '../../../shared/import-api.ts';
import { registry } from '../../../shared/registry.ts';
import type { ZodTypeProvider } from '../../http/contract.ts';
import { HttpError } from '../../http/validate.ts';
import { exportZip } from './export-zip.ts';
import { accountantWorkbook } from './workbook.ts';

// GET /api/export (admin, docs/decisions/0040): the whole books as `ama-books-<date>.zip`, the
// folder `npm run cli -- export` writes and the importer reads; GET /api/export.xlsx?from=&to=,
// the accountant's workbook of a range. Files, not JSON: each is described by its media type
// (the contract checks JSON answers only).

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The workbook's range: both days, at most WORKBOOK_MAX_DAYS apart. */
const rangeQuerySchema = z.object({ from: isoDate, to: isoDate, lang: z.enum(['en', 'bn']).optional() }).strict();

export async function exportRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['import'];
  const download = (type: string, name: string) => ({ type, disposition: `attachment; filename="${name}"` });
  const zip = {
    file: 'application/zip',
    summary:
      'The whole books as a zip of the folder the importer reads (partners, entries with their voids and corrections, accounts, cheques, day closes, people without secrets)',
    tags,
    response: {},
  };
  app.get('/export', { config: { access: 'admin' }, schema: zip }, async (_req, reply) => {
    const file = download('application/zip', `ama-books-${todayIn(app.deps.config.timeZone)}.zip`);
    reply.type(file.type).header('content-disposition', file.disposition).header('cache-control', 'no-store');
    return reply.send(exportZip(app.deps.database, registry));
  });
  const workbook = {
    file: XLSX,
    summary: "The accountant's workbook of a date range: a sheet per kind (and transfers, and the entries the server writes), figures as numbers",
    tags,
    querystring: rangeQuerySchema,
    response: {},
  };
  app.get('/export.xlsx', { config: { access: 'admin' }, schema: workbook }, async (req, reply) => {
    const { from, to } = req.query;
    if (from > to) throw new HttpError(400, 'export_range_reversed', undefined, 'from');
    if (daysBetween(from, to) > WORKBOOK_MAX_DAYS) throw new HttpError(400, 'range_too_long', { months: 12 }, 'to');
    const sheets = await accountantWorkbook(app.deps.database, registry, { from, to }, req.query.lang);
    const file = download(XLSX, `ama-books-${from}-to-${to}.xlsx`);
    reply.type(file.type).header('content-disposition', file.disposition).header('cache-control', 'no-store');
    return reply.send(sheets);
  });
}
