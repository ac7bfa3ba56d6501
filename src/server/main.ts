import { ConfigError, loadConfig, readEnvFile } from './config.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { openDatabase } from './db/database.ts';
import { DatabaseSetupError } from './db/dialect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { STOP_LIMITS } from './http/drain.ts';

// Starts the one process that serves /api and the web app. Configuration or database problems
// stop the start with a plain message naming the cause, never a stack trace.
async function main(): Promise<void> {
  const envFile = readEnvFile();
  const config = loadConfig();
  // SQLite: one server per data directory (the cli's backup and check may run beside it).
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  // Holding the lock, the server may rewrite the SQLite file (its page size) before opening it.
  // PostgreSQL down (the machine still starting, a restart): wait for it, one line a try.
  const database = await openDatabase(config, { owner: !config.databaseUrl, waitWith: (line) => console.error(line) });
  const applied = await migrateToLatest(database);
  // Loaded once the books are ours: a refused start (another server) answers without compiling it.
  const { buildApp } = await import('./app.ts');
  const app = await buildApp({ config, database });
  if (envFile) app.log.info({ file: envFile }, 'settings read from the .env file (variables already set win)');
  app.log.info({ database: database.dialect, location: database.location, migrationsApplied: applied }, 'database ready');
  if (database.dialect === 'sqlite') app.log.info('sqlite: journal_mode=wal synchronous=FULL foreign_keys=on');
  if (database.setup) app.log[database.setup.moved ? 'info' : 'warn'](database.setup.message);

  // SIGTERM (systemd's stop, a deploy): finish and answer what is being worked on, close every
  // connection left (a client stalled mid-request included), and exit within STOP_LIMITS.exitMs.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const started = performance.now();
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      console.error(`Stopped by force: the stop took longer than ${STOP_LIMITS.exitMs / 1000} s`);
      process.exit(1);
    }, STOP_LIMITS.exitMs).unref();
    try {
      const { unfinished } = await app.stopServing();
      await database.close();
      unlock();
      app.log[unfinished ? 'warn' : 'info']({ unfinished, ms: Math.round(performance.now() - started) }, 'stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'the stop failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseSetupError) {
    console.error(`Cannot start: ${error.message}`);
  } else if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    console.error(`Cannot start: the port is already in use (${error.message}). Set PORT to a free port.`);
  } else {
    console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
});
