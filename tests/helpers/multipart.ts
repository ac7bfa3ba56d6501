import fs from 'node:fs';
import path from 'node:path';
import type { Agent } from './agent.ts';

// A multipart/form-data body, built by hand for app.inject (the import's uploads).

export interface Part {
  /** A file's name (and field `files`), or a plain field's name. */
  name: string;
  content: string | Buffer;
  file?: boolean;
}

export function multipart(parts: readonly Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ama${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.file === false ? `form-data; name="${p.name}"` : `form-data; name="files"; filename="${p.name}"`;
    const type = p.file === false ? '' : '\r\nContent-Type: application/json';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(p.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The files of a folder (an old-system export) as parts, its README left out. */
export function folderParts(folder: string, change: (files: Record<string, string>) => void = () => undefined): Part[] {
  const files = Object.fromEntries(
    fs
      .readdirSync(folder)
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f, fs.readFileSync(path.join(folder, f), 'utf8')]),
  );
  change(files);
  return Object.entries(files).map(([name, content]) => ({ name, content }));
}

/** Sends parts as an upload, as the import's page does. */
export function upload(agent: Agent, url: string, parts: readonly Part[]) {
  const { payload, headers } = multipart(parts);
  return agent.request('POST', url, payload, headers);
}
