// The JavaScript a phone downloads on load, without any interaction (what `npm run size` holds
// to its budget), from the production build.
import { fetchedScripts, measure } from '../scripts/weigh.mjs';

export async function benchWeight() {
  const { load, firstInput } = await fetchedScripts();
  const sum = async (files) =>
    (await Promise.all(files.map((file) => measure(file)))).reduce((n, s) => n + s.gzip, 0);
  return {
    loadRequests: load.length,
    loadGzipBytes: await sum(load),
    firstInputGzipBytes: await sum(firstInput),
  };
}
