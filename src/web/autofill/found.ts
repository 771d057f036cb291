// From a resume's lines to the values found for the form's fields (docs/autofill.md), as the
// reader's worker finds them; the page keeps those that pass the form's own check (valid.ts),
// so that the form's schema stays out of the worker. Pure and conservative: a field it is not
// sure of stays empty, because a wrong value costs the candidate more than an empty one. Each
// field is read by its own module: contact.ts (name, email, phone, place), job-title.ts,
// skills.ts, from the sections sections.ts finds.
import {
  contactBlockOf,
  inGivenOrder,
  labelledInDetails,
  largestLineName,
  nameIn,
  nameUnderFirstHeading,
  phonesIn,
  placeIn,
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
      : (labelledInDetails(details) ?? nameUnderFirstHeading(sections[1]?.docs ?? []));
  const found = atTop.first_name || atTop.last_name ? atTop : largestLineName(docs, email);
  const texts = docs.map((doc) => doc.text);
  return inGivenOrder(found, email, headingsInEnglish(headings), texts);
}

/**
 * The values found in a document's lines (a line may be plain text: what a test or a doc
 * writes), before the form's check. Each step is a stage (rules.ts) of the lines, so that the
 * corpus test, turning one rule off, runs again only the steps that rule decides in.
 */
export function fieldsFound(lines: readonly (DocLine | string)[]): Extracted {
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
  return {
    ...name,
    email: block.email,
    ...reached,
    latest_job_title: stage('title', lines, [sections], () => latestJobTitleIn(sections)),
    key_skills: stage('skills', lines, [sections], () => skillsIn(sections)),
  };
}
