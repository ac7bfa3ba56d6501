import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', { config: { access: 'public' } }, async (_req, reply) => {
    const { db, dialect } = app.deps.database;
    try {
      await sql`select 1`.execute(db);
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ data: { status: 'unavailable', database: dialect } });
    }
    return { data: { status: 'ok', database: dialect } };
  });
}
