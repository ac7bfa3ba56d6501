// The server the browser tests talk to: the production build on a fresh, throw-away data folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = 'production';
const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true });
process.on('exit', cleanup);
await import('./start.mjs');
