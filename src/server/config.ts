import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { isTimeZone } from '../shared/dates.ts';

/** What Fastify's `trustProxy` takes as one trusted proxy: a name for a range, an address or a range. */
function isProxyAddress(item: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(item)) return true;
  const [address = '', bits, ...rest] = item.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be 0 to 65535')
    .max(65535, 'must be 0 to 65535')
    .default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_TIME_ZONE: z.string().refine(isTimeZone, 'must be an IANA time zone such as Asia/Dhaka').default('Asia/Dhaka'),
  // Where the built web app lives; tests point it elsewhere.
  WEB_BUILD_DIR: z.string().min(1).default('./build/client'),
  // The address people use to reach the app; links in mails point here.
  APP_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://books.example.com' }).optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('AMA Metal & Wire Industries <no-reply@localhost>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com/.well-known/openid-configuration'),
  // Proxies whose X-Forwarded-For is believed: 'loopback', an address, or a comma list. Unset: none.
  TRUST_PROXY: z
    .string()
    .refine(
      (v) => v.split(',').every((item) => isProxyAddress(item.trim())),
      'must be loopback, an address such as 127.0.0.1, a range such as 10.0.0.0/8, or a comma list of them',
    )
    .optional(),
  SIGN_IN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(10),
  // Every other account request (reading the session on each page) per minute per client address.
  AUTH_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1000000).default(600),
  // Nightly backups (SQLite): the folder, the business-time hour, how many days are kept, and a
  // program run with each file's path after it is made (docs/operations.md#backups).
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_AT: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day as HH:MM, such as 02:30')
    .default('02:30'),
  BACKUP_KEEP_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(3650)
    .default(30),
  BACKUP_COMMAND: z.string().min(1).optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  timeZone: string;
  webBuildDir: string;
  appUrl: string;
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | null;
  trustProxy: string | undefined;
  signInAttemptsPerMinute: number;
  authRequestsPerMinute: number;
  /** Nightly backups, when BACKUP_DIR is set. */
  backup: BackupConfig | null;
};

export interface BackupConfig {
  dir: string;
  /** The time of day in the business's time zone, HH:MM. */
  at: string;
  keepDays: number;
  /** The program and its own arguments; the backup's path is added as the last one. */
  command: string[] | null;
}

export class ConfigError extends Error {}

/** Every variable the server reads (`.env.example` lists each of them). */
export const configVariables = Object.keys(schema.shape);

/**
 * Fills the variables that are unset (or empty) from a `.env` file, by default the one in the
 * working folder (the app's folder under `npm start`, `npm run cli` and the systemd unit). A
 * variable already set wins over the file; no file is no error. Returns the file read, or null.
 */
export function readEnvFile(file = path.resolve('.env'), env: Record<string, string | undefined> = process.env): string | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new ConfigError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if ((env[name] === undefined || env[name] === '') && value !== undefined) env[name] = value;
  }
  return file;
}

/** Reads and checks the environment. A bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const c = result.data;
  if (Boolean(c.GOOGLE_CLIENT_ID) !== Boolean(c.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  GOOGLE_CLIENT_SECRET: set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither');
  }
  return {
    env: c.NODE_ENV,
    host: c.HOST,
    port: c.PORT,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    logLevel: c.LOG_LEVEL,
    timeZone: c.APP_TIME_ZONE,
    webBuildDir: path.resolve(c.WEB_BUILD_DIR),
    appUrl: (c.APP_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    authSecret: c.AUTH_SECRET,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    google:
      c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET
        ? { clientId: c.GOOGLE_CLIENT_ID, clientSecret: c.GOOGLE_CLIENT_SECRET, discoveryUrl: c.GOOGLE_DISCOVERY_URL }
        : null,
    trustProxy: c.TRUST_PROXY,
    signInAttemptsPerMinute: c.SIGN_IN_ATTEMPTS_PER_MINUTE,
    authRequestsPerMinute: c.AUTH_REQUESTS_PER_MINUTE,
    backup: c.BACKUP_DIR
      ? { dir: path.resolve(c.BACKUP_DIR), at: c.BACKUP_AT, keepDays: c.BACKUP_KEEP_DAYS, command: c.BACKUP_COMMAND ? splitCommand(c.BACKUP_COMMAND) : null }
      : null,
  };
}

/**
 * BACKUP_COMMAND as a program and its arguments, split at spaces; '…' and "…" keep spaces inside
 * one argument. No shell reads it: nothing is expanded, and the backup's path is passed as an
 * argument of its own, never pasted into a command line.
 */
export function splitCommand(line: string): string[] {
  const words: string[] = [];
  for (const m of line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) words.push(m[1] ?? m[2] ?? m[3] ?? '');
  if (words.length === 0) throw new ConfigError('Invalid configuration:\n  BACKUP_COMMAND: names no program');
  return words;
}
