import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DASHBOARD_REASON_MAX, MB, importLimits, importableFile } from '../../../shared/import-api.ts';
import { HttpError } from '../../http/validate.ts';

// An old-system export sent through the web (docs/decisions/0039-import-on-the-web.md): its files
// streamed one at a time into a private temporary folder (0700, removed afterwards whatever
// happens), each named after its collection, within the limits; never held in memory whole.

export interface ReceivedExport {
  folder: string;
  /** The files received, by name (`mWireData.json`), in the order they came. */
  files: string[];
  skipBadRows: boolean;
  /** `dashboard_reason`: the old dashboard's difference is booked as opening adjustments with it. */
  dashboardReason?: string;
}

/** The multipart parser's own refusals (busboy's limits, a `__proto__` field, a body cut short) as ours. */
function multipartRefusal(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  // The temporary folder's own failure (a full disk: 507) is not the request's fault.
  if (error !== null && typeof error === 'object' && 'syscall' in error) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return new HttpError(413, 'import_too_many_files', { max: importLimits.files }, 'files');
  if (code === 'FST_PROTO_VIOLATION') return new HttpError(400, 'not_a_field', undefined, '__proto__');
  // A body cut short or not multipart after all: nothing of ours to name.
  return new HttpError(400, 'bad_request');
}

/** A file's name without any folder it came from (a browser's folder upload, or a hostile `../`). */
const baseName = (name: string) => name.split(/[\\/]/).pop() ?? '';

/** Counts the bytes that pass; past `limit` the copy fails with `refusal`. */
function counted(limit: number, refusal: () => HttpError, total: { bytes: number; limit: number; refusal: () => HttpError }) {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      total.bytes += chunk.length;
      if (bytes > limit) return done(refusal());
      if (total.bytes > total.limit) return done(total.refusal());
      done(null, chunk);
    },
  });
}

// Firebase's account export is read whole by the importer: its shape is checked here, as a refusal naming it.
const firebaseExport = z.object({
  users: z.array(z.object({ providerUserInfo: z.array(z.object({}).loose()).optional() }).loose()).optional(),
});

/**
 * Receives an upload into a new private folder and hands it to `use`; the folder is removed when
 * `use` is done or anything fails. `known`: the file names an export may hold.
 */
export async function withUploadedExport<T>(
  req: FastifyRequest,
  known: ReadonlySet<string>,
  opts: { allowSkip: boolean },
  use: (received: ReceivedExport) => Promise<T>,
): Promise<T> {
  if (!req.isMultipart()) throw new HttpError(415, 'import_not_multipart');
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'ama-import-'));
  try {
    await fs.promises.chmod(folder, 0o700);
    const received: ReceivedExport = { folder, files: [], skipBadRows: false };
    const total = {
      bytes: 0,
      limit: importLimits.totalMb * MB,
      refusal: () => new HttpError(413, 'import_too_large', { limit: importLimits.totalMb }, 'files'),
    };
    try {
      const parts = req.parts({
        limits: {
          files: importLimits.files,
          fileSize: importLimits.fileMb * MB + 1,
          fields: 4,
          fieldSize: DASHBOARD_REASON_MAX * 4,
          parts: importLimits.files + 4,
        },
      });
      for await (const part of parts) {
        if (part.type === 'field' && part.fieldname === 'dashboard_reason') {
          const reason = String(part.value).trim();
          if (part.valueTruncated || reason.length > DASHBOARD_REASON_MAX)
            throw new HttpError(400, 'field_too_long', { field: 'dashboard_reason' }, 'dashboard_reason');
          if (reason) received.dashboardReason = reason;
          continue;
        }
        if (part.type === 'field') {
          if (part.fieldname !== 'skip_bad_rows' || !opts.allowSkip) throw new HttpError(400, 'not_a_field', undefined, part.fieldname);
          if (part.value !== 'true' && part.value !== 'false') throw new HttpError(400, 'field_invalid', { field: 'skip_bad_rows' }, 'skip_bad_rows');
          received.skipBadRows = part.value === 'true';
          continue;
        }
        const name = baseName(part.filename);
        if (!importableFile(known, name)) throw new HttpError(400, 'import_file_unknown', { file: name || part.filename }, 'files');
        if (received.files.includes(name)) throw new HttpError(400, 'import_file_twice', { file: name }, 'files');
        const limit = name === 'users.json' ? importLimits.usersMb : importLimits.fileMb;
        const tooLarge = () => new HttpError(413, 'import_file_too_large', { file: name, limit }, 'files');
        await pipeline(part.file, counted(limit * MB, tooLarge, total), fs.createWriteStream(path.join(folder, name), { mode: 0o600 }));
        // busboy stops a file at its own limit (one byte past ours) without an error: ours is the refusal.
        if (part.file.truncated) throw tooLarge();
        received.files.push(name);
      }
    } catch (error) {
      throw multipartRefusal(error);
    }
    if (received.files.length === 0) throw new HttpError(400, 'import_no_files', undefined, 'files');
    if (received.files.includes('users.json')) {
      const file = path.join(folder, 'users.json');
      let shape: unknown;
      try {
        shape = JSON.parse(await fs.promises.readFile(file, 'utf8'));
      } catch {
        shape = undefined;
      }
      if (!firebaseExport.safeParse(shape).success) throw new HttpError(400, 'import_file_not_json', { file: 'users.json' }, 'files');
    }
    return await use(received);
  } finally {
    await fs.promises.rm(folder, { recursive: true, force: true });
  }
}
