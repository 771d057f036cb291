// From a resume's lines to the form fields it can fill (docs/autofill.md). Pure and
// conservative: a field it is not sure of stays empty, because a wrong value costs the
// candidate more than an empty one. Each field is read by its own module: contact.ts (name,
// email, phone, place), job-title.ts, skills.ts, from the sections sections.ts finds.
import { careerSchema, personalSchema } from '../../shared/schema.ts';
import {
  contactBlockOf,
  inOrderWrittenElsewhere,
  largestLineName,
  nameIn,
  namesTwoSurnameUsage,
  nameUnderFirstHeading,
  phonesIn,
  placeIn,
  withoutMiddleName,
} from './contact.ts';
import type { DocLine } from './document.ts';
import { latestJobTitleIn } from './job-title.ts';
import { stage } from './rules.ts';
import { headingsInEnglish, isKnown, type Section, sectionsOf } from './sections.ts';
import { skillsIn } from './skills.ts';

export interface Extracted {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  zip_code?: string;
  home_town?: string;
  latest_job_title?: string;
  key_skills?: string;
}

/** Each field's own schema, as the form checks it. */
const FIELD_SCHEMAS = { ...personalSchema.shape, ...careerSchema.shape };

/** Only the values that pass the form's own check for their field. */
function valid(fields: Extracted): Extracted {
  const out: Extracted = {};
  for (const [field, value] of Object.entries(fields) as [keyof Extracted, string | undefined][]) {
    if (value !== undefined && FIELD_SCHEMAS[field].safeParse(value).success) out[field] = value;
  }
  return out;
}

/** The candidate's name: at the top, else under the first heading, else the largest line. */
function nameOf(sections: readonly Section[], docs: readonly DocLine[], email?: string) {
  const header = sections[0]?.docs ?? [];
  const headings = sections.flatMap((section) =>
    section.heading && isKnown(section) ? [section.heading] : [],
  );
  const details = sections.flatMap((section) => (section.kind === 'contact' ? section.docs : []));
  const atTop =
    header.length > 0
      ? nameIn(header, headings, email, details)
      : nameUnderFirstHeading(sections[1]?.docs ?? []);
  const found = atTop.first_name || atTop.last_name ? atTop : largestLineName(docs, email);
  const texts = docs.map((doc) => doc.text);
  const twoSurnames = namesTwoSurnameUsage(texts);
  return inOrderWrittenElsewhere(
    withoutMiddleName(found, email, headingsInEnglish(headings), twoSurnames),
    texts,
  );
}

/**
 * The fields of a document's lines (a line may be plain text: what a test or a doc writes). Each
 * step is a stage (rules.ts) of the lines, so that the corpus test, turning one rule off, runs again
 * only the steps that rule decides in.
 */
export function extractFields(lines: readonly (DocLine | string)[]): Extracted {
  const docs = lines.map((line) => (typeof line === 'string' ? { text: line, block: 0 } : line));
  const sections = stage('sections', lines, [], () => sectionsOf(docs));
  const block = stage('contact', lines, [sections], () => contactBlockOf(sections));
  const name = stage('name', lines, [sections, block.email], () =>
    nameOf(sections, docs, block.email),
  );
  const reached = stage('reach', lines, [block, name], () => ({
    phone: phonesIn(block.lines)[0],
    ...placeIn(block.lines, name),
  }));
  return valid({
    ...name,
    email: block.email,
    ...reached,
    latest_job_title: stage('title', lines, [sections], () => latestJobTitleIn(sections)),
    key_skills: stage('skills', lines, [sections], () => skillsIn(sections)),
  });
}
