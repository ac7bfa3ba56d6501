import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { newPassword } from '../shared/auth-schemas.ts';
import { formatAmount, formatKg } from '../shared/money.ts';
import { seedDemo } from './modules/books/demo.ts';
import { getSummary } from './modules/books/repository.ts';
import { todayIn } from '../shared/dates.ts';
import { checkBooks } from './modules/books/check.ts';
import { roles, type Role } from '../shared/roles.ts';
import { voidSchema } from '../shared/entry-schemas.ts';
import { registry } from '../shared/registry.ts';
import { DASHBOARD_REASON_MAX } from '../shared/import-api.ts';
import { type Config, ConfigError, loadConfig, readEnvFile } from './config.ts';
import { BackupError, backupCommand, restoreCommand } from './commands/backup.ts';
import { DataDirLocked, lockDataDir } from './db/data-dir-lock.ts';
import { openDatabase } from './db/database.ts';
import { type Database, DatabaseSetupError } from './db/dialect.ts';
import { migrateToLatest } from './db/migrate.ts';

// `npm run cli -- <command>`: the owner's tools. Each command prints one plain result line.
const usage = `Usage:
  npm run cli -- user:create --email E --name N [--role admin|acounts|user] [--password P]
      Creates a verified account (no mail is sent). Role defaults to user. Without --password
      the password is asked for (not shown as typed), or read from standard input's first line:
      --password would leave it in the shell's history and the list of processes.
  npm run cli -- check
      Adds up every entry again and compares with the stored balance, stock and each entry's
      total and due. Prints the differences; exits 1 if there are any.
  npm run cli -- seed:demo [--entries N] [--parties P]
      With the server stopped: fills the database with demo partners (52, or P in the same
      proportions of categories) and N entries (default 2000) over the past year.
  npm run cli -- import <folder> [--dry-run] [--skip-bad-rows] [--book-dashboard REASON] [--by NAME]
      Imports the old system's export (mongoexport files named after their collections, and
      Firebase's users.json), and spreadsheets: <kind>.csv, partners.csv, openingDues.csv,
      openingBalances.csv, or .xlsx workbooks with a sheet so named per kind (templates:
      GET /api/import/templates/<name>.xlsx). One line per problem or note, then a count line. Writes nothing
      while a row has a problem (unless --skip-bad-rows); --dry-run writes nothing at all.
      Exits 1 while any row has a problem. With the server stopped on SQLite.
      --book-dashboard REASON: the old dashboard's stock and balance, where they differ from
      what the entries add up to, go in as opening adjustments with REASON (else only noted).
  npm run cli -- export <folder>
      Writes the whole books into <folder> (made if missing; it must be empty) in the format
      import reads: partners, each kind's entries with their voids and corrections, accounts,
      transfers, cheques, day closes, people (no passwords). One consistent snapshot, read while
      the server runs.
  npm run cli -- import:void <batch> --reason R [--by NAME]
      Voids every entry an import batch wrote (a reversal each, in one transaction) and lets its
      old keys go, so a corrected export can be imported again. With the server stopped on SQLite.
  npm run cli -- backup <file>
      Copies the SQLite database to <file> while the server runs, and checks the copy.
  npm run cli -- restore <file>
      With the server stopped: checks <file> (a backup) and puts it in place of the database,
      keeping the current one aside as ama.sqlite.before-restore-<time>.`;

class CliError extends Error {}

/** A backup or restore refusal is a known problem: one plain line. */
const asCliError = (error: unknown): never => {
  throw error instanceof BackupError ? new CliError(error.message) : error;
};

/** The accounts' code (better-auth, the mailer) loads only for the commands that need it: the others start without it. */
async function loadAuth(database: Database) {
  const [{ createAuth, migrateAuthTables }, { resolveAuthSecret }, { createMailer }] = await Promise.all([
    import('./auth/auth.ts'),
    import('./auth/secret.ts'),
    import('./mail/mailer.ts'),
  ]);
  const config = loadConfig();
  const log = pino({ level: 'warn' });
  const secret = await resolveAuthSecret(database.db, config.authSecret);
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, outboxDir: '/dev/null', log });
  const auth = createAuth({ config, database, mailer, secret, log });
  await migrateAuthTables(auth);
  return auth;
}

