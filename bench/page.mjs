// Page: Lighthouse, mobile and desktop, on our page and on its physical floor (the same
// prerendered form without any JavaScript) served by the same server.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM, CHROMIUM_FLAGS, median, OUR_ENV, ROOT, round, startProcess } from './lib.mjs';

/** A copy of dist/web with floor.html: index.html without scripts or module preloads. */
async function webRootWithFloor() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-web-'));
  await cp(path.join(ROOT, 'dist/web'), dir, { recursive: true });
  const index = await readFile(path.join(dir, 'index.html'), 'utf8');
  const floor = index
    .replace(/<script type="module"[^>]*><\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
  await writeFile(path.join(dir, 'floor.html'), floor);
  await writeFile(path.join(dir, 'floor.html.br'), zlib.brotliCompressSync(floor));
  await writeFile(path.join(dir, 'floor.html.gz'), zlib.gzipSync(floor, { level: 9 }));
  return dir;
}

async function audit(url, preset) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const options = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    };
    const { lhr } = await lighthouse(
      url,
      options,
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const audits = lhr.audits;
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
      fcpMs: audits['first-contentful-paint'].numericValue,
      lcpMs: audits['largest-contentful-paint'].numericValue,
      tbtMs: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      totalBytes: audits['total-byte-weight'].numericValue,
    };
  } finally {
    await chrome.kill();
  }
}

function medians(runs) {
  const keys = Object.keys(runs[0]);
  return Object.fromEntries(
    keys.map((key) => [key, round(median(runs.map((run) => run[key])), key === 'cls' ? 3 : 0)]),
  );
}

export async function benchPage({ quick }) {
  const webRoot = await webRootWithFloor();
  const server = await startProcess('bench/serve-web-root.mjs', {
    env: { ...OUR_ENV, WEB_ROOT: webRoot },
  });
  const presets = quick ? ['mobile'] : ['mobile', 'desktop'];
  const runs = quick ? 1 : 3;
  const result = {};
  try {
    for (const preset of presets) {
      const ours = [];
      const floor = [];
      for (let n = 0; n < runs; n++) {
        ours.push(await audit(`${server.base}/`, preset));
        floor.push(await audit(`${server.base}/floor.html`, preset));
      }
      const summary = { ours: medians(ours), floor: medians(floor) };
      summary.lcpRatio = round(summary.ours.lcpMs / summary.floor.lcpMs, 2);
      result[preset] = summary;
    }
  } finally {
    await server.stop();
    await rm(webRoot, { recursive: true, force: true });
  }
  return result;
}
