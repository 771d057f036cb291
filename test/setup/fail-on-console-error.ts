// An unexpected console.error fails the test that caused it (STYLE §10).
import { afterEach, vi } from 'vitest';

let errors: unknown[][] = [];
const original = console.error;

console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  const seen = errors;
  errors = [];
  vi.restoreAllMocks();
  if (seen.length > 0) {
    throw new Error(`Unexpected console.error: ${seen.map((a) => a.join(' ')).join('\n')}`);
  }
});