async function userCreate(database: Database, args: string[]): Promise<string> {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', default: 'user' } },
  });
  const { email, name } = values;
  if (!email || !name) throw new CliError(`--email and --name are required\n${usage}`);
  if (!roles.includes(values.role as Role)) throw new CliError(`--role must be one of ${roles.join(', ')}`);
  const password = values.password ?? (await readPassword());
  if (!password) throw new CliError('no password given: type one when asked, or give it on standard input');
  const rule = newPassword.safeParse(password);
  if (!rule.success) throw new CliError(`--password: ${rule.error.issues[0]?.message}`);

  const { AccountExistsError, createVerifiedAccount } = await import('./auth/accounts.ts');
  const auth = await loadAuth(database);
  try {
    const user = await createVerifiedAccount(auth, { email, password, name, role: values.role as Role });
    return `created ${user.role} ${user.email} (${user.id})`;
  } catch (error) {
    if (error instanceof AccountExistsError) throw new CliError(error.message);
    throw error;
  }
}

/**
 * The password from the terminal, not echoed (asked twice), or the first line of standard input
 * when it is not a terminal (`printf '%s\n' "$PW" | npm run cli -- user:create …`).
 */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  const first = await askHidden('Password: ');
  if ((await askHidden('The same password again: ')) !== first) throw new CliError('the two passwords differ; nothing created');
  return first;
}

/** One line typed at the terminal with nothing shown; Ctrl+C stops the command. */
function askHidden(question: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(question);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (finish: () => void) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      finish();
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done(() => resolve(typed));
        if (ch === '\u0003') return done(() => reject(new CliError('stopped; nothing created')));
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else typed += ch;
      }
    };
    input.on('data', onData);
  });
}

async function check(database: Database): Promise<string> {
  const problems = await checkBooks(database.db);
  if (problems.length > 0) throw new CliError(`the books disagree in ${problems.length} place(s):\n  ${problems.join('\n  ')}`);
  const s = await getSummary(database.db);
  return `books ok: ${s.entry_count} entries, balance ${formatAmount(Number(s.balance_p))} taka, stock ${formatKg(Number(s.stock_g))} kg`;
}

async function seed(database: Database, args: string[]): Promise<string> {
  const { values } = parseArgs({ args, options: { entries: { type: 'string', default: '2000' }, parties: { type: 'string' } } });
  const entries = Number(values.entries);
  if (!Number.isInteger(entries) || entries < 0 || entries > 5_000_000) throw new CliError('--entries must be a whole number from 0 to 5000000');
  const parties = values.parties === undefined ? undefined : Number(values.parties);
  if (parties !== undefined && (!Number.isInteger(parties) || parties < 6 || parties > 100_000))
    throw new CliError('--parties must be a whole number from 6 to 100000');
  const config = loadConfig();
  const result = await seedDemo(database.db, { entries, today: todayIn(config.timeZone), ...(parties === undefined ? {} : { parties }) });
  return `demo data: ${result.partners} partners added, ${result.entries} entries written`;
}

/** The old system's export: its report's lines are the answer; the exit code says whether any row has a problem. */
async function importCommand(database: Database, args: string[]): Promise<string> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'dry-run': { type: 'boolean', default: false },
      'skip-bad-rows': { type: 'boolean', default: false },
      'book-dashboard': { type: 'string' },
      by: { type: 'string' },
    },
  });
  const reason = values['book-dashboard']?.trim();
  if (values['book-dashboard'] !== undefined && !reason) throw new CliError(`--book-dashboard takes the reason the difference is booked for\n${usage}`);
  if (reason && reason.length > DASHBOARD_REASON_MAX) throw new CliError(`--book-dashboard: the reason is longer than ${DASHBOARD_REASON_MAX} characters`);
  const [folder] = positionals;
  if (!folder || positionals.length > 1) throw new CliError(`import takes one folder\n${usage}`);
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) throw new CliError(`${folder} is not a folder`);
  const config = loadConfig();
  const [{ importOldSystem }, { oldSystemAccounts }] = await Promise.all([import('./modules/import/old-system.ts'), import('./auth/accounts.ts')]);
  const who = values.by?.trim() || os.userInfo().username;
  const report = await importOldSystem(database.db, {
    folder,
    write: !values['dry-run'],
    skipBadRows: values['skip-bad-rows'],
    timeZone: config.timeZone,
    actor: { id: `cli:${who}`, name: who },
    accounts: oldSystemAccounts(await loadAuth(database)),
    onLine: (line) => void process.stdout.write(`${line}\n`),
    ...(reason ? { dashboardReason: reason } : {}),
  }).catch(async (error: unknown) => {
    const { HttpError } = await import('./http/validate.ts');
    throw error instanceof HttpError ? new CliError(error.message) : error;
  });
  process.exitCode = report.exitCode;
  return '';
}

