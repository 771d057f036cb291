// After `vite build` and `vite build --ssr`: render the wizard into dist/web/index.html, and in
// each other language into dist/web/index.<locale>.html (docs/languages.md): the page's lang, title and
// description in that language, and the catalogue of its texts inline, so that hydrating asks
// for no other file and a visit downloads one language's texts.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const indexFile = path.join(root, 'dist/web/index.html');
const ssrDir = path.join(root, 'dist/ssr');
const { render, LOCALES } = await import(pathToFileURL(path.join(ssrDir, 'ssr.js')).href);

const html = await readFile(indexFile, 'utf8');
const marker = '<div id="root"></div>';
if (!html.includes(marker)) throw new Error(`${indexFile} has no ${marker}`);

/** Text for an attribute or an element's content. */
const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** Replaces the one match of `pattern` (a string or a global RegExp) in `page`, or fails. */
function once(page, pattern, to) {
  const found =
    typeof pattern === 'string'
      ? page.split(pattern).length - 1
      : (page.match(pattern)?.length ?? 0);
  if (found !== 1) throw new Error(`${indexFile}: not one ${pattern}`);
  return page.replace(pattern, () => to);
}

for (const locale of LOCALES) {
  const page = render(locale);
  const messages = JSON.stringify(page.messages).replaceAll('<', '\\u003c');
  let out = once(html, '<html lang="en">', `<html lang="${locale}">`);
  out = once(out, /<title>[^<]*<\/title>/g, `<title>${escapeHtml(page.title)}</title>`);
  out = once(
    out,
    /<meta name="description" content="[^"]*" \/>/g,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
  );
  out = once(
    out,
    marker,
    `<div id="root">${page.html}</div><script id="app-messages" type="application/json">${messages}</script>`,
  );
  const file = locale === 'en' ? indexFile : path.join(root, `dist/web/index.${locale}.html`);
  await writeFile(file, out);
  console.log(`prerendered the first step in ${locale} into ${path.relative(root, file)}`);
}
await rm(ssrDir, { recursive: true, force: true });
