import { describe, expect, it } from 'vitest';
import { JOB_TYPES } from '../../shared/constants.ts';
import { firstInvalidStep, formSchema, stepErrors } from '../../shared/schema.ts';
import {
  pick,
  pickDistinct,
  type RandomSource,
  randomCandidate,
  randomInt,
  SAMPLE_RESUME_TEXT,
  SAMPLE_ZIPS,
  SKILLS,
  textToBase64,
} from './random-data.ts';

/** mulberry32: a tiny seeded generator, so every run sees the same candidates. */
function mulberry32(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED_COUNT = 500;
const generated = Array.from({ length: SEED_COUNT }, (_, seed) => ({
  seed,
  ...randomCandidate(mulberry32(seed)),
}));

const SAMPLE_RESUME_BASE64 = Buffer.from(SAMPLE_RESUME_TEXT, 'utf8').toString('base64');
const SAMPLE_RESUME = { filename: 'resume.txt', filetype: 'txt', base64: SAMPLE_RESUME_BASE64 };

const skillsOf = (keySkills: string) => keySkills.split(', ');
const sorted = <T>(items: readonly T[]) => [...items].sort();

describe('the generator’s lists (docs/form.md)', () => {
  it('has exactly 25 distinct skills', () => {
    expect(SKILLS).toHaveLength(25);
    expect(new Set(SKILLS).size).toBe(25);
  });

  it('has exactly 7 distinct sample zips, each a valid 5-digit US zip', () => {
    expect(SAMPLE_ZIPS).toHaveLength(7);
    expect(new Set(SAMPLE_ZIPS).size).toBe(7);
    for (const zip of SAMPLE_ZIPS) expect(zip).toMatch(/^\d{5}$/);
  });
});

describe(`randomCandidate over ${SEED_COUNT} seeds (docs/form.md)`, () => {
  it.each<[string, (candidate: (typeof generated)[number]) => void]>([
    [
      'gives 1 to 4 distinct job types, all from the four',
      ({ values, seed }) => {
        const types = values.acceptable_job_types;
        expect(types.length, `seed ${seed}`).toBeGreaterThanOrEqual(1);
        expect(types.length, `seed ${seed}`).toBeLessThanOrEqual(4);
        expect(new Set(types).size, `seed ${seed}`).toBe(types.length);
        for (const type of types) expect(JOB_TYPES, `seed ${seed}`).toContain(type);
      },
    ],
    [
      'gives 3 to 5 distinct skills, all from SKILLS, comma separated',
      ({ values, seed }) => {
        const skills = skillsOf(values.key_skills);
        expect(skills.length, `seed ${seed}`).toBeGreaterThanOrEqual(3);
        expect(skills.length, `seed ${seed}`).toBeLessThanOrEqual(5);
        expect(new Set(skills).size, `seed ${seed}`).toBe(skills.length);
        for (const skill of skills) expect(SKILLS, `seed ${seed}`).toContain(skill);
      },
    ],
    [
      'gives salary_min in 10000–50000 as a whole number',
      ({ values, seed }) => {
        expect(Number.isInteger(values.salary_min), `seed ${seed}`).toBe(true);
        expect(values.salary_min, `seed ${seed}`).toBeGreaterThanOrEqual(10000);
        expect(values.salary_min, `seed ${seed}`).toBeLessThanOrEqual(50000);
      },
    ],
    [
      'gives salary_max in 60000–150000 as a whole number',
      ({ values, seed }) => {
        expect(Number.isInteger(values.salary_max), `seed ${seed}`).toBe(true);
        expect(values.salary_max, `seed ${seed}`).toBeGreaterThanOrEqual(60000);
        expect(values.salary_max, `seed ${seed}`).toBeLessThanOrEqual(150000);
      },
    ],
    [
      'gives travel_radius in 10–50 as a whole number',
      ({ values, seed }) => {
        expect(Number.isInteger(values.travel_radius), `seed ${seed}`).toBe(true);
        expect(values.travel_radius, `seed ${seed}`).toBeGreaterThanOrEqual(10);
        expect(values.travel_radius, `seed ${seed}`).toBeLessThanOrEqual(50);
      },
    ],
    [
      'gives a zip among the 7 samples',
      ({ values, seed }) => {
        expect(SAMPLE_ZIPS, `seed ${seed}`).toContain(values.zip_code);
      },
    ],
    [
      'gives values that pass formSchema and every step',
      ({ values, seed }) => {
        expect(formSchema.safeParse(values).success, `seed ${seed}`).toBe(true);
        expect(stepErrors(0, values), `seed ${seed}`).toEqual({});
        expect(stepErrors(1, values), `seed ${seed}`).toEqual({});
        expect(stepErrors(2, values), `seed ${seed}`).toEqual({});
        expect(firstInvalidStep(values), `seed ${seed}`).toBeNull();
      },
    ],
    [
      'gives country US, no resume URL and the sample resume as base64 named resume.txt / txt',
      ({ values, seed }) => {
        expect(values.country_id, `seed ${seed}`).toBe('US');
        expect(values.resume, `seed ${seed}`).toEqual(SAMPLE_RESUME);
      },
    ],
  ])('%s', (_name, check) => {
    for (const candidate of generated) check(candidate);
  });

  it('reaches every count of job types and skills and every sample zip', () => {
    expect(
      sorted([...new Set(generated.map((c) => c.values.acceptable_job_types.length))]),
    ).toEqual([1, 2, 3, 4]);
    expect(
      sorted([...new Set(generated.map((c) => skillsOf(c.values.key_skills).length))]),
    ).toEqual([3, 4, 5]);
    expect(sorted([...new Set(generated.map((c) => c.values.zip_code))])).toEqual(
      sorted(SAMPLE_ZIPS),
    );
  });

  it.each([[0], [1], [42], [499], [123456789]])(
    'gives the same candidate for seed %i twice',
    (seed) => {
      expect(randomCandidate(mulberry32(seed))).toEqual(randomCandidate(mulberry32(seed)));
    },
  );

  it('gives different candidates for different seeds', () => {
    expect(randomCandidate(mulberry32(1))).not.toEqual(randomCandidate(mulberry32(2)));
  });

  it('works with Math.random by default', () => {
    const { values } = randomCandidate();
    expect(firstInvalidStep(values)).toBeNull();
    expect(values.resume).toEqual(SAMPLE_RESUME);
  });
});

describe('randomCandidate at the extremes of the random source', () => {
  it.each([
    [
      'a source returning 0',
      () => 0,
      {
        types: ['Permanent'],
        skillCount: 3,
        salary_min: 10000,
        salary_max: 60000,
        travel_radius: 10,
        zip_code: '10001',
      },
    ],
    [
      'a source returning 0.999999',
      () => 0.999999,
      {
        types: sorted(JOB_TYPES),
        skillCount: 5,
        salary_min: 50000,
        salary_max: 150000,
        travel_radius: 50,
        zip_code: '30301',
      },
    ],
  ])('%s reaches the ends of each range and stays valid', (_name, random, ends) => {
    const { values } = randomCandidate(random);
    const skills = skillsOf(values.key_skills);
    expect({
      types: sorted(values.acceptable_job_types),
      skillCount: skills.length,
      salary_min: values.salary_min,
      salary_max: values.salary_max,
      travel_radius: values.travel_radius,
      zip_code: values.zip_code,
    }).toEqual(ends);
    expect(new Set(skills).size).toBe(skills.length);
    for (const skill of skills) expect(SKILLS).toContain(skill);
    expect(formSchema.safeParse(values).success).toBe(true);
    expect(firstInvalidStep(values)).toBeNull();
    expect(values.resume).toEqual(SAMPLE_RESUME);
  });
});

describe('the generator’s helpers', () => {
  it.each([
    [0, 1, 4, 1],
    [0.249999, 1, 4, 1],
    [0.25, 1, 4, 2],
    [0.999999, 1, 4, 4],
    [0, 10000, 50000, 10000],
    [0.999999, 10000, 50000, 50000],
    [0.5, 10, 50, 30],
    [0.7, 5, 5, 5],
  ])('randomInt with draw %s in [%i, %i] → %i', (draw, min, max, expected) => {
    expect(randomInt(() => draw, min, max)).toBe(expected);
  });

  it.each([
    [0, 'a'],
    [0.5, 'b'],
    [0.999999, 'c'],
  ])('pick with draw %s from [a, b, c] → %s', (draw, expected) => {
    expect(pick(() => draw, ['a', 'b', 'c'])).toBe(expected);
  });

  it.each([
    [0, 2, ['a', 'b']],
    [0.999999, 2, ['d', 'c']],
    [0, 4, ['a', 'b', 'c', 'd']],
    [0, 9, ['a', 'b', 'c', 'd']],
    [0, 0, []],
  ])('pickDistinct with draw %s and count %i → %j', (draw, count, expected) => {
    expect(pickDistinct(() => draw, ['a', 'b', 'c', 'd'], count)).toEqual(expected);
  });

  it.each([
    ['', ''],
    ['Hello', 'SGVsbG8='],
    ['é', 'w6k='],
    ['40%\n', 'NDAlCg=='],
    [SAMPLE_RESUME_TEXT, SAMPLE_RESUME_BASE64],
  ])('textToBase64(%j) → %j', (text, base64) => {
    expect(textToBase64(text)).toBe(base64);
  });
});
