// Step 1's height in the embedded form per frame width, with and without the random-data
// button: what src/shared/embed-protocol.ts FIRST_HEIGHTS holds (the production form, button off).
// `npm run build && node bench/first-height.mjs [--lang es]`; prints one line per width.
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, startOurs } from './lib.mjs';

const WIDTHS = [
  320, 340, 360, 375, 390, 414, 440, 480, 520, 560, 600, 640, 700, 768, 800, 1024, 1280,
];

/** The form's language (docs/languages.md): English unless `--lang es`. */
const lang = process.argv.includes('--lang')
  ? process.argv[process.argv.indexOf('--lang') + 1]
  : 'en';

const heights = Object.fromEntries(WIDTHS.map((width) => [width, {}]));
for (const button of ['off', 'on']) {
  const app = await startOurs({
    EMBED_ORIGINS: 'http://127.0.0.1:1',
    RANDOM_DATA_BUTTON: button,
    PROVIDER: 'sandbox',
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    for (const width of WIDTHS) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await page.goto(`${app.base}/?embed=1&lang=${lang}`);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      await page.waitForTimeout(300);
      heights[width][button] = await page.evaluate(() =>
        Math.ceil(document.documentElement.getBoundingClientRect().height),
      );
      await page.close();
    }
  } finally {
    await browser.close();
    await app.stop();
  }
}
for (const width of WIDTHS) {
  console.log(
    `${width} px: ${heights[width].off} px (with the random-data button ${heights[width].on} px)`,
  );
}
