import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParamSchema } from '../../../shared/books-api.ts';
import { voidSchema } from '../../../shared/entry-schemas.ts';
import {
  DASHBOARD_NOTE,
  IMPORT_ROWS_MAX,
  type ImportReportAnswer,
  type ImportRow,
  importBatchSchema,
  importFileNames,
  importReportSchema,
} from '../../../shared/import-api.ts';
import { refusalAnswerSchema } from '../../../shared/api-schemas.ts';
import { refusal, refusalText, speak } from '../../../shared/refusals.ts';
import { refusals as refusalsBn } from '../../../shared/refusals-bn.ts';
import { terms } from '../../../shared/registry-bn.ts';
import { messages } from '../../../shared/messages.ts';
import { messages as messagesBn } from '../../../shared/messages-bn.ts';
import { registry as appRegistry } from '../../../shared/registry.ts';
import { oldSystemAccounts } from '../../auth/accounts.ts';
import type { CurrentUser } from '../../auth/plugin.ts';
import { isUniqueViolation } from '../../db/write.ts';
import type { ZodTypeProvider } from '../../http/contract.ts';
import { HttpError } from '../../http/validate.ts';
import type { BooksContext } from '../books/context.ts';
import { voidBatch } from './batches.ts';
import { type ImportProblem, importOldSystem } from './old-system.ts';
import { withUploadedExport } from './uploads.ts';

// The old system's import on the web (issue 30 item 6; docs/decisions/0039-import-on-the-web.md):
// the export's files uploaded, checked (a dry run) or written as one batch by the CLI's own
// importer, inside the server: its write is a `writeTransaction` (the books' lock), so the header,
// the kept answers and the other instances see it as any other write; the batches and their void.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes multipart/form-data (an upload), not JSON. */
    multipart?: boolean;
  }
}

export async function importRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;
  const registry = app.deps.registry ?? appRegistry;
  const ctx: BooksContext = { db, timeZone: app.deps.config.timeZone, registry };
  const known = new Set(importFileNames(registry));
  const tags = ['import'];
  const actor = async (req: FastifyRequest) => (await req.currentUser()) as CurrentUser;
  // The routes' own parser: only here is a body multipart.
  await app.register(multipart);
  // One import (or dry run) at a time in this process: each reads every file and holds its partners and keys.
  let running = false;

  /** The reader's language: the one their account chose. */
  async function speakerFor(userId: string) {
    const row = await db.selectFrom('user').select('lang').where('id', '=', userId).executeTakeFirst();
    return row?.lang === 'bn'
      ? (p: ImportProblem) => speak(refusalsBn, 'bn', p.code, p.params, (t) => terms[t] ?? (t === messages.cashInHand ? messagesBn.cashInHand : t))
      : (p: ImportProblem) => refusalText(p.code, p.params);
  }

  async function run(req: FastifyRequest, write: boolean): Promise<{ report: ImportReportAnswer; skipped: boolean }> {
    if (running) throw new HttpError(409, 'import_running');
    running = true;
    try {
      const user = await actor(req);
      const message = await speakerFor(user.id);
      return await withUploadedExport(req, known, { allowSkip: write }, async (upload) => {
        const rows: ImportRow[] = [];
        let leftOff = 0;
        let dashboardDiffers = false;
        const report = await importOldSystem(db, {
          folder: upload.folder,
          write,
          skipBadRows: upload.skipBadRows,
          timeZone: ctx.timeZone,
          actor: { id: user.id, name: user.name },
          registry,
          accounts: oldSystemAccounts(app.auth),
          source: `web: ${upload.files.join(', ')}`,
          ...(upload.dashboardReason ? { dashboardReason: upload.dashboardReason } : {}),
          onLine: () => undefined,
          onProblem: (p) => {
            if (p.code === DASHBOARD_NOTE) dashboardDiffers = true;
            if (rows.length < IMPORT_ROWS_MAX) rows.push({ ...p, message: message(p) });
            else leftOff++;
          },
        }).catch((error: unknown) => {
          // Another write took a row of the plan (a partner's name, an old key) between the reading and the writing.
          throw isUniqueViolation(error) ? new HttpError(409, 'import_changed') : error;
        });
        const imported = report.batchId !== null;
        const answer = {
          to_import: report.toImport,
          already_imported: report.already,
          with_problems: report.problems,
          imported: imported ? report.toImport : 0,
          batch_id: report.batchId,
          rows,
          rows_left_off: leftOff,
          dashboard_differs: dashboardDiffers,
        };
        return { report: answer, skipped: upload.skipBadRows };
      });
    } finally {
      running = false;
    }
  }

  const answer = z.object({ data: importReportSchema });
  const upload = (summary: string, description: string) => ({
    summary,
    description: `${description} multipart/form-data: each file named after its collection (${[...known].join(', ')}).`,
    tags,
  });

  app.post(
    '/import/dry-run',
    {
      config: { access: 'admin', multipart: true },
      schema: {
        ...upload('Check an old-system export without writing', 'Every problem and note by file, row and column, and the counts.'),
        response: { 200: answer },
      },
    },
    async (req) => ({ data: (await run(req, false)).report }),
  );
  app.post(
    '/import',
    {
      config: { access: 'admin', multipart: true },
      schema: {
        ...upload(
          'Import an old-system export as one batch',
          "While a row has a problem nothing is written (422 with the report), unless the field skip_bad_rows=true. The field dashboard_reason (here and in the dry run) books the old dashboard's difference from the entries as opening adjustments with that reason.",
        ),
        response: { 200: answer, 422: refusalAnswerSchema.extend({ data: importReportSchema }) },
      },
    },
    async (req, reply) => {
      const { report, skipped } = await run(req, true);
      if (report.with_problems > 0 && !skipped) {
        reply.code(422);
        return { error: refusal('import_problems', { count: report.with_problems }), data: report };
      }
      return { data: report };
    },
  );

  app.get(
    '/import/batches',
    {
      config: { access: 'admin' },
      schema: { summary: 'The import batches, newest first', tags, response: { 200: z.object({ data: z.array(importBatchSchema) }) } },
    },
    async () => {
      const batches = await db.selectFrom('import_batches').selectAll().orderBy('id', 'desc').limit(500).execute();
      return {
        data: batches.map((b) => ({
          id: Number(b.id),
          created_at: b.created_at,
          created_by: b.created_by_name,
          source: b.source,
          partners: Number(b.partners),
          entries: Number(b.entries),
          users: Number(b.users),
          voided_at: b.voided_at,
          voided_by: b.voided_by_name,
          void_reason: b.void_reason,
        })),
      };
    },
  );
  app.post(
    '/import/batches/:id/void',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Void an import batch as a unit: a reversal of each of its entries, with a reason',
        tags,
        params: idParamSchema,
        body: voidSchema,
        response: { 200: z.object({ data: z.object({ voided: z.number().int() }) }) },
      },
    },
    async (req) => {
      const user = await actor(req);
      return { data: await voidBatch(ctx, req.params.id, req.body.reason, { id: user.id, name: user.name }) };
    },
  );
}
