import { describe, expect, it } from 'vitest';
import { JOB_TYPES } from './constants.ts';
import { randomCandidate, SAMPLE_RESUME_TEXT, SAMPLE_ZIPS, SKILLS } from './random-data.ts';
import { firstInvalidStep } from './schema.ts';

/** mulberry32: a small seeded generator, so every run sees the same candidates. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the test-data generator (spec §9)', () => {
  it('draws from a list of exactly 25 skills and 7 sample zips', () => {
    expect(new Set(SKILLS).size).toBe(25);
    expect(new Set(SAMPLE_ZIPS).size).toBe(7);
  });

  it.each(Array.from({ length: 300 }, (_, seed) => [seed]))(
    'seed %i stays within every range',
    (seed) => {
      const { values, resume } = randomCandidate(seeded(seed));
      expect(values.acceptable_job_types.length).toBeGreaterThanOrEqual(1);
      expect(values.acceptable_job_types.length).toBeLessThanOrEqual(4);
      expect(new Set(values.acceptable_job_types).size).toBe(values.acceptable_job_types.length);
      expect(
        values.acceptable_job_types.every((type) =>
          (JOB_TYPES as readonly string[]).includes(type),
        ),
      ).toBe(true);
      const skills = values.key_skills.split(', ');
      expect(skills.length).toBeGreaterThanOrEqual(3);
      expect(skills.length).toBeLessThanOrEqual(5);
      expect(new Set(skills).size).toBe(skills.length);
      expect(skills.every((skill) => SKILLS.includes(skill))).toBe(true);
      expect(values.salary_min).toBeGreaterThanOrEqual(10000);
      expect(values.salary_min).toBeLessThanOrEqual(50000);
      expect(values.salary_max).toBeGreaterThanOrEqual(60000);
      expect(values.salary_max).toBeLessThanOrEqual(150000);
      expect(values.travel_radius).toBeGreaterThanOrEqual(10);
      expect(values.travel_radius).toBeLessThanOrEqual(50);
      expect(SAMPLE_ZIPS).toContain(values.zip_code);
      expect(firstInvalidStep(values)).toBeNull();
      expect(resume).toEqual({
        filename: 'resume.txt',
        filetype: 'txt',
        base64: Buffer.from(SAMPLE_RESUME_TEXT).toString('base64'),
      });
    },
  );

  it('gives the same candidate for the same seed', () => {
    expect(randomCandidate(seeded(42))).toEqual(randomCandidate(seeded(42)));
  });

  it.each([
    [
      'the lowest draws',
      () => 0,
      { types: 1, skills: 3, salaryMin: 10000, salaryMax: 60000, radius: 10 },
    ],
    [
      'the highest draws',
      () => 0.999999,
      { types: 4, skills: 5, salaryMin: 50000, salaryMax: 150000, radius: 50 },
    ],
  ])('%s reach the ends of each range', (_name, random, ends) => {
    const { values } = randomCandidate(random);
    expect(values.acceptable_job_types).toHaveLength(ends.types);
    expect(values.key_skills.split(', ')).toHaveLength(ends.skills);
    expect([values.salary_min, values.salary_max, values.travel_radius]).toEqual([
      ends.salaryMin,
      ends.salaryMax,
      ends.radius,
    ]);
  });
});
