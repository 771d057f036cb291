// @vitest-environment happy-dom
import { act, cleanup, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INITIAL_VALUES } from '../../shared/constants.ts';
import { FIELD_MESSAGES, LOADING_TOASTS } from '../../shared/messages.ts';
import type { FormValues } from '../../shared/schema.ts';
import { SELECT_RESUME_ID } from '../fields/fields.tsx';
import { attachResume } from '../resume.ts';
import { Toaster } from '../toast/index.ts';
import { useWizardForm } from './form.ts';
import { type StepCode, useSteps } from './useSteps.ts';

const PERSONAL = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  password: 'correct-horse',
  zip_code: '10001',
};

/** The toasts beside the hook, as the app shows them. */
const withToaster = ({ children }: { children: ReactNode }) => (
  <>
    {children}
    <Toaster />
  </>
);

function renderWizard(values: Partial<FormValues> = {}, stepCode?: StepCode) {
  const { result } = renderHook(
    () => {
      const form = useWizardForm();
      return { form, steps: useSteps(form, stepCode) };
    },
    { wrapper: withToaster },
  );
  act(() => result.current.form.reset({ ...INITIAL_VALUES, ...values }));
  // The step's heading, which the step moved to focuses (App renders it with this ref).
  const heading = document.createElement('h2');
  heading.tabIndex = -1;
  heading.scrollIntoView = vi.fn();
  document.body.append(heading);
  result.current.steps.headingRef.current = heading;
  return result;
}

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});

const targets = (wizard: ReturnType<typeof renderWizard>) =>
  wizard.current.steps.summary.map((item) => item.target);

describe('the steps gate', () => {
  it('moves forward when every step before the target passes', async () => {
    const wizard = renderWizard(PERSONAL);
    await act(() => wizard.current.steps.goToStep(2));
    expect(wizard.current.steps.step).toBe(2);
    expect(wizard.current.steps.summary).toEqual([]);
  });

  it('stops at the first invalid step and lists its errors in field order', async () => {
    const wizard = renderWizard({ salary_max: 5 });
    await act(() => wizard.current.steps.goToStep(2));
    expect(wizard.current.steps.step).toBe(0);
    expect(targets(wizard)).toEqual([
      'field-first_name',
      'field-last_name',
      'field-email',
      'field-password',
      'field-zip_code',
    ]);
    // Only the steps the gate went through are checked: step 2 shows nothing yet.
    expect(wizard.current.form.getFieldState('salary_max').error).toBeUndefined();
  });

  it('always lets the candidate go back, without a summary', async () => {
    const wizard = renderWizard();
    act(() => wizard.current.steps.setStep(2));
    await act(() => wizard.current.steps.goToStep(0));
    expect(wizard.current.steps.step).toBe(0);
    expect(wizard.current.steps.summary).toEqual([]);
  });

  it('clears an error the server gave a field of a step it lets through', async () => {
    const wizard = renderWizard(PERSONAL);
    act(() =>
      wizard.current.form.setError('email', { type: 'server', message: 'Email is banned' }),
    );
    await act(() => wizard.current.steps.goToStep(1));
    expect(wizard.current.steps.step).toBe(1);
    expect(wizard.current.form.getFieldState('email').error).toBeUndefined();
  });

  it('stops at the salary order even when a missing resume hides it from the form-wide check', async () => {
    const wizard = renderWizard({ ...PERSONAL, salary_max: 5, resume: null });
    await act(() => wizard.current.steps.goToStep(2));
    expect(wizard.current.steps.step).toBe(1);
    expect(wizard.current.steps.summary).toEqual([
      { target: 'field-salary_max', message: FIELD_MESSAGES.salaryOrder },
    ]);
    expect(wizard.current.form.getFieldState('salary_max').error?.message).toBe(
      FIELD_MESSAGES.salaryOrder,
    );
  });

  it('shows the first invalid step after a refused submit', async () => {
    const wizard = renderWizard({ ...PERSONAL, salary_min: -1 });
    act(() => wizard.current.steps.setStep(2));
    await act(() => wizard.current.form.trigger());
    await act(() => wizard.current.steps.showFirstInvalidStep());
    expect(wizard.current.steps.step).toBe(1);
    expect(wizard.current.steps.summary).toEqual([
      { target: 'field-salary_min', message: FIELD_MESSAGES.notNegative },
    ]);
  });

  it('stops a refused submit without a resume on the resume step, linking to Select Resume', async () => {
    const wizard = renderWizard({ ...PERSONAL, resume: null });
    act(() => wizard.current.steps.setStep(2));
    await act(() => wizard.current.form.trigger());
    await act(() => wizard.current.steps.showFirstInvalidStep());
    expect(wizard.current.steps.step).toBe(2);
    expect(wizard.current.steps.summary).toEqual([
      { target: SELECT_RESUME_ID, message: FIELD_MESSAGES.resumeMissing },
    ]);
    expect(wizard.current.form.getFieldState('resume').error?.message).toBe(
      FIELD_MESSAGES.resumeMissing,
    );
  });

  it('holds the resume’s message back while a step before it is invalid', async () => {
    const wizard = renderWizard({ resume: null });
    act(() => wizard.current.steps.setStep(2));
    await act(() => wizard.current.form.trigger());
    await act(() => wizard.current.steps.showFirstInvalidStep());
    expect(wizard.current.steps.step).toBe(0);
    expect(wizard.current.form.getFieldState('resume').error).toBeUndefined();
  });
});

