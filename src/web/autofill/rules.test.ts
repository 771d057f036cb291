import { describe, expect, it } from 'vitest';
import { keepingStages, rule, ruleOn, rules, rulesAsked, stage, withRulesOff } from './rules.ts';

describe('rules that can be turned off', () => {
  const id = rule('test-rule');

  it('are on unless turned off, and listed once registered', () => {
    expect(ruleOn(id)).toBe(true);
    expect(rules()).toContainEqual({
      id: 'test-rule',
      stage: 'extraction',
    });
  });

  it('are off inside withRulesOff only, and back on after it throws', () => {
    expect(withRulesOff([id], () => ruleOn(id))).toBe(false);
    expect(ruleOn(id)).toBe(true);
    expect(() =>
      withRulesOff([id], () => {
        throw new Error('inside');
      }),
    ).toThrow('inside');
    expect(ruleOn(id)).toBe(true);
  });

  it('stay off when an outer withRulesOff turned them off first', () => {
    withRulesOff([id], () => {
      withRulesOff([id], () => undefined);
      expect(ruleOn(id)).toBe(false);
    });
    expect(ruleOn(id)).toBe(true);
  });

  it('tell which were asked about inside rulesAsked, an inner run’s to the outer run too', () => {
    const other = rule('test-other-rule');
    const outer = rulesAsked(() => {
      const inner = rulesAsked(() => ruleOn(other));
      expect(inner).toEqual({ result: true, asked: new Set([other]) });
      return withRulesOff([id], () => ruleOn(id));
    });
    expect(outer).toEqual({ result: false, asked: new Set([other, id]) });
    expect(rulesAsked(() => 'none asked')).toEqual({ result: 'none asked', asked: new Set() });
  });

  it('are noted by the run around rulesAsked again once an inner run throws', () => {
    // Were the inner run's set left in place, the outer run would not see this ruleOn().
    const outer = rulesAsked(() => {
      expect(() =>
        rulesAsked(() => {
          throw new Error('inside');
        }),
      ).toThrow('inside');
      return ruleOn(id);
    });
    expect(outer).toEqual({ result: true, asked: new Set([id]) });
  });
});

describe('stages of the extraction kept across runs', () => {
  const asked = rule('test-stage-asked');
  const other = rule('test-stage-other');
  /** A stage that counts its runs and asks about `asked`: its result is a new object each run. */
  function counted() {
    let runs = 0;
    const run = (document: object, inputs: readonly unknown[] = []) =>
      stage('counted', document, inputs, () => {
        runs++;
        return { on: ruleOn(asked) };
      });
    return { run, runs: () => runs };
  }

  it('run every time outside keepingStages', () => {
    const { run, runs } = counted();
    const document = {};
    expect(run(document)).not.toBe(run(document));
    expect(runs()).toBe(2);
  });

  it('give the kept result back while no rule it asked about is off and its inputs are the same', () => {
    const { run, runs } = counted();
    const document = {};
    const input = { sections: 1 };
    keepingStages(() => {
      const first = run(document, [input, 'jo@example.com']);
      expect(run(document, [input, 'jo@example.com'])).toBe(first);
      expect(withRulesOff([other], () => run(document, [input, 'jo@example.com']))).toBe(first);
      expect(runs()).toBe(1);
      // Another document, other inputs, or the rule it asked about off: it runs again.
      expect(run({}, [input, 'jo@example.com'])).not.toBe(first);
      expect(run(document, [{ sections: 1 }, 'jo@example.com'])).not.toBe(first);
      expect(run(document, [input, 'al@example.com'])).not.toBe(first);
      expect(withRulesOff([asked], () => run(document, [input, 'jo@example.com']))).toEqual({
        on: false,
      });
      expect(runs()).toBe(5);
    });
  });

  it('keep only results made with every rule on, and call keep on each', () => {
    const { run, runs } = counted();
    const document = {};
    const keep: unknown[] = [];
    keepingStages(
      () => {
        const off = withRulesOff([other], () => run(document));
        expect(run(document)).not.toBe(off);
        expect(run(document)).toEqual({ on: true });
      },
      { same: Object.is, keep: (result) => keep.push(result) },
    );
    expect(runs()).toBe(2);
    expect(keep).toEqual([{ on: true }]);
  });

  it('give the kept result back where a run with a rule off makes the same one, by `same`', () => {
    const document = {};
    const made = (on: boolean) =>
      stage('alike', document, [], () => (ruleOn(asked) || on ? ['Go', 'SQL'] : ['Go']));
    keepingStages(
      () => {
        const first = made(false);
        expect(withRulesOff([asked], () => made(true))).toBe(first);
        expect(withRulesOff([asked], () => made(false))).toEqual(['Go']);
      },
      {
        same: (one, other) => JSON.stringify(one) === JSON.stringify(other),
        keep: () => undefined,
      },
    );
  });

  it('tell the run around them the rules a kept result asked about', () => {
    const { run } = counted();
    const document = {};
    keepingStages(() => {
      run(document);
      expect(rulesAsked(() => run(document))).toEqual({
        result: { on: true },
        asked: new Set([asked]),
      });
    });
  });
});
