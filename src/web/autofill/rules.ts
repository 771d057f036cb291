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
