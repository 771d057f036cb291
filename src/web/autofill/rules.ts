// The reading rules that can be turned off one by one, for test/resume-corpus.test.ts to show what
// each does on each source of real resumes (docs/autofill.md, "Judging a rule"): a rule that only
// helps the file it was written for is no rule. Each module names its rules with rule(); the
// extraction asks ruleOn() where the rule decides. Nothing in production turns a rule off.

interface Rule {
  id: string;
  /** Where it decides: in a reader, as the document is made, or in the extraction from it. */
  stage: 'reader' | 'extraction';
}

const registered = new Map<string, Rule>();
const off = new Set<string>();
/** The rules ruleOn() was asked about inside rulesAsked(), if inside it. */
let asked: Set<string> | undefined;

/**
 * Registers a rule (at module load) and returns its id, for ruleOn(). What it does is said in a
 * comment above it and in docs/autofill.md, which names every rule.
 */
export function rule(id: string, stage: Rule['stage'] = 'extraction'): string {
  registered.set(id, { id, stage });
  return id;
}

/** Whether a rule applies: always, except inside withRulesOff() naming it. */
export function ruleOn(id: string): boolean {
  asked?.add(id);
  return !off.has(id);
}

/**
 * The rules registered so far.
 * @internal The corpus test lists them.
 */
export const rules = (): Rule[] => [...registered.values()];

/**
 * `run()` with the rules `ids` turned off, and back on after it, even if it throws. The
 * extraction is synchronous, so nothing else runs in between.
 * @internal The corpus test and the rules' own tests use it.
 */
export function withRulesOff<T>(ids: readonly string[], run: () => T): T {
  const added = ids.filter((id) => !off.has(id));
  for (const id of added) off.add(id);
  try {
    return run();
  } finally {
    for (const id of added) off.delete(id);
  }
}

/**
 * `run()`'s result and the rules it asked ruleOn() about. A rule it never asked about cannot
 * change what it returns: the extraction is deterministic, so with that rule off it takes the
 * same path. The corpus test re-runs a file with a rule off only where the rule was asked.
 * @internal The corpus test uses it.
 */
export function rulesAsked<T>(run: () => T): { result: T; asked: ReadonlySet<string> } {
  const outer = asked;
  const mine = new Set<string>();
  asked = mine;
  try {
    return { result: run(), asked: mine };
  } finally {
    asked = outer;
    for (const id of mine) outer?.add(id);
  }
}

/** A stage's result kept from a run with every rule on: what it was made from, what it asked. */
interface Kept {
  inputs: readonly unknown[];
  result: unknown;
  asked: ReadonlySet<string>;
}

/** How keepingStages() compares and keeps results. */
interface Keeping {
  /** Whether two results of a stage are the same (the corpus test gives Node's deep equality). */
  same: (one: unknown, other: unknown) => boolean;
  /** Called on each result kept: the corpus test freezes it, so that a change to it throws. */
  keep: (result: unknown) => void;
}

/** Inside keepingStages(), how; outside, undefined. */
let keeping: Keeping | undefined;
/** What stage() keeps, by document (the lines the extraction was given) and stage. */
const kept = new WeakMap<object, Map<string, Kept>>();

/**
 * One stage of the extraction of `document` (the sections, the contact block, the title, …):
 * `run()`, whose result depends on the document, the values in `inputs` (the earlier stages'
 * results it reads) and the rules only. Inside keepingStages(), a result made with every rule on
 * is kept, and a later run of the stage on the same document gives it back while its inputs are
 * the same values (an earlier stage's result is the same object when that stage was kept too) and
 * none of the rules it asked about is off: it would take the same path again. The corpus test
 * turns one rule off at a time, so only the stages that rule decides in run again. A kept result
 * is shared, so nothing may change it. Outside keepingStages() it is `run()`.
 */
export function stage<T>(
  name: string,
  document: object,
  inputs: readonly unknown[],
  run: () => T,
): T {
  if (keeping === undefined) return run();
  const stages = kept.get(document) ?? new Map<string, Kept>();
  kept.set(document, stages);
  const before = stages.get(name);
  const reusable =
    before !== undefined &&
    before.inputs.length === inputs.length &&
    before.inputs.every((input, index) => Object.is(input, inputs[index])) &&
    ![...before.asked].some((id) => off.has(id));
  if (reusable) {
    for (const id of before.asked) asked?.add(id);
    return before.result as T;
  }
  const { result, asked: now } = rulesAsked(run);
  if (off.size === 0) {
    keeping.keep(result);
    stages.set(name, { inputs, result, asked: now });
  }
  // Made again alike (a rule off that changed nothing here), the kept result stands in, so that
  // the stages after this one are kept too.
  else if (before !== undefined && keeping.same(result, before.result)) return before.result as T;
  return result;
}

/**
 * `run()` with the extraction's stages kept for the runs after it, and reused (stage()).
 * @internal The corpus test uses it.
 */
export function keepingStages<T>(
  run: () => T,
  how: Keeping = { same: Object.is, keep: () => undefined },
): T {
  const outer = keeping;
  keeping = how;
  try {
    return run();
  } finally {
    keeping = outer;
  }
}
