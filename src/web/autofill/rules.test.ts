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

  it('are asked about by no one outside rulesAsked, even after it throws', () => {
    expect(() =>
      rulesAsked(() => {
        throw new Error('inside');
      }),
    ).toThrow('inside');
    const after = rulesAsked(() => undefined);
    ruleOn(id);
    expect(after.asked).toEqual(new Set());
  });
});
