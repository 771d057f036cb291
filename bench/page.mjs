// Page: Lighthouse, mobile (default config, simulated throttling) and desktop (the desktop
// preset), on our page and on its physical floor (floor.html: the same prerendered form and
// CSS without any JavaScript), and on mobile also on the React-alone floor (react-alone.html:
// the same page hydrating one element of its own with React alone), in English and in Spanish,
// each language beside floors made from its own page, all served by the same production server
// code from the same web root (bench/web-root.mjs), runs interleaved.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM, CHROMIUM_FLAGS, inTurn, median, ratio, round } from './lib.mjs';
import { LANGUAGES, serveWithFloors } from './web-root.mjs';

const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  totalBytes: 'total-byte-weight',
};
const ATTEMPTS = 3;

/** One Lighthouse run in a fresh Chromium; null figures when Lighthouse could not measure. */
async function auditOnce(url, preset) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    };
    const { lhr } = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    const score = (id) =>
      typeof lhr.categories[id]?.score === 'number'
        ? Math.round(lhr.categories[id].score * 100)
        : null;
    const figures = {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
    };
    const problems = [];
    for (const [key, id] of Object.entries(METRICS)) {
      const value = lhr.audits[id]?.numericValue;
      figures[key] = typeof value === 'number' ? value : null;
      if (figures[key] === null)
        problems.push(`${id}: ${lhr.audits[id]?.errorMessage ?? 'missing'}`);
    }
    const failedAudits = Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null && a.score < 1 && ['binary', 'numeric'].includes(a.scoreDisplayMode),
      )
      .map((a) => a.id);
    return {
      ...figures,
      error: lhr.runtimeError?.message ?? (problems.length ? problems.join('; ') : null),
      lighthouseVersion: lhr.lighthouseVersion,
      benchmarkIndex: lhr.environment?.benchmarkIndex,
      failedAudits,
    };
  } finally {
    await chrome.kill();
  }
}

/** A run with every figure, retried when Lighthouse fails to measure (it happens under load). */
async function audit(url, preset) {
  const errors = [];
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const run = await auditOnce(url, preset);
    if (!run.error && run.performance !== null) return { ...run, attempts: attempt, errors };
    errors.push(run.error ?? 'no performance score');
  }
  return null;
}

function medians(runs) {
  if (runs.length === 0) return null;
  const keys = ['performance', 'accessibility', 'bestPractices', ...Object.keys(METRICS)];
  return Object.fromEntries(
    keys.map((key) => [key, round(median(runs.map((run) => run[key])), key === 'cls' ? 3 : 0)]),
  );
}

/**
 * Lighthouse runs a page, per preset. Mobile takes 5: issue 21 compares our TBT with the
 * React-alone floor's, whose single runs moved between 0 and 53 ms on this machine; with 3,
 * one lucky run of the floor decided the ratio.
 */
const RUNS = { mobile: 5, desktop: 3 };

export async function benchPage({ quick }) {
  const presets = quick ? ['mobile'] : ['mobile', 'desktop'];
  const result = {
    runs: quick ? { mobile: 1 } : RUNS,
    languages: Object.fromEntries(LANGUAGES.map((language) => [language, {}])),
  };
  const server = await serveWithFloors();
  try {
    for (const preset of presets) {
      const runs = quick ? 1 : RUNS[preset];
      // The React-alone floor is what issue 21's mobile TBT target compares with.
      const pages = preset === 'mobile' ? ['ours', 'floor', 'reactAlone'] : ['ours', 'floor'];
      const each = LANGUAGES.flatMap((language) => pages.map((name) => [language, name]));
      const raw = Object.fromEntries(
        LANGUAGES.map((language) => [
          language,
          Object.fromEntries(pages.map((name) => [name, []])),
        ]),
      );
      const failed = Object.fromEntries(LANGUAGES.map((language) => [language, 0]));
      for (let n = 0; n < runs; n++)
        for (const [language, name] of inTurn(each, n)) {
          const run = await audit(server.url(language, name), preset);
          if (run) raw[language][name].push(run);
          else failed[language]++;
        }
      for (const language of LANGUAGES) {
        const figures = Object.fromEntries(
          pages.map((name) => [name, medians(raw[language][name])]),
        );
        result.languages[language][preset] = {
          ...figures,
          lcpRatio: ratio(figures.ours?.lcpMs, figures.floor?.lcpMs),
          failedRuns: failed[language],
          raw: raw[language],
        };
      }
    }
  } finally {
    await server.stop();
  }
  return result;
}
