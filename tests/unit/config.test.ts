import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';

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
