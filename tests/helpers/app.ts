import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '../../src/server/app.ts';
import { createVerifiedAccount } from '../../src/server/auth/accounts.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Role } from '../../src/shared/roles.ts';
import { Agent } from './agent.ts';
import { type DialectName, createTestDatabase } from './databases.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import { openSqlite } from '../../src/server/db/sqlite.ts';
import { TEST_PASSWORD } from './factories.ts';

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
  /** A verified account with the role, signed in through the real sign-in route. */
  signedIn(role: Role, name?: string): Promise<{ agent: Agent; user: { id: string; email: string; name: string; role: Role } }>;
  /**
   * A second instance of the server on the same database (its own connections; no state shared
   * in the process but the database), and an agent of it carrying `as`'s session.
   */
  secondInstance(as: Agent): Promise<{ agent: Agent; close(): Promise<void> }>;
}

let counter = 0;

/** An in-process server on a fresh database; `close` stops it and drops the database. */
export async function createTestApp(
  dialect: DialectName,
  env: Record<string, string> = {},
  opts: Pick<AppDeps, 'registry' | 'requestTimeoutMs' | 'backupClock'> = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase(dialect);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_BUILD_DIR: '/nonexistent',
    DATA_DIR: '/tmp/ama-test-outbox',
    SIGN_IN_ATTEMPTS_PER_MINUTE: '1000',
    ...env,
  });
  const app = await buildApp({ config, database: testDb.database, ...opts });
  await app.ready();
  const secondInstance = async (as: Agent) => {
    const target = testDb.target;
    const database = target.dialect === 'sqlite' ? openSqlite(target.file) : await openPostgres(target.url);
    const other = await buildApp({ config, database, ...opts });
    await other.ready();
    const agent = new Agent(other);
    for (const [k, v] of as.cookies) agent.cookies.set(k, v);
    return {
      agent,
      close: async () => {
        await other.close();
        await database.close();
      },
    };
  };
  return {
    app,
    secondInstance,
    close: async () => {
      await app.close();
      await testDb.drop();
    },
    signedIn: async (role, name) => {
      counter += 1;
      const user = await createVerifiedAccount(app.auth, {
        email: `${role}-${counter}-${Date.now()}@example.com`,
        password: TEST_PASSWORD,
        name: name ?? `${role} ${counter}`,
        role,
      });
      const agent = new Agent(app);
      const res = await agent.signIn(user.email, TEST_PASSWORD);
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
      return { agent, user };
    },
  };
}
