import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { freePort } from '../helpers/ports.ts';
import { waitFor } from '../../scripts/processes.mjs';

// The server and the cli read `.env` in the folder they run in (as under systemd's
// WorkingDirectory=), and what the environment already sets wins over it.
const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/tsx/dist/loader.mjs');

function runIn(folder: string, script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', tsx, path.join(root, script), ...args], {
    cwd: folder,
    env: { PATH: process.env.PATH ?? '', WEB_BUILD_DIR: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, exited, output: () => out };
}

describe('the .env file in the working folder', { timeout: 90_000 }, () => {
  it('sets what the environment leaves unset for the server; the environment wins', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-env-'));
    const port = await freePort();
    // NODE_ENV=staging would stop the start: the environment's `production` must win over it.
    fs.writeFileSync(path.join(folder, '.env'), `# the server\nPORT=${port}\nHOST=127.0.0.1\nDATA_DIR=${folder}/books\nNODE_ENV=staging\n`);
    const p = runIn(folder, 'src/server/main.ts', [], { NODE_ENV: 'production', LOG_LEVEL: 'info' });
    onTestFinished(() => void p.child.kill('SIGKILL'));
    await waitFor(`http://127.0.0.1:${port}/api/health`, p.child).catch((error: Error) => expect.fail(`${error.message}\n${p.output()}`));
    expect(fs.existsSync(path.join(folder, 'books', 'ama.sqlite'))).toBe(true);
    await expect.poll(() => p.output()).toContain(`"file":"${path.join(folder, '.env')}"`);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  });

  it('gives the cli the same books as the server', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-env-'));
    fs.writeFileSync(path.join(folder, '.env'), `DATA_DIR=${folder}/books\n`);
    const p = runIn(folder, 'src/server/cli.ts', ['check'], {});
    expect(await p.exited, p.output()).toBe(0);
    expect(p.output()).toMatch(/^books ok/);
    expect(fs.existsSync(path.join(folder, 'books', 'ama.sqlite'))).toBe(true);
  });
});