describe('the error summary as errors are fixed (issue 44, point 9)', () => {
  it('loses the resume’s entry once a resume is attached, and goes, without moving the focus', async () => {
    const wizard = renderWizard({ ...PERSONAL, resume: null });
    act(() => wizard.current.steps.setStep(2));
    await act(() => wizard.current.form.trigger());
    await act(() => wizard.current.steps.showFirstInvalidStep());
    expect(wizard.current.steps.summary).toEqual([
      { target: SELECT_RESUME_ID, message: FIELD_MESSAGES.resumeMissing },
    ]);
    // The candidate went to the link field and added a link there.
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    act(() => attachResume(wizard.current.form, { url: 'https://example.com/cv.pdf' }));
    expect(wizard.current.steps.summary).toEqual([]);
    expect(document.activeElement).toBe(input);
  });

  it('loses the entry of a field that passes its check again, and keeps the others in order', async () => {
    const wizard = renderWizard({ ...PERSONAL, first_name: '', email: 'not-an-email' });
    await act(() => wizard.current.steps.goToStep(1));
    expect(targets(wizard)).toEqual(['field-first_name', 'field-email']);
    act(() => wizard.current.form.setValue('email', 'ada@example.com'));
    await act(() => wizard.current.form.trigger('email'));
    expect(wizard.current.steps.summary).toEqual([
      { target: 'field-first_name', message: FIELD_MESSAGES.firstName },
    ]);
  });
});

describe('arriving on a step', () => {
  const heading = () => document.querySelector('h2');

  it.each([
    ['Next Step', 0, 1],
    ['the step list, forward', 0, 2],
    ['Back', 2, 1],
    ['the step list, back', 2, 0],
  ])('%s focuses the heading of the step it shows', async (_move, from, to) => {
    const wizard = renderWizard(PERSONAL);
    act(() => wizard.current.steps.setStep(from));
    expect(document.activeElement).not.toBe(heading());
    await act(() => wizard.current.steps.goToStep(to));
    expect(wizard.current.steps.step).toBe(to);
    expect(document.activeElement).toBe(heading());
  });

  it('moves no focus for a step restored from the draft, nor for the step already shown', async () => {
    const wizard = renderWizard(PERSONAL);
    act(() => wizard.current.steps.setStep(2));
    expect(document.activeElement).not.toBe(heading());
    await act(() => wizard.current.steps.goToStep(2));
    expect(document.activeElement).not.toBe(heading());
  });

  it('leaves the focus to the error summary when a step is refused', async () => {
    const wizard = renderWizard();
    await act(() => wizard.current.steps.goToStep(1));
    expect(wizard.current.steps.step).toBe(0);
    expect(document.activeElement).not.toBe(heading());
  });
});

describe('code a move waits for', () => {
  it('says when it did not download, stays with every value, and the next press moves on', async () => {
    let failures = 1;
    const load = vi.fn(() =>
      failures-- > 0 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(),
    );
    const wizard = renderWizard(PERSONAL, (target) => (target === 2 ? load() : null));
    await act(() => wizard.current.steps.goToStep(1));
    await act(() => wizard.current.steps.goToStep(2));
    expect(wizard.current.steps.step).toBe(1);
    expect(wizard.current.steps.moving).toBe(false);
    expect(await screen.findByText(LOADING_TOASTS.failed)).toBeTruthy();
    expect(wizard.current.form.getValues()).toMatchObject(PERSONAL);

    await act(() => wizard.current.steps.goToStep(2));
    expect(wizard.current.steps.step).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
