// Types of column-trap.mjs (plain ESM, so that the bench loads it with plain node).
import type { PlacedText } from '../../src/web/autofill/pdf-layout.ts';

export interface TrapShape {
  pages: number;
  rows: number;
  step: number;
  size: number;
}

export const COLUMN_TRAP_FIELDS: { first_name: string; last_name: string; email: string };
export function trapRow(y: number, shape?: Pick<TrapShape, 'step' | 'size'>): PlacedText[];
export function columnTrapPdf(shape?: TrapShape): Promise<Buffer>;
