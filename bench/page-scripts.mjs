// Which <script> elements of a page run code, for bench/web-root.mjs's floors. An element runs,
// as the HTML standard prepares a script, when its type is absent or empty, `module`, or a
// JavaScript MIME type (without a type, `language="x"` stands for `text/x`); any other type
// (`application/json`, `application/ld+json`, `importmap`, …) is a block the page's scripts may
// read and the browser never runs. Where the standard and a browser could differ, the element
// counts as running (a type with parameters, or with a character reference the bench does not
// decode): a floor then fails to build rather than keep a script of ours.

/** A script element, its start tag's attributes (quoted values may hold `>`) and its text. */
const SCRIPT_ELEMENT = /<script(?=[\s/>])((?:[^>"']|"[^"]*"|'[^']*')*)>[\s\S]*?<\/script\s*>/gi;
const ATTRIBUTE = /([^\s"'/=>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** The JavaScript MIME type essences of the HTML standard. */
const JAVASCRIPT_TYPES = new Set([
  'application/ecmascript',
  'application/javascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
]);

/** A start tag's attributes by lower-case name; the first of two with one name counts, as in HTML. */
function attributesOf(source) {
  const attributes = new Map();
  for (const [, name, ...values] of source.matchAll(ATTRIBUTE)) {
    const key = name.toLowerCase();
    if (!attributes.has(key)) attributes.set(key, values.find((v) => v !== undefined) ?? '');
  }
  return attributes;
}

function runs(attributes) {
  const language = attributes.get('language');
  const type = attributes.has('type') ? attributes.get('type') : language ? `text/${language}` : '';
  const essence = type.split(';')[0].trim().toLowerCase();
  return (
    essence === '' || essence === 'module' || JAVASCRIPT_TYPES.has(essence) || type.includes('&')
  );
}

/** Every script element of `html`, in order, and whether the browser runs it. */
export function scriptElements(html) {
  return [...html.matchAll(SCRIPT_ELEMENT)].map(([element, source]) => ({
    element,
    runs: runs(attributesOf(source)),
  }));
}
