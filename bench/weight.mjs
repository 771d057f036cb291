// The JavaScript a phone downloads on load, without any interaction (what `npm run size` holds
// to its budget), from the production build.
import { fetched, weigh } from '../scripts/weight.mjs';

export async function benchWeight() {
  const { load, firstInput } = await fetched();
  return {
    loadRequests: load.length,
    loadGzipBytes: (await weigh(load)).gzip,
    firstInputGzipBytes: (await weigh(firstInput)).gzip,
  };
}
