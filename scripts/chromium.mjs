// Debian's Chromium and the flags every run of it here needs (no sandbox as root, no calls
// home on a closed network): one list for the browser suite and the benchmarks.
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
