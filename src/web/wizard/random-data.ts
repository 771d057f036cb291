// The test-data generator behind "Fill with Random Data" (docs/form.md), with an injectable
// random source so that tests are deterministic.
import {
  DEFAULT_COUNTRY,
  EDUCATION_LEVELS,
  ELIGIBILITY_STATUSES,
  JOB_TYPES,
  WORK_EXPERIENCE,
} from '../../shared/constants.ts';
import type { FormValues } from '../../shared/schema.ts';

/** Returns a number in [0, 1), like Math.random. */
export type RandomSource = () => number;

export const FIRST_NAMES = ['James', 'Maria', 'Robert', 'Aisha', 'Wei', 'Sofia', 'Daniel', 'Priya'];
export const LAST_NAMES = [
  'Smith',
  'Garcia',
  'Johnson',
  'Nguyen',
  'Patel',
  'Brown',
  'Kim',
  'Lopez',
];
export const TOWNS = ['Austin', 'Denver', 'Boston', 'Seattle', 'Chicago', 'Atlanta', 'Phoenix'];
export const JOB_TITLES = [
  'Software Engineer',
  'Project Manager',
  'Data Analyst',
  'Registered Nurse',
  'Sales Associate',
  'Accountant',
  'Marketing Coordinator',
];
export const SAMPLE_ZIPS = ['10001', '90210', '60601', '73301', '98101', '02108', '30301'];
export const SKILLS = [
  'JavaScript',
  'TypeScript',
  'React',
  'Node.js',
  'SQL',
  'Python',
  'Excel',
  'Communication',
  'Leadership',
  'Project Management',
  'Customer Service',
  'Sales',
  'Marketing',
  'Accounting',
  'Data Analysis',
  'Agile',
  'Scrum',
  'Java',
  'C#',
  'AWS',
  'Docker',
  'Negotiation',
  'Problem Solving',
  'Teamwork',
  'Time Management',
];

export const SAMPLE_RESUME_TEXT = `Sample Candidate
Experienced professional seeking a new role.

EXPERIENCE
- Led a team of five on a customer-facing web application.
- Improved reporting turnaround by 40%.

EDUCATION
Bachelor of Science, State University

SKILLS
Communication, Problem Solving, Teamwork
`;

export const SAMPLE_RESUME_FILENAME = 'resume.txt';

/** An integer in [min, max]. */
export function randomInt(random: RandomSource, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function pick<T>(random: RandomSource, items: readonly T[]): T {
  return items[randomInt(random, 0, items.length - 1)] as T;
}

/** `count` distinct items, in a random order. */
export function pickDistinct<T>(random: RandomSource, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) {
    chosen.push(pool.splice(randomInt(random, 0, pool.length - 1), 1)[0] as T);
  }
  return chosen;
}

/** Base64 of ASCII/UTF-8 text, without Node's Buffer, so the browser can use it too. */
export function textToBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export interface RandomCandidate {
  /** Every answer, the sample resume (as base64) included. */
  values: FormValues;
}

export function randomCandidate(random: RandomSource = Math.random): RandomCandidate {
  const first = pick(random, FIRST_NAMES);
  const last = pick(random, LAST_NAMES);
  const number = randomInt(random, 1000, 9999);
  const values: FormValues = {
    first_name: first,
    last_name: last,
    email: `${first}.${last}.${number}@example.com`.toLowerCase(),
    password: `Pass-${randomInt(random, 10_000_000, 99_999_999)}`,
    phone: `+1555${randomInt(random, 1_000_000, 9_999_999)}`,
    zip_code: pick(random, SAMPLE_ZIPS),
    home_town: pick(random, TOWNS),
    country_id: DEFAULT_COUNTRY,
    desired_job_title: pick(random, JOB_TITLES),
    latest_job_title: pick(random, JOB_TITLES),
    acceptable_job_types: pickDistinct(random, JOB_TYPES, randomInt(random, 1, 4)),
    salary_min: randomInt(random, 10_000, 50_000),
    salary_max: randomInt(random, 60_000, 150_000),
    education_level: pick(random, EDUCATION_LEVELS),
    work_experience: pick(random, WORK_EXPERIENCE),
    key_skills: pickDistinct(random, SKILLS, randomInt(random, 3, 5)).join(', '),
    travel_radius: randomInt(random, 10, 50),
    eligibility_status: pick(random, ELIGIBILITY_STATUSES),
    relocate: random() < 0.5 ? '1' : '0',
    driving_license: random() < 0.5 ? '1' : '0',
    resume: {
      filename: SAMPLE_RESUME_FILENAME,
      filetype: 'txt',
      base64: textToBase64(SAMPLE_RESUME_TEXT),
    },
  };
  return { values };
}
