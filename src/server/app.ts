import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import path from 'node:path';
import { createAuth, migrateAuthTables } from './auth/auth.ts';
import { setupAuth } from './auth/plugin.ts';
import { resolveAuthSecret } from './auth/secret.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { registerJsonBody } from './http/json-body.ts';
import { HttpError } from './http/validate.ts';
import { createMailer } from './mail/mailer.ts';
import { booksRoutes } from './modules/books/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { productionRoutes } from './modules/production/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { readWebBuild, registerWeb } from './web.ts';

export interface AppDeps {
  config: Config;
  database: Database;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy ?? false,
  });
  app.decorate('deps', deps);

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log });
  const secret = await resolveAuthSecret(deps.database.db, config.authSecret);
  const auth = createAuth({ config, database: deps.database, mailer, secret, log: app.log });
  await migrateAuthTables(auth);
  setupAuth(app, auth, config.appUrl);
  registerJsonBody(app);

  const build = readWebBuild(config.webBuildDir);
  if (!build && config.env === 'production') {
    app.log.warn({ dir: config.webBuildDir }, 'no web build found: only /api is served (run npm run build)');
  }

  await app.register(helmet, {
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

  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  app.setErrorHandler((error: Error & { statusCode?: number }, req, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send({ error: { message: error.message, field: error.field } });
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ error: { message: 'Something went wrong on the server. Nothing was saved.' } });
    }
    return reply.code(status).send({ error: { message: error.message } });
  });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(userRoutes, { prefix: '/api' });
  await app.register(booksRoutes, { prefix: '/api' });
  await app.register(productionRoutes, { prefix: '/api' });

  if (build) await registerWeb(app, build);
  else app.setNotFoundHandler((_req, reply) => reply.code(404).send({ error: { message: 'Not Found' } }));

  return app;
}

function loggerOptions(config: Config) {
  if (config.logLevel === 'silent') return false;
  // Structured JSON in production; the same records made readable in a terminal otherwise.
  if (config.env === 'production' && !process.stdout.isTTY) return { level: config.logLevel };
  return {
    level: config.logLevel,
    transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } },
  };
}
