import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import path from 'node:path';
import { createAuth, migrateAuthTables } from './auth/auth.ts';
import { setupAuth } from './auth/plugin.ts';
import { resolveAuthSecret } from './auth/secret.ts';
import type { Config } from './config.ts';
import type { Registry } from '../shared/registry.ts';
import type { Database } from './db/dialect.ts';
import { withMigrationLock } from './db/migrate.ts';
import { type Clock, type NightlyBackups, startNightlyBackups } from './commands/nightly-backup.ts';
import { trackChanges } from './db/reads.ts';
import { databaseState } from './db/state.ts';
import { registerDrain } from './http/drain.ts';
import { errorAnswer } from './http/errors.ts';
import { registerContract } from './http/contract.ts';
import { registerJsonBody } from './http/json-body.ts';
import { RequestLog, lazyRequestLogger, redactedPaths, requestSummary } from './http/request-log.ts';
import { type HeadersFor, registerSecurityHeaders } from './http/security-headers.ts';
import { refusal } from '../shared/refusals.ts';
import { createMailer } from './mail/mailer.ts';
import { accountRoutes } from './modules/books/account-routes.ts';
import { exportRoutes } from './modules/import/export-routes.ts';
import { dayCloseRoutes } from './modules/books/day-close-routes.ts';
import { chequeRoutes } from './modules/books/cheque-routes.ts';
import { booksRoutes } from './modules/books/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { importRoutes } from './modules/import/routes.ts';
import { openApiRoutes } from './modules/api-doc/routes.ts';
import { overviewRoutes } from './modules/overview/routes.ts';
import { duesRoutes } from './modules/dues/routes.ts';
import { importTemplateRoutes } from './modules/import/template-routes.ts';
import { productionRoutes } from './modules/production/routes.ts';
import { sharePageRoutes, shareRoutes } from './modules/share/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { readWebBuild, registerWeb, stylesheetOf } from './web.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** The record kinds served (default: the app's registry; tests may bring their own). */
  registry?: Registry;
  /** How long a request may take to arrive, in ms (default 20 s; a test of the 408 shortens it). */
  requestTimeoutMs?: number;
  /** The nightly backups' clock (tests move one by hand). */
  backupClock?: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** The nightly backups, when BACKUP_DIR is set on SQLite. */
    backups: NightlyBackups | null;
    /** Stops serving without losing what was acknowledged or being written (http/drain.ts). */
    stopServing: () => Promise<{ unfinished: number }>;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  // Worked out once the web build's script hashes are known; a refused address gets them too.
  let headersFor: HeadersFor = () => ({});
  const requestTimeout = deps.requestTimeoutMs ?? 20_000;
  const app = Fastify({
    logger: loggerOptions(config),
    // One line per request, and only the ones worth reading (./http/request-log.ts).
    logController: new RequestLog(config.logLevel),
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy ?? false,
    // A request whose body stops arriving is answered 408 and closed after 20 s (checked every 2 s);
    // Node applies it only with the headers' limit no longer than it.
    requestTimeout,
    http: { connectionsCheckingInterval: Math.min(2_000, requestTimeout / 4), requestTimeout, headersTimeout: requestTimeout },
    // A path that is not valid percent-encoding (/api/%ZZ) or too long, in the app's error shape.
    frameworkErrors: (error, req, reply) => {
      const code = error.code === 'FST_ERR_BAD_URL' ? 'bad_address' : error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'address_too_long' : 'bad_request';
      void (reply as FastifyReply)
        .headers(headersFor(req.url))
        .code(error.statusCode ?? 400)
        .send({ error: refusal(code) });
    },
  });
  app.decorate('deps', deps);
  // In front of every request: a stopping server refuses new ones before the app sees them.
  app.decorate('stopServing', registerDrain(app));

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log });
  // First, so every route (better-auth's included) answers errors in the app's shape.
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, req, reply) => {
    const answer = errorAnswer(error);
    if (answer.status >= 500) req.log.error({ err: error }, `request failed${answer.failure ? `: ${answer.failure}` : ''}`);
    if (answer.retryAfter) reply.header('retry-after', String(answer.retryAfter));
    return reply.code(answer.status).send({ error: answer.refusal });
  });

  databaseState(deps.database.db).onError = (error, what) => app.log.warn({ err: error }, what);
  // Instances starting together on an empty database create better-auth's tables one at a time.
  const auth = await withMigrationLock(deps.database, async () => {
    const secret = await resolveAuthSecret(deps.database.db, config.authSecret);
    const created = createAuth({ config, database: deps.database, mailer, secret, log: app.log });
    await migrateAuthTables(created);
    return created;
  });
  trackChanges(deps.database.db);

  const build = readWebBuild(config.webBuildDir);
  if (!build && config.env === 'production') {
    app.log.warn({ dir: config.webBuildDir }, 'no web build found: only /api is served (run npm run build)');
  }

  headersFor = registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(build?.scriptHashes ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // HSTS only makes sense behind HTTPS, which a proxy in front of us provides.
    strictTransportSecurity: false,
  });
  // After the headers' hook: the refusals of these checks' own hooks (403, 415, 400) carry them too.
  setupAuth(app, auth, config.appUrl);
  registerJsonBody(app);
  registerContract(app, { checkAnswers: config.env !== 'production' });

  // Answers are compressed; request bodies never are (the app's own pages send plain JSON), so no
  // route pays for a decompression hook.
  await app.register(compress, { global: true, globalDecompression: false, threshold: 1024, encodings: ['br', 'gzip'] });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(userRoutes, { prefix: '/api' });
  await app.register(booksRoutes, { prefix: '/api' });
  await app.register(accountRoutes, { prefix: '/api' });
  await app.register(dayCloseRoutes, { prefix: '/api' });
  await app.register(chequeRoutes, { prefix: '/api' });
  await app.register(productionRoutes, { prefix: '/api' });
  await app.register(overviewRoutes, { prefix: '/api' });
  await app.register(duesRoutes, { prefix: '/api' });
  await app.register(shareRoutes, { prefix: '/api' });
  await app.register(exportRoutes, { prefix: '/api' });
  await app.register(importRoutes, { prefix: '/api' });
  await app.register(importTemplateRoutes, { prefix: '/api' });
  await app.register(sharePageRoutes, { stylesheet: stylesheetOf(build) });
  await app.register(openApiRoutes, { prefix: '/api' });

  if (build) await registerWeb(app, build, { google: deps.config.google !== null });
  else app.setNotFoundHandler((_req, reply) => reply.code(404).send({ error: refusal('not_found') }));

  app.decorate('backups', startBackups(app, deps));
  app.addHook('onClose', async () => app.backups?.stop());
  return app;
}

/** Nightly backups with BACKUP_DIR set: the server's own on SQLite; on PostgreSQL, pg_dump's job. */
function startBackups(app: FastifyInstance, deps: AppDeps): NightlyBackups | null {
  const { config, database } = deps;
  if (!config.backup) return null;
  if (database.dialect !== 'sqlite') {
    app.log.warn('BACKUP_DIR is set, but the books are in PostgreSQL: the server takes no backups; run pg_dump on a timer (docs/operations.md#backups)');
    return null;
  }
  return startNightlyBackups({
    config: config.backup,
    timeZone: config.timeZone,
    dataDir: path.dirname(database.location),
    log: app.log,
    clock: deps.backupClock,
  });
}

function loggerOptions(config: Config) {
  if (config.logLevel === 'silent') return false;
  // Nothing secret: a request is its method, its path without the query and the client's address.
  const common = { level: config.logLevel, serializers: { req: requestSummary }, redact: { paths: redactedPaths, censor: '***' } };
  // Structured JSON in production; the same records made readable in a terminal otherwise.
  if (config.env === 'production' && !process.stdout.isTTY) return common;
  return {
    ...common,
    transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } },
  };
}
