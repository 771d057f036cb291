// The default brand palette has one home, src/shared/brand.ts: the stylesheet and the favicon
// take it from there through the build (vite.config.ts), and hold no colour of their own.
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { brandPalette, DEFAULT_BRAND_COLOR } from '../src/shared/brand.ts';
import { brandDefaults, favicon } from '../vite.config.ts';

const STYLES = new URL('../src/web/styles.css', import.meta.url);

async function transformed(code: string, id: string) {
  const plugin: Plugin = brandDefaults();
  const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
  return transform.call({}, code, id);
}

describe('the default brand palette', () => {
  it('is declared nowhere in styles.css', async () => {
    const css = await readFile(STYLES, 'utf8');
    expect(css).not.toMatch(/--brand(-dark)?\s*:/);
    expect(css).not.toMatch(/#0b5cad|#084a8b/i);
  });

  it('opens the stylesheet, taken from src/shared/brand.ts', async () => {
    const css = await readFile(STYLES, 'utf8');
    const result = await transformed(css, '/app/src/web/styles.css');
    const { brandDark } = brandPalette(DEFAULT_BRAND_COLOR) ?? {};
    expect(brandDark).toBe('#084a8b');
    expect(result?.code).toBe(
      `:root {\n  --brand: ${DEFAULT_BRAND_COLOR};\n  --brand-dark: ${brandDark};\n${css.slice(8)}`,
    );
  });

  it('opens it in vite dev too, where the id carries a query', async () => {
    const css = await readFile(STYLES, 'utf8');
    const result = await transformed(css, '/app/src/web/styles.css?direct');
    expect(result?.code.startsWith(`:root {\n  --brand: ${DEFAULT_BRAND_COLOR};\n`)).toBe(true);
  });

  it('leaves every other module alone', async () => {
    expect(await transformed(':root {\n}', '/app/src/web/other.css')).toBeNull();
  });

  it('paints the favicon', () => {
    expect(favicon(DEFAULT_BRAND_COLOR)).toContain(
      `<rect width="32" height="32" rx="6" fill="#0b5cad"/>`,
    );
  });
});
