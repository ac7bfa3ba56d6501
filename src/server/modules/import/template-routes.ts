import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registry as appRegistry } from '../../../shared/registry.ts';
import type { ZodTypeProvider } from '../../http/contract.ts';
import { HttpError } from '../../http/validate.ts';
import { importTemplate } from './templates.ts';

// GET /api/import/templates/<name>.xlsx|.csv[?lang=bn] (admin): an import template, made from the registry (templates.ts).
export async function importTemplateRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/import/templates/:file',
    {
      config: { access: 'admin' },
      schema: {
        summary: "An import template: a kind's sheet (or partners) with the registry's headers, as XLSX or CSV, English or Bangla",
        tags: ['import'],
        params: z.object({ file: z.string().regex(/^[A-Za-z]{1,40}\.(xlsx|csv)$/) }).strict(),
        querystring: z.object({ lang: z.enum(['en', 'bn']).optional() }).strict(),
      },
    },
    async (req, reply) => {
      const [name, format] = req.params.file.split('.') as [string, 'xlsx' | 'csv'];
      const template = await importTemplate(app.deps.registry ?? appRegistry, name, format, req.query.lang ?? 'en');
      if (!template) throw new HttpError(404, 'not_found');
      return reply
        .type(template.contentType)
        .header('content-disposition', `attachment; filename="${template.fileName}"`)
        .header('cache-control', 'no-store')
        .send(template.body);
    },
  );
}
