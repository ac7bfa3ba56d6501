import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { type DialectName, createTestDatabase } from './databases.ts';

/** An in-process server on a fresh database; `close` stops it and drops the database. */
export async function createTestApp(dialect: DialectName, env: Record<string, string> = {}): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const testDb = await createTestDatabase(dialect);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_BUILD_DIR: '/nonexistent', ...env });
  const app = await buildApp({ config, database: testDb.database });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await testDb.drop();
    },
  };
}
