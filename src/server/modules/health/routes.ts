import type { FastifyInstance } from 'fastify';
import { healthAnswerSchema } from '../../../shared/api-schemas.ts';
import { databaseState } from '../../db/state.ts';
import type { ZodTypeProvider } from '../../http/contract.ts';

/** Health answers within this long, whatever the database does. */
const HEALTH_BUDGET_MS = 900;

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const answer = healthAnswerSchema;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      config: { access: 'public' },
      schema: { summary: 'Whether the server and its database answer', tags: ['health'], response: { 200: answer, 503: answer } },
    },
    async (_req, reply) => {
      const { db, dialect } = app.deps.database;
      const state = databaseState(db);
      // Each part is probed at once and given the same budget; a part that does not answer in time is down.
      const results = await Promise.all(
        Object.entries(state.probes).map(async ([part, probe]) => {
          let timer: NodeJS.Timeout | undefined;
          const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), HEALTH_BUDGET_MS)));
          const ok = await Promise.race([probe().catch((error: unknown) => (app.log.error({ err: error }, `health check: ${part} failed`), false)), late]);
          clearTimeout(timer);
          return [part, ok] as const;
        }),
      );
      const backup = app.backups ? { backup: app.backups.health() } : {};
      const down = results.filter(([, ok]) => !ok).map(([part]) => part);
      if (state.diskFull) down.push('disk');
      if (down.length > 0) {
        app.log.error({ down }, 'health check: unavailable');
        return reply.code(503).send({ data: { status: 'unavailable' as const, database: dialect, down, ...backup } });
      }
      return { data: { status: 'ok' as const, database: dialect, ...backup } };
    },
  );
}
