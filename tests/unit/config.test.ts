import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configVariables, loadConfig, readEnvFile } from '../../src/server/config.ts';

describe('configuration', () => {
  it('has working defaults: port 3000, ./data, SQLite, Dhaka time', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.timeZone).toBe('Asia/Dhaka');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['APP_TIME_ZONE', 'Mars/Olympus'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('accepts a PostgreSQL URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://root@127.0.0.1:5432/test' }).databaseUrl).toBe('postgres://root@127.0.0.1:5432/test');
  });
});

describe('TRUST_PROXY', () => {
  it.each(['loopback', '127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback, 192.168.1.10'])('accepts %s', (value) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(value);
  });

  // Fastify would throw at start on these, or believe every client's X-Forwarded-For.
  it.each(['true', '*', '2', '10.0.0.0/33', '127.0.0.1,', 'caddy'])('refuses %s with a line naming it', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/^Invalid configuration:\n {2}TRUST_PROXY: must be loopback, an address/);
  });
});

describe('the .env file', () => {
  const write = (text: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-env-'));
    const file = path.join(dir, '.env');
    fs.writeFileSync(file, text);
    return file;
  };

  it('fills unset and empty variables; a variable already set wins over the file', () => {
    const file = write('# the server\nPORT=4000\nHOST=127.0.0.1\nDATA_DIR=/var/lib/ama-books\nMAIL_FROM="AMA <no-reply@example.com>"\n');
    const env: Record<string, string | undefined> = { PORT: '5000', HOST: '' };
    expect(readEnvFile(file, env)).toBe(file);
    expect(env).toEqual({ PORT: '5000', HOST: '127.0.0.1', DATA_DIR: '/var/lib/ama-books', MAIL_FROM: 'AMA <no-reply@example.com>' });
    expect(loadConfig(env).port).toBe(5000);
  });

  it('is optional: no file, nothing changes', () => {
    const env = { PORT: '5000' };
    expect(readEnvFile(path.join(os.tmpdir(), 'no-such-folder-ama', '.env'), env)).toBeNull();
    expect(env).toEqual({ PORT: '5000' });
  });

  it('refuses a file it cannot read in one line naming it', () => {
    const dir = path.dirname(write(''));
    expect(() => readEnvFile(dir, {})).toThrow(ConfigError);
    expect(() => readEnvFile(dir, {})).toThrow(new RegExp(`^Cannot read ${dir}: `));
  });

  it('.env.example lists every variable the server reads, in the form systemd reads too, and its values pass', () => {
    const text = fs.readFileSync('.env.example', 'utf8');
    const listed = [...text.matchAll(/^#?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    expect(configVariables.filter((name) => !listed.includes(name))).toEqual([]);
    for (const name of ['BACKUP_DIR', 'BACKUP_AT', 'BACKUP_KEEP_DAYS', 'BACKUP_COMMAND']) expect(listed).toContain(name);
    // systemd's EnvironmentFile= knows no `export` and no comment after a value.
    for (const line of text.split('\n').filter((l) => l !== '' && !l.startsWith('#'))) expect(line).toMatch(/^[A-Z][A-Z0-9_]*=("[^"]*"|[^\s"#]*)$/);
    const env: Record<string, string | undefined> = {};
    readEnvFile(path.resolve('.env.example'), env);
    expect(loadConfig(env)).toMatchObject({ host: '127.0.0.1', appUrl: 'https://books.example.com', trustProxy: '127.0.0.1', dataDir: '/var/lib/ama-books' });
  });
});
