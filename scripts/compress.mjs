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

// Every file at once: zlib compresses on libuv's thread pool, so both cores work (brotli at 11
// on pdf.js alone takes seconds).
const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile() && TEXT.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name));
await Promise.all(
  files.map(async (file) => {
    const bytes = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip(bytes, { level: 9 }),
    ]);
    await writeFile(`${file}.br`, br);
    await writeFile(`${file}.gz`, gz);
  }),
);
console.log(`compressed ${files.length} files in dist/web`);
