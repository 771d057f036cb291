// Every regular expression of src/shared, src/server and src/web/autofill (which reads resumes), and every pattern the shared schemas
// run (zod's own email and date-time patterns included), cannot backtrack: recheck's analysis
// calls each one safe, and each that its automaton analysis cannot prove linear (only fuzzed)
// runs in a few milliseconds on adversarial inputs at the longest length that can reach a
// pattern (Node's 16 KiB of headers; every text field of a body is capped lower, at
// MAX_LENGTHS). A quadratic pattern takes from a tenth of a second to seconds on these inputs.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { registrationRequestSchema } from '../src/server/registration/request-schema.ts';
import { formSchema } from '../src/shared/schema.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE_DIRS = ['src/shared', 'src/server', 'src/web/autofill'];
/** Node's limit for all headers of a request; every text field of a body is capped lower. */
const INPUT_LENGTH = 16 * 1024;
const BUDGET_MS = 5;

interface Pattern {
  where: string;
  regex: RegExp;
}

function sourceFiles(): string[] {
  return SOURCE_DIRS.flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => path.join(dir, file)),
  );
}

/** Every regular-expression literal of a source file, and every RegExp built at run time. */
function literalsOf(file: string): { patterns: Pattern[]; constructed: string[] } {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const patterns: Pattern[] = [];
  const constructed: string[] = [];
  const where = (node: ts.Node) =>
    `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText(source);
      const slash = literal.lastIndexOf('/');
      patterns.push({
        where: `${where(node)} ${literal}`,
        regex: new RegExp(literal.slice(1, slash), literal.slice(slash + 1)),
      });
    }
    if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      node.expression.getText(source) === 'RegExp'
    ) {
      constructed.push(where(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { patterns, constructed };
}

type ZodNode = { _zod?: { def?: Record<string, unknown> } };

/** The patterns a zod schema runs, its checks' and its children's, library ones included. */
function zodPatterns(schema: unknown, where: string, seen = new Set<unknown>()): Pattern[] {
  const def = (schema as ZodNode | null)?._zod?.def;
  if (!def || seen.has(schema)) return [];
  seen.add(schema);
  const found: Pattern[] = [];
  if (def.pattern instanceof RegExp) found.push({ where, regex: def.pattern });
  const children: [string, unknown][] = [
    ...Object.entries((def.shape as Record<string, unknown>) ?? {}),
    ...((def.checks as unknown[]) ?? []).map((check) => ['check', check] as [string, unknown]),
    ...((def.options as unknown[]) ?? []).map((option) => ['option', option] as [string, unknown]),
    ['inner', def.innerType],
    ['element', def.element],
    ['left', def.left],
    ['right', def.right],
  ];
  for (const [key, child] of children) {
    found.push(...zodPatterns(child, `${where}.${key}`, seen));
  }
  return found;
}

const literals = sourceFiles().map(literalsOf);
const PATTERNS: Pattern[] = [
  ...literals.flatMap((file) => file.patterns),
  ...zodPatterns(formSchema, 'formSchema'),
  ...zodPatterns(registrationRequestSchema, 'registrationRequestSchema'),
];

/** Runs a pattern the way the code does: a test, or a scan for every match when global. */
function run(regex: RegExp, input: string) {
  regex.lastIndex = 0;
  if (regex.global) input.replace(regex, '');
  else regex.test(input);
}

/** Runs of what the patterns here look for, each closed by something that spoils a match. */
const PUMPS = [
  'a',
  'Z',
  '0',
  '.',
  '@',
  '-',
  '_',
  '/',
  '\\',
  ':',
  '+',
  '=',
  '%',
  ' ',
  '\t',
  ',',
  '"',
  'é',
  '\u0301',
  '😀',
  '\u0000',
  'a.',
  'a@',
  '@.',
  '.a',
  'a-',
  '-a',
  '0.',
  '//',
  'www.',
  '.com',
  'YZ+',
  'a:/',
  'a/a',
  '\\p',
  'pdf.',
  'a.pdf',
  '12345',
  '1-',
  '2024-01-01T00:00:00',
];
const PREFIXES = ['', 'a@', 'https://', `${'1'.repeat(13)}-`];
const SUFFIXES = ['', '!', '@', '\n'];

function* adversarialInputs(): Generator<string> {
  for (const pump of PUMPS) {
    const run = pump.repeat(Math.ceil(INPUT_LENGTH / pump.length));
    for (const prefix of PREFIXES) {
      for (const suffix of SUFFIXES) yield `${prefix}${run}${suffix}`;
    }
  }
}

/** The best of three runs of `work`, so that a pause elsewhere does not count. */
function bestOfThree(work: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 3 && best > BUDGET_MS / 10; attempt++) {
    const start = performance.now();
    work();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/** How many bare scans of its input a linear global pattern may take. */
const SCAN_FACTOR = 4;
/** Replacing every character: the most work a linear global pattern can be asked for. */
const EVERY_CHARACTER = /[\s\S]/g;

/**
 * The input on which the pattern runs longest past its budget: a few milliseconds, plus, for
 * a global pattern, four times what replacing every character of that input takes on this
 * machine now (a linear pattern that looks around at every position does a few times that work,
 * however loaded the machine: twice was passed by 0.01 ms in a CI run, on a lookbehind over a
 * line of emoji; a quadratic one takes a hundred times more).
 */
function worstCase(regex: RegExp): { ms: number; budget: number; input: string } {
  let worst = { ms: 0, budget: BUDGET_MS, input: '' };
  for (const input of adversarialInputs()) {
    const ms = bestOfThree(() => run(regex, input));
    if (ms <= BUDGET_MS) continue;
    const budget = regex.global
      ? BUDGET_MS + SCAN_FACTOR * bestOfThree(() => run(EVERY_CHARACTER, input))
      : BUDGET_MS;
    if (ms - budget > worst.ms - worst.budget) worst = { ms, budget, input };
  }
  return worst;
}

/** recheck's verdict on each pattern, worked out once (the first suite asks first). */
const verdicts = new Map<RegExp, ReturnType<typeof checkSync>>();
function verdictOf(regex: RegExp): ReturnType<typeof checkSync> {
  let verdict = verdicts.get(regex);
  if (!verdict) {
    // Limits in steps only, not in time: its default 1 s on an attack's matching (and 250 ms on
    // incubation) made a linear pattern "vulnerable" on a busy CI machine. The seed fixes the rest.
    verdict = checkSync(regex.source, regex.flags, {
      randomSeed: 1,
      timeout: 20_000,
      attackTimeout: null,
      incubationTimeout: null,
    });
    verdicts.set(regex, verdict);
  }
  return verdict;
}
/**
 * Proven by recheck's automaton analysis (not merely unbroken by its fuzzing) to run in linear
 * time or better: an outcome, so no clock is asked. Only the fuzzed patterns are timed.
 */
const proven = (verdict: ReturnType<typeof checkSync>) =>
  verdict.status === 'safe' && verdict.checker === 'automaton';

describe('the patterns of src/shared, src/server and src/web/autofill', () => {
  it('are all regular-expression literals, which this suite can find', () => {
    expect(literals.flatMap((file) => file.constructed)).toEqual([]);
    expect(PATTERNS.length).toBeGreaterThan(20);
  });

  it.each(PATTERNS.map((pattern) => [pattern.where, pattern.regex] as const))(
    '%s is called safe by recheck',
    (_where, regex) => {
      const diagnostics = verdictOf(regex);
      const attack = diagnostics.status === 'vulnerable' ? diagnostics.attack.pattern : null;
      expect({ status: diagnostics.status, attack }).toEqual({ status: 'safe', attack: null });
    },
  );

  it.for(PATTERNS.map((pattern) => [pattern.where, pattern.regex] as const))(
    `%s is proven linear, or runs in under ${BUDGET_MS} ms on every adversarial input of 16 KiB`,
    ([_where, regex], { skip }) => {
      if (proven(verdictOf(regex))) skip('proven linear by recheck’s automaton analysis');
      const { ms, budget, input } = worstCase(regex);
      expect(ms, `slowest on ${JSON.stringify(input.slice(0, 40))}…`).toBeLessThanOrEqual(budget);
    },
  );
});
