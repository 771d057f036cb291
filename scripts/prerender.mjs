// After `vite build` and `vite build --ssr`: render the wizard into dist/web/index.html.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const indexFile = path.join(root, 'dist/web/index.html');
const ssrDir = path.join(root, 'dist/ssr');
const { render } = await import(pathToFileURL(path.join(ssrDir, 'ssr.js')).href);

const html = await readFile(indexFile, 'utf8');
const marker = '<div id="root"></div>';
if (!html.includes(marker)) throw new Error(`${indexFile} has no ${marker}`);
await writeFile(indexFile, html.replace(marker, `<div id="root">${render()}</div>`));
await rm(ssrDir, { recursive: true, force: true });
console.log('prerendered the first step into dist/web/index.html');
