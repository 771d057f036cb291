// The embed's cost on a job board's page (docs/embedding.md): the bytes of embed.js, the time from the
// host's first paint to the form's first paint inside its frame, and the layout shifts the frame
// causes on the host: once the iframe is in the page (embed.js sizes it to step 1 before the
// form loads, issue 18), once it has the form's first height, and in all (the iframe's own
// arrival moves what follows it when the host painted before embed.js ran). Mobile-like: 4x CPU, Slow 4G, 390 px wide;
// the frame shares the host's renderer, as it does on Android phones with little memory, so
// the CPU throttling covers both.
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';
import { weigh } from '../scripts/weight.mjs';
import { CHROMIUM, CHROMIUM_FLAGS, freePort, median, round, startOurs } from './lib.mjs';

const CPU_THROTTLING = 4;
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: 204_800,
  uploadThroughput: 96_000,
};

/** Installed in the host page and in the frame before any script runs. */
const OBSERVE = () => {
  window.__embed = { fcp: null, shifts: [], firstHeightAt: null, inPageAt: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntriesByName('first-contentful-paint')) {
      window.__embed.fcp = performance.timeOrigin + entry.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__embed.shifts.push({
        at: entry.startTime,
        value: entry.value,
        input: entry.hadRecentInput,
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  // The iframe's arrival is drawn in the next frame: count from the one after.
  new MutationObserver((_records, observer) => {
    if (!document.querySelector('iframe')) return;
    observer.disconnect();
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        window.__embed.inPageAt = performance.now();
      }),
    );
  }).observe(document, { childList: true, subtree: true });
  // The first height's own shift is drawn in the next frame: count from the one after.
  document.addEventListener('resume-registration:height', () => {
    if (window.__embed.firstHeightAt !== null) return;
    window.__embed.firstHeightAt = Number.POSITIVE_INFINITY;
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        window.__embed.firstHeightAt = performance.now();
      }),
    );
  });
};

function hostPage(appUrl) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Acme Jobs</title></head>
<body style="margin:0;font:16px sans-serif"><header style="padding:1rem;background:#eee">
<h1 style="margin:0">Acme Jobs</h1><p>Join our talent network.</p></header>
<div data-resume-registration></div><script src="${appUrl}/embed.js" async></script>
<footer style="padding:2rem;background:#ddd">Footer</footer></body></html>`;
}

async function once(browser, hostUrl) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(OBSERVE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await page.goto(hostUrl);
  const element = await page.waitForSelector('iframe', { timeout: 60_000 });
  const frame = await element.contentFrame();
  await frame.waitForFunction(() => window.__embed?.fcp !== null, null, { timeout: 60_000 });
  await frame.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 60_000 });
  // Let the frame settle, then read both timelines.
  await page.waitForTimeout(1_000);
  const host = await page.evaluate(() => ({ ...window.__embed, origin: performance.timeOrigin }));
  const framed = await frame.evaluate(() => window.__embed);
  await context.close();
  const after = host.shifts.filter((shift) => shift.at > (host.firstHeightAt ?? 0) && !shift.input);
  const inPage = host.shifts.filter((shift) => shift.at > (host.inPageAt ?? 0) && !shift.input);
  return {
    hostToFormMs: framed.fcp - host.fcp,
    clsOnceInPage: inPage.reduce((sum, shift) => sum + shift.value, 0),
    clsAfterFirstHeight: after.reduce((sum, shift) => sum + shift.value, 0),
    clsTotal: host.shifts.reduce((sum, shift) => sum + (shift.input ? 0 : shift.value), 0),
  };
}

export async function benchEmbed({ quick = false } = {}) {
  const embedJs = await weigh(['embed.js']);
  const hostPort = await freePort();
  const hostOrigin = `http://127.0.0.1:${hostPort}`;
  const app = await startOurs({ EMBED_ORIGINS: hostOrigin });
  const host = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end(hostPage(app.base)),
  );
  await new Promise((resolve) => host.listen(hostPort, '127.0.0.1', resolve));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...CHROMIUM_FLAGS,
      '--disable-site-isolation-trials',
      '--disable-features=IsolateOrigins,site-per-process',
    ],
  });
  try {
    const runs = [];
    for (let i = 0; i < (quick ? 2 : 5); i++) runs.push(await once(browser, `${hostOrigin}/`));
    return {
      embedBytes: embedJs.raw,
      embedGzipBytes: embedJs.gzip,
      cpuThrottling: CPU_THROTTLING,
      network: 'Slow 4G (150 ms, 1.6 Mbit/s)',
      runs: runs.length,
      hostToFormMs: round(median(runs.map((run) => run.hostToFormMs)), 0),
      clsOnceInPage: round(Math.max(...runs.map((run) => run.clsOnceInPage)), 3),
      clsAfterFirstHeight: round(Math.max(...runs.map((run) => run.clsAfterFirstHeight)), 3),
      clsTotal: round(median(runs.map((run) => run.clsTotal)), 3),
      clsTotalEach: runs.map((run) => round(run.clsTotal, 3)),
    };
  } finally {
    await browser.close();
    await new Promise((resolve) => host.close(resolve));
    await app.stop();
  }
}

// `node bench/embed.mjs` alone, after a build.
if (process.argv[1] === import.meta.filename) {
  console.log(
    JSON.stringify(await benchEmbed({ quick: process.argv.includes('--quick') }), null, 2),
  );
}
