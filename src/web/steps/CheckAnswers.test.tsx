// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INITIAL_VALUES } from '../../shared/constants.ts';
import type { FormValues } from '../../shared/schema.ts';
import { CheckAnswers, careerRows, personalRows } from './CheckAnswers.tsx';

const SECRET = 'correct-horse-battery';

const VALUES: FormValues = {
  ...INITIAL_VALUES,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  password: SECRET,
  phone: '+15551234567',
  zip_code: '10001',
  home_town: 'Boston',
  desired_job_title: 'Software Engineer',
  latest_job_title: 'Data Analyst',
  acceptable_job_types: ['Contract', 'Part Time'],
  education_level: 'Masters',
  work_experience: '3-5',
  key_skills: 'SQL, React',
};

const rowValue = (rows: { label: string; value: string }[], label: string) =>
  rows.find((row) => row.label === label)?.value;

afterEach(cleanup);

describe('personalRows', () => {
  it('shows the password as dots only, never the password itself', () => {
    const rows = personalRows(VALUES);
    expect(rowValue(rows, 'Password')).toBe('••••••••');
    expect(JSON.stringify(rows)).not.toContain(SECRET);
  });

  it('does not reveal the length of the password', () => {
    expect(rowValue(personalRows({ ...VALUES, password: '123456789012345678' }), 'Password')).toBe(
      '••••••••',
    );
  });

  it('lists the personal answers in order, with a dash for what is empty', () => {
    expect(personalRows(VALUES)).toEqual([
      { label: 'Name', value: 'Ada Lovelace' },
      { label: 'Email', value: 'ada@example.com' },
      { label: 'Password', value: '••••••••' },
      { label: 'Phone', value: '+15551234567' },
      { label: 'Zip Code', value: '10001' },
      { label: 'Home Town', value: 'Boston' },
    ]);
    expect(personalRows(INITIAL_VALUES)).toEqual([
      { label: 'Name', value: '—' },
      { label: 'Email', value: '—' },
      { label: 'Password', value: '—' },
      { label: 'Phone', value: '—' },
      { label: 'Zip Code', value: '—' },
      { label: 'Home Town', value: '—' },
    ]);
  });
});

describe('careerRows', () => {
  it('formats the initial salary range in dollars', () => {
    expect(rowValue(careerRows(INITIAL_VALUES), 'Salary')).toBe('$10,000 – $90,000');
  });

  it('shows the switches as Yes and No', () => {
    expect(rowValue(careerRows(INITIAL_VALUES), 'Relocate')).toBe('Yes');
    expect(rowValue(careerRows(INITIAL_VALUES), 'Driving License')).toBe('Yes');
    const off = careerRows({ ...INITIAL_VALUES, relocate: '0', driving_license: '0' });
    expect(rowValue(off, 'Relocate')).toBe('No');
    expect(rowValue(off, 'Driving License')).toBe('No');
  });

  it('shows each eligibility status by its label', () => {
    expect(rowValue(careerRows(INITIAL_VALUES), 'Eligibility')).toBe('Authorized for any employer');
    expect(
      rowValue(
        careerRows({ ...INITIAL_VALUES, eligibility_status: 'auth_current_employer' }),
        'Eligibility',
      ),
    ).toBe('Authorized for current employer only');
    expect(
      rowValue(
        careerRows({ ...INITIAL_VALUES, eligibility_status: 'auth_sponsorship' }),
        'Eligibility',
      ),
    ).toBe('Requires sponsorship');
  });

  it('says Permanent when no job type is chosen, as the submit will send', () => {
    expect(rowValue(careerRows(INITIAL_VALUES), 'Job Types')).toBe('Permanent');
  });

  it('lists the career answers in order', () => {
    expect(careerRows({ ...VALUES, salary_min: 55_500, salary_max: 1_250_000 })).toEqual([
      { label: 'Desired Job Title', value: 'Software Engineer' },
      { label: 'Latest Job Title', value: 'Data Analyst' },
      { label: 'Job Types', value: 'Contract, Part Time' },
      { label: 'Salary', value: '$55,500 – $1,250,000' },
      { label: 'Education', value: 'Masters' },
      { label: 'Experience', value: '3-5 years' },
      { label: 'Key Skills', value: 'SQL, React' },
      { label: 'Travel Radius', value: '25 miles' },
      { label: 'Eligibility', value: 'Authorized for any employer' },
      { label: 'Relocate', value: 'Yes' },
      { label: 'Driving License', value: 'Yes' },
    ]);
  });

  it('shows a dash for an emptied salary or radius instead of NaN', () => {
    const rows = careerRows({
      ...INITIAL_VALUES,
      salary_min: Number.NaN,
      travel_radius: Number.NaN,
    });
    expect(rowValue(rows, 'Salary')).toBe('— – $90,000');
    expect(rowValue(rows, 'Travel Radius')).toBe('— miles');
  });
});

describe('CheckAnswers', () => {
  it('renders both sections and never the password', () => {
    const { container } = render(<CheckAnswers values={VALUES} onChange={() => undefined} />);
    const [personal, career] = container.querySelectorAll('section');
    if (!personal || !career) throw new Error('expected two sections');
    expect(within(personal).getByRole('heading', { level: 3 }).textContent).toBe('Personal Info');
    expect(within(personal).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(personal).getByText('••••••••')).toBeTruthy();
    expect(within(career).getByRole('heading', { level: 3 }).textContent).toBe('Career Info');
    expect(within(career).getByText('$10,000 – $90,000')).toBeTruthy();
    expect(within(career).getByText('Authorized for any employer')).toBeTruthy();
    expect(container.textContent).not.toContain(SECRET);
  });

  it('names each section by its heading (aria-labelledby points at an existing id)', () => {
    render(<CheckAnswers values={VALUES} onChange={() => undefined} />);
    expect(screen.getByRole('region', { name: 'Personal Info' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Career Info' })).toBeTruthy();
  });

  it('calls onChange(0) for Personal Info and onChange(1) for Career Info', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<CheckAnswers values={VALUES} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Change Personal Info' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(0);
    await user.click(screen.getByRole('button', { name: 'Change Career Info' }));
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenLastCalledWith(1);
  });
});
