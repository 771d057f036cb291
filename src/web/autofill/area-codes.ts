/**
 * The North American plan's area codes in service, 200 to 999, one bit each: bit `i % 8` of byte
 * `i >> 3` is area code `200 + i`. They are the area codes of which libphonenumber's full
 * metadata holds a valid number, in the United States, Canada or the Caribbean; 976, 552 and
 * any code not yet given out hold none. `area-codes.test.ts` makes the bits again from
 * libphonenumber-js (a dev dependency, its version pinned) and holds these to them.
 */
const IN_SERVICE =
  '/vefv5xFf9N5lxoC4H//+167zge7A1AGAP73j9NtrwWEcc8RAPB///9/OJGg3vx6HwD/99/0kuMOf+lBXwLgP//zXdYYZq3+fA8A//c/9su5x99/8wAB8H//IU//upUAvJwnAA==';

let bits: Uint8Array | undefined;

/**
 * The plan's code for numbers in fiction and examples: a resume written from a template holds
 * it (`(555) 234-5678`), and a reader is right to fill it as written.
 */
const EXAMPLES = '555';

/** Whether a three-digit area code is in service in the North American plan, or its examples'. */
export function inService(area: string): boolean {
  if (area === EXAMPLES) return true;
  if (!/^[2-9]\d\d$/.test(area)) return false;
  bits ??= Uint8Array.from(atob(IN_SERVICE), (char) => char.charCodeAt(0));
  const index = Number(area) - 200;
  return ((bits[index >> 3] ?? 0) & (1 << (index & 7))) !== 0;
}