/** The whole books into a folder, from one read snapshot (the server may keep writing). */
async function exportCommand(database: Database, args: string[]): Promise<string> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const [folder] = positionals;
  if (!folder || positionals.length > 1) throw new CliError(`export takes one folder\n${usage}`);
  if (fs.existsSync(folder) && (!fs.statSync(folder).isDirectory() || fs.readdirSync(folder).length > 0))
    throw new CliError(`${folder} is not an empty folder: export into a new or empty one`);
  fs.mkdirSync(folder, { recursive: true });
  const { exportToFolder } = await import('./modules/import/export.ts');
  const counts = await exportToFolder(database, registry, folder);
  const total = Object.values(counts).reduce((s, n) => s + n, 0);
  return `export written: ${folder} (${total} documents in ${Object.keys(counts).length} files)`;
}

/** An import batch voided as a unit. */
async function importVoid(database: Database, args: string[]): Promise<string> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { reason: { type: 'string' }, by: { type: 'string' } } });
  const batch = Number(positionals[0]);
  if (positionals.length !== 1 || !Number.isInteger(batch) || batch < 1) throw new CliError(`import:void takes one batch number\n${usage}`);
  const reason = voidSchema.shape.reason.safeParse(values.reason);
  if (!reason.success) throw new CliError(`--reason: ${reason.error.issues[0]?.message}`);
  const config = loadConfig();
  const [{ voidBatch }, { HttpError }] = await Promise.all([import('./modules/import/batches.ts'), import('./http/validate.ts')]);
  const who = values.by?.trim() || os.userInfo().username;
  const ctx = { db: database.db, timeZone: config.timeZone, registry };
  const done = await voidBatch(ctx, batch, reason.data, { id: `cli:${who}`, name: who }).catch((error: unknown) => {
    throw error instanceof HttpError ? new CliError(error.message) : error;
  });
  return `import batch ${batch} voided: ${done.voided} entries reversed`;
}

const commands: Record<string, (database: Database, args: string[]) => Promise<string>> = {
  'user:create': userCreate,
  check,
  'seed:demo': seed,
  import: importCommand,
  'import:void': importVoid,
  export: exportCommand,
  backup: (database, args) => backupCommand(database, args).catch(asCliError),
  restore: (database, args) => restoreCommand(database, args).catch(asCliError),
};

/**
 * Commands that run only with the server stopped on SQLite books: a running server keeps the
 * header's figures and sessions in memory, trusting that only it writes them (seed:demo, an
 * import and its void), and a restore swaps the file under it. They hold the data directory's lock, as the server does.
 */
const needsServerStopped = new Set(['seed:demo', 'restore', 'import', 'import:void']);

/** The data directory's lock for `name`, or a one-line refusal while a server holds it. */
function lockForCommand(name: string, config: Config): () => void {
  if (config.databaseUrl || !needsServerStopped.has(name)) return () => undefined;
  try {
    return lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLocked) {
      throw new CliError(`a server is running on ${config.dataDir}: stop it first, then ${name}`);
    }
    throw error;
  }
}

async function main(): Promise<number> {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.error(usage);
    return 2;
  }
  readEnvFile();
  const config = loadConfig();
  const unlock = lockForCommand(name ?? '', config);
  try {
    const database = await openDatabase(config);
    try {
      await migrateToLatest(database);
      // A command that printed as it went (import) answers nothing more.
      const answer = await command(database, args);
      if (answer !== '') console.log(answer);
      return Number(process.exitCode ?? 0);
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Known problems (bad arguments, configuration, database) are one line; so is anything else.
    const expected = error instanceof CliError || error instanceof ConfigError || error instanceof DatabaseSetupError;
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}${expected ? '' : ' (unexpected; please report it)'}`);
    process.exit(1);
  },
);
