// Hydration (issue 21): what the page costs a phone while React takes over, beside what React
// alone costs, in Chromium with 4x CPU throttling (CDP Emulation.setCPUThrottlingRate), a fresh
// browser context (cold cache) per run, observers installed with addInitScript before any
// script of the page:
// - page load: ours and the React-alone floor (bench/web-root.mjs), in English and in Spanish,
//   each language beside the floor made from its own page, interleaved, medians: the longest
//   task and the TBT (below, `loadFigures`);
// - a keystroke while hydrating, in both languages: First Name focused at the first paint, "Ada"
//   typed from 100 ms after it; the keystrokes' event-to-paint latency and whether the text
//   survived hydration;
// - a CPU profile of our English page load, split by what runs (bench/hydration-profile.mjs):
//   the Spanish page runs the same chunks on load, with its own texts.
// Alone: `npm run build && node bench/hydration.mjs [--quick]` (or `node bench/run.mjs --only
// hydration`).
import { chromium } from 'playwright-core';
import { profileHydration } from './hydration-profile.mjs';
import { CHROMIUM, CHROMIUM_FLAGS, inTurn, median, ratio, round, sleep } from './lib.mjs';
import { LANGUAGES, serveWithFloors } from './web-root.mjs';

const CPU_THROTTLING = 4;
/**
 * The page is settled once <html data-hydrated> is set and then no long task has ended for this
 * long: what hydration starts after it (effects, the configuration, the toaster, parts of the
 * form that hydrate later) falls in the window.
 */
const SETTLE_MS = 1_000;
/** …or at the latest this long after the navigation. */
const SETTLE_LIMIT_MS = 20_000;
const TYPED = 'Ada';
const TYPE_AFTER_FCP_MS = 100;
const BLOCKING_MS = 50;

/**
 * Installed before any script of the page: long tasks, Event Timing entries (16 ms and more),
 * the keydowns as they arrive, the moment <html data-hydrated> is set (our useHydration effect,
 * the floor's own) as `window.__hydrated`, and `window.__settled(quietMs, limitMs)`, promises
 * the bench awaits without running anything in the page meanwhile but a 100 ms timer.
 */
const OBSERVE = () => {
  const perf = { longTasks: [], events: [], keydowns: [], hydratedAt: null, lastTaskEnd: 0 };
  window.__perf = perf;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      perf.longTasks.push({ startTime: entry.startTime, duration: entry.duration });
      perf.lastTaskEnd = Math.max(perf.lastTaskEnd, entry.startTime + entry.duration);
    }
  }).observe({ type: 'longtask' });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      perf.events.push({
        name: entry.name,
        interactionId: entry.interactionId,
        startTime: entry.startTime,
        duration: entry.duration,
        inputDelay: entry.processingStart - entry.startTime,
        processing: entry.processingEnd - entry.processingStart,
      });
  }).observe({ type: 'event', durationThreshold: 16 });
  addEventListener('keydown', (event) => perf.keydowns.push(event.timeStamp), true);
  window.__hydrated = new Promise((resolve) => {
    new MutationObserver((_records, observer) => {
      if (!document.documentElement?.hasAttribute('data-hydrated')) return;
      observer.disconnect();
      perf.hydratedAt = performance.now();
      resolve();
      // <html> may not exist yet when this runs: the whole document is watched.
    }).observe(document, { attributes: true, attributeFilter: ['data-hydrated'], subtree: true });
  });
  window.__settled = (quietMs, limitMs) =>
    window.__hydrated.then(
      () =>
        new Promise((resolve) => {
          const check = () => {
            const now = performance.now();
            const quiet = now - Math.max(perf.hydratedAt, perf.lastTaskEnd) >= quietMs;
            if (!quiet && now < limitMs) return setTimeout(check, 100);
            perf.settledAt = now;
            resolve();
          };
          check();
        }),
    );
};

/**
 * For the keystroke: once the first contentful paint is reported (when boot.ts starts loading
 * the app; at 4x CPU that report comes 40-200 ms after the paint) First Name takes the focus
 * (as a tap on it would, without measuring the tap) and the bench hears of it through a binding,
 * with how long after the paint that was.
 */
const FOCUS_AT_FIRST_PAINT = () => {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    const fcp = list.getEntriesByName('first-contentful-paint')[0].startTime;
    window.__perf.firstPaintSeenAt = performance.now();
    document.getElementById('field-first_name')?.focus();
    window.__benchFirstPaint(String(window.__perf.firstPaintSeenAt - fcp));
  }).observe({ type: 'paint', buffered: true });
};

