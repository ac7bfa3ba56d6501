// After a build: write .br and .gz beside each text asset so the server sends them compressed
// without spending CPU per request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(import.meta.dirname, '../build/client');
const compressible = /\.(js|css|svg|html|json|txt|webmanifest)$/;

function* files(d) {
  for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
    const full = path.join(d, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (compressible.test(entry.name)) yield full;
  }
}

let count = 0;
for (const file of files(dir)) {
  const body = fs.readFileSync(file);
  if (body.length < 512) continue;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  count++;
}
console.log(`compressed ${count} files in ${path.relative(process.cwd(), dir)}`);
