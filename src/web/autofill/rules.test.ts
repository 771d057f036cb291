import { describe, expect, it } from 'vitest';
import { rule, ruleOn, rules, rulesAsked, withRulesOff } from './rules.ts';

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
