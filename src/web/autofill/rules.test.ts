import { describe, expect, it } from 'vitest';
import { rule, ruleOn, rules, withRulesOff } from './rules.ts';

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
});
