import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';
import type { Registry } from '../../../shared/registry.ts';
import type { Database } from '../../db/dialect.ts';
import { exportBooks, readSnapshot } from './export.ts';

// GET /api/export: the export's folder as a zip (fflate), made as it is read: each collection a
// file of the zip, compressed line by line, the zip's bytes handed on as they come. The snapshot's
// read transaction lasts while the zip is written; the stream waits for a slow reader.

export function exportZip(database: Database, registry: Registry): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) out.destroy(error);
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  const drained = () => (out.writableNeedDrain ? new Promise<void>((resolve) => out.once('drain', () => resolve())) : undefined);
  const encoder = new TextEncoder();
  readSnapshot(database, (db) =>
    exportBooks(db, registry, {
      file(name) {
        const file = new ZipDeflate(name, { level: 6 });
        zip.add(file);
        return {
          line: (text) => {
            file.push(encoder.encode(`${text}\n`));
            return drained();
          },
          end: () => file.push(new Uint8Array(0), true),
        };
      },
    }),
  ).then(
    () => zip.end(),
    (error: unknown) => {
      zip.terminate();
      out.destroy(error as Error);
    },
  );
  return out;
}
