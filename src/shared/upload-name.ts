// The unique name the browser sends with an upload (spec §7.1): timestamp, random string and
// the original name. The server treats it as a hint only (DESIGN §3).
import type { RandomSource } from './random-data.ts';

export function uploadFilename(originalName: string, now: number, random: RandomSource): string {
  const token = Math.floor(random() * 36 ** 8)
    .toString(36)
    .padStart(8, '0');
  return `${now}-${token}-${originalName}`;
}
