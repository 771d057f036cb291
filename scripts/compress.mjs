// After the web build: write .br and .gz beside every text asset, so the server sends
// compressed bytes without compressing on each request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const dir = path.resolve(import.meta.dirname, '../dist/web');
const TEXT = /\.(m?js|css|svg|html|json|txt)$/;

let count = 0;
for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const bytes = await readFile(file);
  await writeFile(
    `${file}.br`,
    await brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  await writeFile(`${file}.gz`, await gzip(bytes, { level: 9 }));
  count++;
}
console.log(`compressed ${count} files in dist/web`);
