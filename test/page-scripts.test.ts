// Which script elements of a page run code (bench/page-scripts.mjs): the bench's floors swap or
// drop our page's scripts by it, so a JSON block must not count as a script, and nothing the
// browser would run may pass for data.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scriptElements } from '../bench/page-scripts.mjs';

const BOOT = '<script type="module" crossorigin src="/assets/boot-DxHd7tzo.js"></script>';
const MESSAGES = '<script id="app-messages" type="application/json">{"8vETh9":["Show"]}</script>';
const CONFIG = '<script id="app-config" type="application/json">{"draftTtlHours":24}</script>';
const page = (head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="UTF-8" />${head}</head><body><div id="root"><form></form></div>${body}</body></html>`;

describe('the script elements of a page', () => {
  it('are, on the built page, its module script that runs and its catalogue that does not', () => {
    expect(scriptElements(page(BOOT, MESSAGES))).toEqual([
      { element: BOOT, runs: true },
      { element: MESSAGES, runs: false },
    ]);
  });

  it('are, on the page as the server sends it, the same with the configuration as data', () => {
    expect(scriptElements(page(`${BOOT}${CONFIG}`, MESSAGES))).toEqual([
      { element: BOOT, runs: true },
      { element: CONFIG, runs: false },
      { element: MESSAGES, runs: false },
    ]);
  });

  it('are, on a page without a data block, its one script', () => {
    expect(scriptElements(page(BOOT, ''))).toEqual([{ element: BOOT, runs: true }]);
  });

  it('are none on a page without scripts, and none in elements that only start with "script"', () => {
    expect(scriptElements(page('', '<p>No scripts</p>'))).toEqual([]);
    expect(scriptElements(page('', '<script-note>x</script-note><scripts></scripts>'))).toEqual([]);
  });

  it.each([
    ['<script type="module" src="/a.js"></script>', true],
    ['<script>go()</script>', true],
    ['<script src="/a.js"></script>', true],
    ['<script type="text/javascript">go()</script>', true],
    ['<script type="application/javascript">go()</script>', true],
    ['<script type="text/ecmascript">go()</script>', true],
    ['<script type="text/javascript1.5">go()</script>', true],
    ['<script type="">go()</script>', true],
    ['<script type>go()</script>', true],
    ['<script type=" module ">go()</script>', true],
    ['<SCRIPT TYPE="MODULE" SRC="/a.js"></SCRIPT>', true],
    ['<Script Type="Text/JavaScript">go()</sCrIpT>', true],
    ['<script type=module src=/a.js></script>', true],
    ["<script type='module' src='/a.js'></script>", true],
    ['<script\n  type="module"\n  src="/a.js"\n></script >', true],
    ['<script/type="module" src="/a.js"></script>', true],
    // Parameters and character references: counted as running, whatever a browser makes of them.
    ['<script type="text/javascript; charset=utf-8">go()</script>', true],
    ['<script type="&#116;ext/javascript">go()</script>', true],
    ['<script language="JavaScript">go()</script>', true],
    ['<script language="">go()</script>', true],
    // A data-* attribute is not the type.
    ['<script data-type="application/json" src="/a.js"></script>', true],
    ['<script id="app-messages" type="application/json">{}</script>', false],
    ['<script type="application/ld+json">{"@type":"JobPosting"}</script>', false],
    ['<SCRIPT TYPE="APPLICATION/JSON">{}</SCRIPT>', false],
    ["<script type='application/json'>{}</script>", false],
    ['<script type=application/json>{}</script>', false],
    ['<script type="importmap">{"imports":{}}</script>', false],
    ['<script type="text/template"><p>x</p></script>', false],
    ['<script language="vbscript">go()</script>', false],
    // The type outranks the language; the first of two types is the one HTML keeps.
    ['<script type="application/json" language="javascript">{}</script>', false],
    ['<script type="application/json" type="module">{}</script>', false],
    ['<script type="module" type="application/json">{}</script>', true],
    // A quoted ">" does not end the start tag.
    ['<script data-note="a > b" type="application/json">{}</script>', false],
    ['<script data-note=\'a > b\' type="module" src="/a.js"></script>', true],
  ])('%s runs: %s', (element, expected) => {
    expect(scriptElements(page('', element))).toEqual([{ element, runs: expected }]);
  });

  it('finds every element of a page put together from any of them, in order', () => {
    const SCRIPTS = [
      ['<script type="module" src="/a.js"></script>', true],
      ['<script>go()</script>', true],
      ['<SCRIPT TYPE="text/javascript">go()</SCRIPT>', true],
      ['<script data-x="<script>" type="application/json">{"x":"</p>"}</script>', false],
      ['<script type="application/ld+json">{}</script>', false],
    ] as const;
    const OTHER = ['<p>text</p>', '<script-note>x</script-note>', '<!-- note -->', ''];
    const part = fc.oneof(fc.constantFrom(...SCRIPTS), fc.constantFrom(...OTHER));
    fc.assert(
      fc.property(fc.array(part, { maxLength: 12 }), (parts) => {
        const html = page('', parts.map((p) => (typeof p === 'string' ? p : p[0])).join(''));
        const expected = parts
          .filter((p) => typeof p !== 'string')
          .map(([element, runs]) => ({ element, runs }));
        expect(scriptElements(html)).toEqual(expected);
      }),
    );
  });
});