/** A fresh context and page at 4x CPU with the observers in place; closed by `close`. */
async function throttledPage(browser, initScripts = []) {
  const context = await browser.newContext({ viewport: { width: 412, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
  await page.addInitScript(OBSERVE);
  for (const script of initScripts) await page.addInitScript(script);
  return { page, cdp, close: () => context.close() };
}

/** Waits until the page has hydrated and settled (SETTLE_MS). */
const settled = (page) =>
  page.evaluate(([quiet, limit]) => window.__settled(quiet, limit), [SETTLE_MS, SETTLE_LIMIT_MS]);

/** Loads `url` and waits until it has hydrated and settled; the observers' record. */
async function loadAndSettle(page, url) {
  await page.goto(url, { waitUntil: 'load' });
  await settled(page);
  return page.evaluate(() => ({
    ...window.__perf,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
  }));
}

/**
 * One load's figures. Counted: every long task (the Long Tasks API: over 50 ms) from the
 * navigation until the page settled (<html data-hydrated>, then SETTLE_MS without a long task).
 * longestTaskMs is the longest of them (0: none over 50 ms); tbtMs, as Lighthouse counts it, is
 * the sum over them of the part after the first contentful paint beyond 50 ms.
 */
function loadFigures(perf) {
  const tasks = perf.longTasks.filter((task) => task.startTime < perf.settledAt);
  const blocking = (task) =>
    Math.max(0, task.startTime + task.duration - Math.max(task.startTime, perf.fcp) - BLOCKING_MS);
  return {
    fcpMs: round(perf.fcp),
    hydratedMs: round(perf.hydratedAt),
    settledMs: round(perf.settledAt),
    longestTaskMs: round(Math.max(0, ...tasks.map((task) => task.duration))),
    tbtMs: round(tasks.reduce((sum, task) => sum + blocking(task), 0)),
    longTasks: tasks.map((task) => [round(task.startTime), round(task.duration)]),
  };
}

/**
 * One keystroke run: focus at the first paint, type TYPED from TYPE_AFTER_FCP_MS after it, read
 * the field once hydrated and settled. The keystrokes' latency is their worst interaction
 * (Event Timing entries grouped by interactionId, the longest entry counts, as INP does); none
 * reported means each was under the 16 ms threshold, counted as 16.
 */
async function keystrokeOnce(browser, url) {
  let firstPaint;
  const reportedAfterMs = new Promise((resolve) => {
    firstPaint = resolve;
  });
  const { page, cdp, close } = await throttledPage(browser, [FOCUS_AT_FIRST_PAINT]);
  try {
    // A bare CDP binding: Playwright's exposeBinding answers through the page, later.
    cdp.on('Runtime.bindingCalled', ({ name, payload }) => {
      if (name === '__benchFirstPaint') firstPaint(Number(payload));
    });
    await cdp.send('Runtime.enable');
    await cdp.send('Runtime.addBinding', { name: '__benchFirstPaint' });
    const loaded = page.goto(url, { waitUntil: 'load' });
    // The first key at TYPE_AFTER_FCP_MS after the paint, or at once if the report came later;
    // Node's own timer and bare CDP key events, which add the least on the way.
    await sleep(Math.max(0, TYPE_AFTER_FCP_MS - (await reportedAfterMs)));
    for (const key of TYPED) {
      const code = `Key${key.toUpperCase()}`;
      const windowsVirtualKeyCode = key.toUpperCase().charCodeAt(0);
      await cdp.send('Input.dispatchKeyEvent', {
        type: 'keyDown',
        key,
        code,
        text: key,
        windowsVirtualKeyCode,
      });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, code, windowsVirtualKeyCode });
    }
    await loaded;
    await settled(page);
    const { perf, value, fcp } = await page.evaluate(() => ({
      perf: window.__perf,
      value: document.getElementById('field-first_name')?.value,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    }));
    const keys = new Map();
    for (const event of perf.events) {
      if (!event.interactionId || !event.name.startsWith('key')) continue;
      const known = keys.get(event.interactionId);
      if (!known || event.duration > known.duration) keys.set(event.interactionId, event);
    }
    const worst = [...keys.values()].sort((a, b) => b.duration - a.duration)[0];
    const firstKey = perf.keydowns[0];
    return {
      worstKeystrokeMs: worst ? round(worst.duration) : 16,
      underThreshold: !worst,
      worst: worst
        ? {
            name: worst.name,
            inputDelayMs: round(worst.inputDelay),
            processingMs: round(worst.processing),
          }
        : null,
      keydowns: perf.keydowns.length,
      firstKeyAfterFcpMs: round(firstKey - fcp),
      // The paint is reported (and boot.ts starts loading the app) this long after it happened.
      fcpReportedAfterMs: round(perf.firstPaintSeenAt - fcp),
      hydratedAfterFcpMs: round(perf.hydratedAt - fcp),
      // The key arrived before the page had hydrated: it was typed into the prerendered form.
      whileHydrating: firstKey < perf.hydratedAt,
      value,
      survived: value === TYPED,
    };
  } finally {
    await close();
  }
}

/**
 * `measure(language, page name)` `runs` times for ours and the floor in every language; each
 * leads in turn. Per language, the lists of ours and of the floor.
 */
async function interleaved(runs, measure) {
  const each = LANGUAGES.flatMap((language) =>
    ['ours', 'reactAlone'].map((name) => [language, name]),
  );
  const results = Object.fromEntries(
    LANGUAGES.map((language) => [language, { ours: [], reactAlone: [] }]),
  );
  for (let n = 0; n < runs; n++)
    for (const [language, name] of inTurn(each, n))
      results[language][name].push(await measure(language, name));
  return results;
}

const loadMedians = (list) => ({
  longestTaskMs: round(median(list.map((run) => run.longestTaskMs))),
  tbtMs: round(median(list.map((run) => run.tbtMs))),
  fcpMs: round(median(list.map((run) => run.fcpMs))),
  hydratedMs: round(median(list.map((run) => run.hydratedMs))),
  settledMs: round(median(list.map((run) => run.settledMs))),
});

const keystrokeSummary = (list) => ({
  worstKeystrokeMs: round(median(list.map((run) => run.worstKeystrokeMs))),
  slowestRunMs: Math.max(...list.map((run) => run.worstKeystrokeMs)),
  firstKeyAfterFcpMs: round(median(list.map((run) => run.firstKeyAfterFcpMs))),
  allSurvived: list.every((run) => run.survived),
  allWhileHydrating: list.every((run) => run.whileHydrating),
});

/** One language's figures from its loads and keystroke runs (ours and the floor). */
function languageFigures(load, keystroke) {
  const ours = loadMedians(load.ours);
  const reactAlone = loadMedians(load.reactAlone);
  return {
    load: {
      ours,
      reactAlone,
      longestTaskRatio: ratio(ours.longestTaskMs, reactAlone.longestTaskMs),
      // The target: ≤ 1.25 × the floor's longest task, or ≤ 50 ms if that is larger.
      longestTaskTargetMs: round(Math.max(1.25 * reactAlone.longestTaskMs, BLOCKING_MS)),
      raw: load,
    },
    keystroke: {
      typed: TYPED,
      afterFcpMs: TYPE_AFTER_FCP_MS,
      ours: keystrokeSummary(keystroke.ours),
      reactAlone: keystrokeSummary(keystroke.reactAlone),
      raw: keystroke,
    },
  };
}

export async function benchHydration({ quick }) {
  // The floor's own longest task moved by ±30 % between loads on a busy machine: 9 loads a side
  // keep the ratio of medians steadier than 5 did.
  const runs = quick ? 2 : 9;
  const server = await serveWithFloors();
  const { url } = server;
  let browser;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });

    const load = await interleaved(runs, async (language, name) => {
      const { page, close } = await throttledPage(browser);
      try {
        return loadFigures(await loadAndSettle(page, url(language, name)));
      } finally {
        await close();
      }
    });
    const keystroke = await interleaved(runs, (language, name) =>
      keystrokeOnce(browser, url(language, name)),
    );

    const profile = await profileHydration({
      url: url('en', 'ours'),
      runs: quick ? 1 : 3,
      webRoot: server.webRoot,
      openPage: (initScripts) => throttledPage(browser, initScripts),
      settled,
    });

    return {
      cpuThrottling: CPU_THROTTLING,
      runs,
      settleMs: SETTLE_MS,
      languages: Object.fromEntries(
        LANGUAGES.map((language) => [
          language,
          languageFigures(load[language], keystroke[language]),
        ]),
      ),
      profile: { language: 'en', ...profile },
    };
  } finally {
    await browser?.close();
    await server.stop();
  }
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  const result = await benchHydration({ quick: process.argv.includes('--quick') });
  const withoutRaw = (key, value) => (key === 'raw' ? undefined : value);
  console.log(JSON.stringify(result.languages, withoutRaw, 2));
  console.log(result.profile.table);
  process.exit(0);
}
