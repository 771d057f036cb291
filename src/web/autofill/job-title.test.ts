// The latest job title's rules, each on a small document made up for it (docs/autofill.md): what
// the rule reads, and what the reading gives with the rule turned off.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../test/helpers/extract.ts';
import { MAX_LENGTHS } from '../../shared/constants.ts';
import type { DocLine } from './document.ts';
import { withRulesOff } from './rules.ts';

/** A line of a made-up document: plain body text in block 0 unless marked. */
const line = (text: string, marks: Partial<DocLine> = {}): DocLine => ({
  text,
  size: 1,
  block: 0,
  ...marks,
});
/** The experience heading, set as a heading is. */
const heading = (text = 'Experience', block = 0) =>
  line(text, { bold: true, size: 1.4, heading: 1, block });
const bullet = (text: string, block = 0) => line(text, { list: true, block });

/** The title read from a document whose experience section holds `lines`. */
const titleOf = (lines: readonly DocLine[], off: readonly string[] = []) =>
  withRulesOff(off, () => extractFields([heading(), ...lines]).latest_job_title);

describe('the latest job title: entries read by their structure', () => {
  it("reads the title from the entry's head, not from its description (title-entry-head)", () => {
    const lines = [
      line('Chief Tinkerer, Blue Lantern Works'),
      line('2019 - Present'),
      line(
        'Program manager for the Lumen platform, a service that handles billing for small shops.',
      ),
    ];
    expect(titleOf(lines)).toBeUndefined();
    // `for` after the noun would leave it unsure too (title-for-unsure).
    expect(titleOf(lines, ['title-entry-head', 'title-for-unsure'])).toBe(
      'Program manager for the Lumen platform',
    );
  });

  const threeRoles = (first: string) => [
    line(first),
    line('2021 - Present'),
    bullet('Kept the kilns running through two winters'),
    line('Senior Developer, Grey Owl Labs'),
    line('2018 - 2021'),
    bullet('Wrote the ordering service'),
    line('Analyst, Tin Can Partners'),
    line('2016 - 2018'),
    bullet('Counted everything twice'),
  ];

  it("reads the first role's title where the other entries' titles stand (title-slot)", () => {
    expect(titleOf(threeRoles('Chief Tinkerer, Blue Lantern Works'))).toBe('Chief Tinkerer');
    expect(titleOf(threeRoles('Chief Tinkerer, Blue Lantern Works'), ['title-slot'])).toBe(
      undefined,
    );
    // Each entry a title line, its dates alone under it, then the company and its place.
    const stacked = [
      line('Subsurface Wrangler and Map Keeper'),
      line('May 2023 | Present'),
      line('Deep Shaft Mining Cooperative'),
      line('Elko, NV'),
      line('Charted forty kilometres of tunnels with a laser and a lot of coffee', { block: 0 }),
      line('Field Technician', { block: 1 }),
      line('Jan 2020 | Apr 2023', { block: 1 }),
      line('Basin Survey Group', { block: 1 }),
      line('Reno, NV', { block: 1 }),
      line('Surveyed claims across three counties in every kind of weather there is', {
        block: 1,
      }),
      line('Survey Assistant', { block: 2 }),
      line('Jun 2018 | Dec 2019', { block: 2 }),
      line('Basin Survey Group', { block: 2 }),
      line('Reno, NV', { block: 2 }),
      line('Carried the tripod and the lunch for a crew of four across the high desert', {
        block: 2,
      }),
    ];
    expect(titleOf(stacked)).toBe('Subsurface Wrangler and Map Keeper');
    expect(titleOf(stacked, ['title-slot'])).toBeUndefined();
  });

  it('gives the slot to no line set larger than the titles that stand there (slot-setting)', () => {
    // A company line over each role, both dated, the company set larger: its name is no title.
    const lines = [
      line('Fernhill Hosting | | Jan 2018 – Present', { size: 1.09, block: 1 }),
      line('Harbour Support Analyst | Jan 2018 — Present', { block: 2 }),
      bullet('Answered the tide line', 2),
      line('Tin Can Hosting | Dec 2013 – July 2017', { size: 1.09, block: 2 }),
      line('Compliance Specialist (remote) | Jun 2015 – Jul 2017', { block: 3 }),
      bullet('Checked the ledgers', 3),
      line('Linux Support Analyst (remote) | Dec 2013 — Jun 2015', { block: 4 }),
      bullet('Kept the servers up', 4),
    ];
    // The role within the company's dates gives the title (title-roles-within).
    expect(titleOf(lines)).toBe('Harbour Support Analyst');
    expect(titleOf(lines, ['title-roles-within'])).toBeUndefined();
    expect(titleOf(lines, ['title-roles-within', 'slot-setting'])).toBe('Fernhill Hosting');
  });

  it('keeps a title of one short word in capitals as written (title-short-caps)', () => {
    // The first entry's title where the others' stand (title-slot).
    const lines = threeRoles('RSO, Blue Lantern Works');
    expect(titleOf(lines)).toBe('RSO');
    expect(titleOf(lines, ['title-short-caps'])).toBe('Rso');
    // A title noun in capitals is a word, in normal case.
    const word = [line('CHEF, Fernhill Ports | 2017 - Current'), bullet('Cooked')];
    expect(titleOf(word)).toBe('Chef');
  });

  it('reads no title that names someone’s own and holds no title noun (title-possessive-company)', () => {
    // A company over its roles, in the slot where the other entries' titles stand.
    const lines = threeRoles("Gilly's Harbour, Blue Lantern Works");
    expect(titleOf(lines)).toBeUndefined();
    expect(titleOf(lines, ['title-possessive-company'])).toBe("Gilly's Harbour");
    // A role for someone's own, named by its noun, is a title.
    expect(titleOf(threeRoles("Children's Librarian, Blue Lantern Works"))).toBe(
      "Children's Librarian",
    );
  });

  it('reads no slot when the entries are set unlike the first, or one entry alone tells it', () => {
    // The first entry's line holds one part, the others' two: no slot is shared.
    expect(titleOf(threeRoles('Blue Lantern Works'))).toBeUndefined();
    expect(titleOf(threeRoles('Chief Tinkerer, Blue Lantern Works').slice(0, 6))).toBeUndefined();
  });

  it('reads the role under a company line set apart from it (title-role-line)', () => {
    const lines = [
      line('Harbor Lights Bakery', { bold: true }),
      line('Dough Whisperer'),
      line('2020 - 2023'),
      bullet('Shaped four hundred loaves a night'),
    ];
    expect(titleOf(lines)).toBe('Dough Whisperer');
    expect(titleOf(lines, ['title-role-line'])).toBeUndefined();
    // Larger or in capitals over mixed case sets a line apart too.
    expect(titleOf([line('HARBOR LIGHTS BAKERY', { caps: true }), ...lines.slice(1)])).toBe(
      'Dough Whisperer',
    );
  });

  it('reads no one-word line under a company as its role: it may be a town', () => {
    expect(
      titleOf([
        line('Harbor Lights Bakery', { bold: true }),
        line('Portland'),
        line('2020 - 2023'),
      ]),
    ).toBeUndefined();
  });

  it('reads no role under a line set apart that holds dates, or that is the role elsewhere', () => {
    expect(
      titleOf([
        line('June 17 - Today', { bold: true }),
        line('Backend Work on Tidepool at Harbor Lights'),
        bullet('Kept the ovens online'),
      ]),
    ).toBeUndefined();
    // The other entry's title stands on its line set apart: there the line set apart is the
    // role, and the line under it the company (the slot reads it, not this rule).
    const roleFirst = [
      line('Dough Whisperer', { bold: true }),
      line('Harbor Lights Bakery | 2020 - 2023'),
      bullet('Shaped four hundred loaves a night'),
      line('Line Cook', { bold: true }),
      line('Tidewater Diner | 2018 - 2020'),
      bullet('Flipped everything'),
      line('Server', { bold: true }),
      line('Tidewater Diner | 2016 - 2018'),
      bullet('Washed everything'),
    ];
    expect(titleOf(roleFirst)).toBe('Dough Whisperer');
    expect(titleOf(roleFirst, ['title-slot'])).toBeUndefined();
  });
  it('reads a title run into its company when the other entries are set so too (title-glued-company)', () => {
    const about =
      'Ran the pastry station for a bakery that sold bread to half of the city every day';
    const lines = [
      line('Pastry Chef Harbor Lights Bakery Portland, OR Jan 2021 - Present'),
      line(about),
      line('Line Cook Tidewater Diner Salem, OR 2018 - 2020'),
      line(about),
    ];
    expect(titleOf(lines)).toBe('Pastry Chef');
    expect(titleOf(lines, ['title-glued-company'])).toBeUndefined();
    // Alone of its kind, the run is not cut.
    expect(titleOf(lines.slice(0, 2))).toBeUndefined();
  });

  it('reads a title run into its company on the line under its dates (title-glued-under-dates)', () => {
    const lines = [
      line('June 2016 – Dec 2024', { block: 1, size: 0.8 }),
      line('Pastry Chef Harbor Lights Bakery', { block: 1, bold: true }),
      bullet('Ran the pastry station.', 1),
      line('May 2012 – June 2016', { block: 2, size: 0.8 }),
      line('Line Cook Tidewater Diner', { block: 2, bold: true }),
      bullet('Worked the grill.', 2),
    ];
    expect(titleOf(lines)).toBe('Pastry Chef');
    expect(titleOf(lines, ['title-glued-under-dates'])).toBeUndefined();
  });

  it('reads roles under the header whose lines are set in a heading style (title-role-heading-style)', () => {
    const lines = [
      line('Mara Quill', { size: 1.6, bold: true }),
      line('mara@example.com'),
      line('Harbour Surveyor | Fernhill Ports', { block: 1, bold: true }),
      line('June 2022 to Present', { block: 2, bold: true }),
      bullet('Charted the bay.', 3),
      line('Deckhand | Wren Docks', { block: 4, bold: true, heading: 1 }),
      line('2016 to 2022', { block: 5, bold: true, heading: 1 }),
      bullet('Coiled ropes.', 6),
      line('Education', { block: 7, bold: true, heading: 1 }),
      line('Fernhill University', { block: 8 }),
    ];
    const title = (off: readonly string[] = []) =>
      withRulesOff(off, () => extractFields(lines).latest_job_title);
    expect(title()).toBe('Harbour Surveyor');
    expect(title(['title-role-heading-style'])).toBeUndefined();
  });

  it('keeps the note in parentheses after a title where the employer is named apart (title-note-kept)', () => {
    const lines = [
      line('Harbour Surveyor (Work Study) – Fernhill Community College'),
      line('Aug 2021 – Jan 2024'),
      bullet('Charted the bay.'),
    ];
    expect(titleOf(lines)).toBe('Harbour Surveyor (Work Study)');
    expect(titleOf(lines, ['title-note-kept'])).toBe('Harbour Surveyor');
    // On a line of its own, the employer on the next.
    const apart = [
      line('Harbour Surveyor (Secondment)'),
      line('Fernhill Ports'),
      line('2021 – Present'),
    ];
    expect(titleOf(apart)).toBe('Harbour Surveyor (Secondment)');
    // A note of a few words, the employer before it.
    const long = [
      line('Fernhill Ports | Harbour Surveyor (Tides & Coastal Charting Systems)'),
      line('2021 – Present'),
    ];
    expect(titleOf(long)).toBe('Harbour Surveyor (Tides & Coastal Charting Systems)');
    // With no employer named apart, the note may be the employer's name: dropped.
    const alone = [line('Harbour Surveyor (Fernhill Research) | 2021 – Present')];
    expect(titleOf(alone)).toBe('Harbour Surveyor');
    // Nor is a way of working kept (`(Remote)`), nor a note that repeats the title.
    const remote = [line('Harbour Surveyor (Remote) – Fernhill Ports | 2021 – Present')];
    expect(titleOf(remote)).toBe('Harbour Surveyor');
    const repeated = [line('Harbour Intern (Harbour Intern) – Fernhill Ports | 2021 – Present')];
    expect(titleOf(repeated)).toBe('Harbour Intern');
  });

  it('keeps two titles of one role as one, a comma between them (title-two-titles)', () => {
    const lines = [
      line('Acting Team Lead, Data Analyst (BI) | Northwind Freight | 2021 - Present'),
      bullet('Ran the reporting team'),
    ];
    expect(titleOf(lines)).toBe('Acting Team Lead, Data Analyst (BI)');
    expect(titleOf(lines, ['title-two-titles'])).toBe('Acting Team Lead');
    // A company after the comma is no second title.
    expect(titleOf([line('Data Analyst, Northwind Freight | 2021 - Present')])).toBe(
      'Data Analyst',
    );
  });

  it('keeps two titles of one role as one, a spaced dash between them (title-dash-titles)', () => {
    const lines = [line('Harbour Surveyor – Intern'), line('Fernhill Ports, 2023 - Present')];
    expect(titleOf(lines)).toBe('Harbour Surveyor – Intern');
    expect(titleOf(lines, ['title-dash-titles'])).toBe('Harbour Surveyor');
    const both = [line('Dock Lead - Assistant Vice President, Fernhill Ports, 2021 - Present')];
    expect(titleOf(both)).toBe('Dock Lead - Assistant Vice President');
    // An employer after the dash is no second title.
    expect(titleOf([line('Harbour Surveyor - Fernhill Ports | 2021 - Present')])).toBe(
      'Harbour Surveyor',
    );
  });

  it('keeps the field after a title’s dash, the employer after a bar (title-dash-field)', () => {
    const lines = [line('Harbour Surveyor – Tidal Charts | Fernhill Ports | 2021 - Present')];
    expect(titleOf(lines)).toBe('Harbour Surveyor – Tidal Charts');
    expect(titleOf(lines, ['title-dash-field'])).toBe('Harbour Surveyor');
    // A place after the bar: the words after the dash are the employer.
    expect(titleOf([line('Harbour Surveyor – Fernhill Ports | Boise, ID | 2021 - Present')])).toBe(
      'Harbour Surveyor',
    );
    // A description after the bar is no employer.
    expect(titleOf([line('Harbour Surveyor – Tidal Charts | charting the bay for ferries')])).toBe(
      'Harbour Surveyor',
    );
  });

  it('reads the last role when the roles are listed oldest first (title-oldest-first)', () => {
    const lines = [
      line('Kitchen Intern, Tidewater Diner'),
      line('June 2023 - August 2023'),
      bullet('Washed and chopped'),
      line('Line Cook, Tidewater Diner'),
      line('September 2023 - May 2024'),
      bullet('Ran the grill'),
    ];
    expect(titleOf(lines)).toBe('Line Cook');
    expect(titleOf(lines, ['title-oldest-first'])).toBe('Kitchen Intern');
    // Newest first, or dates that do not rise from one role to the next: the first role.
    expect(titleOf([...lines.slice(3), ...lines.slice(0, 3)])).toBe('Line Cook');
    const level = [
      line('Line Cook, Tidewater Diner'),
      line('2023 - 2024'),
      bullet('Ran the grill'),
      line('Cashier, Harbor Lights'),
      line('2022 - 2024'),
      bullet('Baked'),
    ];
    expect(titleOf(level)).toBe('Line Cook');
    expect(titleOf([...level.slice(3), ...level.slice(0, 3)])).toBe('Cashier');
  });

  it('reads a start with a dash and no end, a role beside it, as held to the present (title-open-range)', () => {
    const lines = [
      line('2019 - 2022 | Line Cook, Tidewater Diner'),
      bullet('Ran the grill'),
      line('2022 - | Pastry Chef, Harbor Lights'),
      bullet('Plated desserts'),
    ];
    expect(titleOf(lines)).toBe('Pastry Chef');
    expect(titleOf(lines, ['title-open-range'])).toBe('Line Cook');
    // A dash that ends a line may wrap the range onto the next: no present in it.
    const wrapped = [
      ...lines.slice(0, 2),
      line('2017 -'),
      line('2019 | Pastry Chef, Harbor Lights'),
    ];
    expect(titleOf(wrapped)).toBe('Line Cook');
  });

  it('reads a role held to the present, listed after one that ended, as the latest (title-present)', () => {
    const lines = [
      line('Line Cook, Tidewater Diner'),
      line('2015 - 2017'),
      bullet('Ran the grill'),
      line('Night Baker, Tidewater Diner'),
      line('2016 - 2017'),
      bullet('Baked'),
      line('Pastry Chef, Harbor Lights'),
      line('March 2023 - Current'),
      bullet('Plated desserts'),
    ];
    expect(titleOf(lines)).toBe('Pastry Chef');
    expect(titleOf(lines, ['title-present'])).toBe('Line Cook');
    // The first role held to the present stays the latest.
    const first = [line('Line Cook, Tidewater Diner'), line('2019 - Present'), ...lines.slice(3)];
    expect(titleOf(first)).toBe('Line Cook');
    // A current entry whose title is not read gives way to the first role.
    const unread = [...lines.slice(0, 6), line('Harbor Lights'), line('2023 - Present')];
    expect(titleOf(unread)).toBe('Line Cook');
  });

  it('reads a research role that ended after the latest job as the latest (title-roles-later)', () => {
    const cv = (research: string, dates: string) => [
      heading(research),
      line('Tide Modelling Lab | Research Intern | Jun 2023 - Aug 2023'),
      bullet('Modelled the tides'),
      line(`Fernhill University | Lecturer in Hydrography | ${dates}`),
      heading('Experience'),
      line('Fernhill Ports | Harbour Surveyor | May 2022 - Jul 2022'),
      bullet('Charted the shoals'),
    ];
    const read = (lines: readonly DocLine[], off: readonly string[] = []) =>
      withRulesOff(off, () => extractFields(lines).latest_job_title);
    expect(read(cv('Research Experience', '2019 - 2020'))).toBe('Research Intern');
    expect(read(cv('Research Experience', '2019 - 2020'), ['title-roles-later'])).toBe(
      'Harbour Surveyor',
    );
    // A course taught under a teaching heading is the job's, however late.
    expect(read(cv('Teaching Experience', '2024 - Present'))).toBe('Harbour Surveyor');
    // A research role that ended before the job did gives way to it.
    const earlier = cv('Research Experience', '2019 - 2020').map((one) =>
      one.text.includes('Jun 2023')
        ? { ...one, text: 'Tide Lab | Research Intern | 2020 - 2021' }
        : one,
    );
    expect(read(earlier)).toBe('Harbour Surveyor');
  });

  it("reads a list item under an undated head, its dates and a part more in it, as that head's role line (title-dated-item)", () => {
    const lines = [
      line('Fernhill Ports | Python, QGIS', { heading: 2 }),
      line('Harbour Surveyor – Portsmouth, NH | Jun 2023 – Aug 2023', { list: true, indent: 1 }),
      line('Project: charting the estuary', { indent: 1 }),
    ];
    expect(titleOf(lines)).toBe('Harbour Surveyor');
    expect(titleOf(lines, ['title-dated-item'])).toBeUndefined();
    // Under a dated head, a dated item is a line of its description.
    const dated = [line('Fernhill Ports | 2019 - Present', { heading: 2 }), ...lines.slice(1)];
    expect(titleOf(dated)).toBeUndefined();
  });

  it('reads a role held to the present in a later experience section (title-later-section)', () => {
    const sections = (second: string, dates: string) => [
      heading('Military Experience'),
      line('Deck Officer | Coast Patrol | 2012 - 2019'),
      bullet('Kept the watch'),
      heading(second),
      line(`Harbour Pilot | Fernhill Ports | ${dates}`),
      bullet('Brought ships in'),
    ];
    const read = (lines: readonly DocLine[], off: readonly string[] = []) =>
      withRulesOff(off, () => extractFields(lines).latest_job_title);
    expect(read(sections('Experience', '2019 - Present'))).toBe('Harbour Pilot');
    expect(read(sections('Experience', '2019 - Present'), ['title-later-section'])).toBe(
      'Deck Officer',
    );
    // A later role that ended, one held since before the first section's began (a side job), or
    // one under a volunteer's heading, gives way to the first section.
    expect(read(sections('Experience', '2019 - 2020'))).toBe('Deck Officer');
    expect(read(sections('Other Experience', '2010 - Present'))).toBe('Deck Officer');
    expect(read(sections('Volunteer Experience', '2019 - Present'))).toBe('Deck Officer');
  });

  it("reads a role held to the present in a later section where the first one's latest names none (title-later-untitled)", () => {
    const lines = [
      heading('Relevant Experience'),
      line('Tide Research | 3/2020 – 12/2020'),
      bullet('Built a tide predictor.'),
      heading('Additional Experience'),
      line('Harbour Pilot | 8/2014 – Present'),
      bullet('Brought ships in'),
    ];
    const read = (off: readonly string[] = []) =>
      withRulesOff(off, () => extractFields(lines).latest_job_title);
    expect(read()).toBe('Harbour Pilot');
    expect(read(['title-later-untitled'])).toBeUndefined();
  });

  it.each([
    'Career Break | 2022 - Present',
    'Sabbatical, travelling in Asia (2023 - Present)',
    'Parental leave | 2023 - 2024',
    'Pausa profesional | 2023 - Actualidad',
  ])('reads the role after an entry for a break: %s (title-career-break)', (pause) => {
    const lines = [
      line(pause),
      bullet('Looked after the family'),
      line('Harbour Surveyor | Fernhill Ports | 2018 - 2022'),
      bullet('Sounded the harbour'),
    ];
    expect(titleOf(lines)).toBe('Harbour Surveyor');
    expect(titleOf(lines, ['title-career-break'])).toBeUndefined();
  });

  it.each([
    ['December 2019 - Now - Sabbatical', 'title-break-after-dates'],
    ['Self-employed | 2022 - Present', 'title-self-employed'],
    ['2021 - Now - Self-employed', 'title-self-employed'],
  ])(
    'reads the role after an entry for a break or for working for oneself: %s (%s)',
    (pause, id) => {
      const lines = [
        line(pause),
        bullet('Wrote a book on harbours'),
        line('Harbour Surveyor | Fernhill Ports | 2018 - 2019'),
        bullet('Sounded the harbour'),
      ];
      expect(titleOf(lines)).toBe('Harbour Surveyor');
      expect(titleOf(lines, [id])).toBeUndefined();
    },
  );

  it('reads a title that ends in an acronym of a role: `Senior SRE`, `Principal SWE`', () => {
    for (const title of ['Senior SRE', 'Principal SWE', 'Lead DBA'])
      expect(titleOf([line(`${title}, Fernhill Ports, 2021 - Present`)]), title).toBe(title);
  });

  it('keeps a word that says how the role is held before its seniority (title-qualifier)', () => {
    for (const title of ['Virtual Chief Financial Officer (CFO)', 'Acting Chief Surveyor']) {
      const lines = [line(title), line('Jun 2021 - Present'), line('Fernhill Ports, Omaha, NE')];
      expect(titleOf(lines), title).toBe(title);
      expect(titleOf(lines, ['title-qualifier']), title).toBe(title.split(' ').slice(1).join(' '));
    }
  });

  it('drops a label and what it names after a comma (title-label-after-comma)', () => {
    const lines = [
      line('Tide Lab, Fernhill University'),
      line('2021 - Present'),
      line('Research Assistant, Advisor: Prof. Mara Quill'),
    ];
    expect(titleOf(lines)).toBe('Research Assistant');
    expect(titleOf(lines, ['title-label-after-comma'])).toBe('Research Assistant, Advisor');
    // A colon after a space parts the role from its unit: the title keeps what is before it.
    expect(
      titleOf([line('Application Developer, Associate :  Harbour Systems    2016 - Present')]),
    ).toBe('Application Developer, Associate');
  });

  it('reads a labelled role line (title-role-label)', () => {
    const lines = [
      line('Harbor Lights Bakery'),
      line('Position: Night Auditor'),
      bullet('Closed the books'),
    ];
    expect(titleOf(lines)).toBe('Night Auditor');
    // A colon parts a role from its company too (title-colon-parts), so both are turned off.
    expect(titleOf(lines, ['title-role-label', 'title-colon-parts'])).toBeUndefined();
    expect(
      titleOf([line('Panadería del Puerto'), line('Cargo: Asistente de Cocina'), bullet('Horneé')]),
    ).toBe('Asistente de Cocina');
  });
});

describe('the latest job title: roles set otherwise', () => {
  it('reads the first research or teaching role when no experience section is (title-other-roles)', () => {
    const cv = (first: string) => [
      line('Mara Quill'),
      heading(first, 1),
      line('Graduate Research Assistant, Tidewater Marine Lab', { block: 1 }),
      line('2021 - Present', { block: 1 }),
      heading('Teaching Experience', 2),
      line('Course Tutor, Northfield College', { block: 2 }),
      line('2019 - 2021', { block: 2 }),
    ];
    const read = (lines: DocLine[], off: string[] = []) =>
      withRulesOff(off, () => extractFields(lines).latest_job_title);
    expect(read(cv('Research Experience'))).toBe('Graduate Research Assistant');
    expect(read(cv('Research Experience'), ['title-other-roles'])).toBeUndefined();
    expect(read(cv('Experiencia docente'))).toBe('Graduate Research Assistant');
    // A section of work experience comes first, wherever it stands, unless a research role goes
    // on after its latest role ended (title-roles-later).
    const withWork = [
      ...cv('Research Experience'),
      heading('Work Experience', 3),
      line('Ferry Operator, Bay Ferries', { block: 3 }),
      line('2017 - 2019', { block: 3 }),
    ];
    expect(read(withWork, ['title-roles-later'])).toBe('Ferry Operator');
    expect(read(withWork)).toBe('Graduate Research Assistant');
    // A volunteer's roles are not read: the labels leave them out.
    expect(read(cv('Volunteer Experience').slice(0, 4))).toBeUndefined();
    expect(read(cv('Volunteer Experience'))).toBe('Course Tutor');
  });

  it('parts a role from its company at a colon, either way round (title-colon-parts)', () => {
    const entry = (role: string) => [line(role), line('2020 - Present'), bullet('Kept it running')];
    expect(titleOf(entry('Grey Owl Labs: Senior Developer'))).toBe('Senior Developer');
    expect(titleOf(entry('Senior Developer: Grey Owl Labs'))).toBe('Senior Developer');
    expect(titleOf(entry('Grey Owl Labs: Senior Developer'), ['title-colon-parts'])).toBe(
      undefined,
    );
  });

  it('reads a line whose dates stand apart as a head, however long it runs (title-dated-head)', () => {
    const long = line(
      '2020 – present | Assistant Professor, Institute of Marine Studies and Coastal Engineering of the North Sea, Northshore State University',
    );
    expect(titleOf([long])).toBe('Assistant Professor');
    expect(titleOf([long], ['title-dated-head'])).toBeUndefined();
    const colon = [
      line('2024 : Course leader at Fjordside College (Tromsø, Norway).'),
      bullet('Led the lectures'),
      line('2019 - 2022 : Lab Assistant at Fjordside College (Tromsø, Norway).'),
    ];
    expect(titleOf(colon)).toBe('Course leader');
    expect(titleOf(colon, ['title-dated-head'])).toBe('Lab Assistant');
  });

  it('reads a month and a short year as a date (title-short-years)', () => {
    const entries = [
      line("Apr'24 - Now"),
      line('Keeper of the Charts: Tidewater'),
      bullet('Charted the bay'),
      line("Sep'19 - Jan'24"),
      line('Senior Developer: Grey Owl Labs'),
      bullet('Wrote the ordering service'),
      line('Jan ’16 - Aug ’19'),
      line('Data Analyst: Tin Can Partners'),
      bullet('Counted everything twice'),
    ];
    // The first role, no title noun in it, is read where the others' titles stand.
    expect(titleOf(entries)).toBe('Keeper of the Charts');
    expect(titleOf(entries, ['title-short-years'])).toBeUndefined();
  });

  it('reads months with short years in a range as dates (title-slash-short-years)', () => {
    // Listed oldest first: the last role, the one held to the present, is the latest.
    const entries = [
      line('Deckhand | Wren Docks'),
      line('12/19 – 02/21'),
      bullet('Kept the lines'),
      line('Harbour Surveyor | Fernhill Ports'),
      line('02/21 – Present'),
      bullet('Charted the bay'),
    ];
    expect(titleOf(entries)).toBe('Harbour Surveyor');
    expect(titleOf(entries, ['title-slash-short-years'])).toBe('Deckhand');
  });

  it('reads a month run into its year as a date (title-glued-year)', () => {
    const entries = [
      line('Harbour Surveyor Feb2022-Present'),
      bullet('Charted the bay'),
      line('Deckhand MAY2018 - Jan2022'),
      bullet('Hauled the lines'),
    ];
    expect(titleOf(entries)).toBe('Harbour Surveyor');
    // With no date in it, each line is read whole, a word after its noun.
    expect(titleOf(entries, ['title-glued-year'])).toBeUndefined();
    // A word that is no month's name keeps its digits: `Model2020` is no date.
    const model = [line('Harbour Surveyor Model2020 - Present'), bullet('Charted')];
    expect(titleOf(model)).toBeUndefined();
  });

  it('drops an employer in parentheses after the title, and keeps an abbreviation', () => {
    const role = (text: string) => titleOf([line(text), bullet('Built the models')]);
    expect(role('Research Scientist (Globex Robotics) May 2020 - present')).toBe(
      'Research Scientist',
    );
    expect(role('Research Scientist (Globex)')).toBe('Research Scientist');
    expect(role('Data Analyst (BI)')).toBe('Data Analyst (BI)');
    expect(role('Data Analyst (Junior)')).toBe('Data Analyst (Junior)');
  });

  it('reads no title whose joining word stands far after its noun: a lab or school named after it', () => {
    expect(
      titleOf([
        line('Research Assistant Quantum Optics Lab of Northfield University'),
        line('2021'),
      ]),
    ).toBeUndefined();
  });
});

describe('the latest job title: what every rule reads through', () => {
  it('reads a role line that ends with a full stop as a role, and a sentence as a description', () => {
    expect(titleOf([line('Senior Software Engineer, Globex Inc.'), line('2020 - Present')])).toBe(
      'Senior Software Engineer',
    );
    expect(
      titleOf([line('Chief Tinkerer, Blue Lantern Works'), line('Managed the dispatch team.')]),
    ).toBeUndefined();
  });

  it('reads the experience section when Education comes first', () => {
    expect(
      extractFields([
        line('Jane Doe'),
        heading('Education', 1),
        line('State University, B.S. Biology', { block: 1 }),
        line('2016 - 2020', { block: 1 }),
        heading('Experience', 2),
        line('Lab Technician, Northwind Labs', { block: 2 }),
        line('2020 - Present', { block: 2 }),
      ]).latest_job_title,
    ).toBe('Lab Technician');
  });

  it('reads a Spanish title whose noun opens it, a field or a level after it (title-noun-first)', () => {
    const role = (title: string) => [line(`${title} | Puertos del Sur | 2020 - Presente`)];
    expect(titleOf(role('Desarrollador Backend'))).toBe('Desarrollador Backend');
    expect(titleOf(role('Analista Senior'))).toBe('Analista Senior');
    expect(titleOf(role('Analista Financiera'))).toBe('Analista Financiera');
    expect(titleOf(role('Ingeniero Químico'))).toBe('Ingeniero Químico');
    expect(titleOf(role('Profesor Adjunto'))).toBe('Profesor Adjunto');
    expect(titleOf(role('Investigadora Asociada'))).toBe('Investigadora Asociada');
    expect(titleOf(role('Analista Banco Austral'))).toBeUndefined();
    expect(titleOf(role('Desarrollador Backend'), ['title-noun-first'])).toBeUndefined();
  });

  it.each([
    [
      'a title in Spanish joined by `en`',
      'Analista Practicante en Banca Digital | Banco del Sur | 2022 - 2023',
      'Analista Practicante en Banca Digital',
    ],
    ['a title with its dates after it', 'Web Developer March 2020 | June 2021', 'Web Developer'],
    ['a month name inside a word', 'Director of Marketing 2019 - 2020', 'Director of Marketing'],
    [
      'HTML in Markdown',
      '<span>Staff Engineer, Initech</span> <span>2019 -- 2022</span>',
      'Staff Engineer',
    ],
    ['a Markdown definition', ': Principal Designer', 'Principal Designer'],
    ['a table row of cells', 'Engineer | Globex | 2020', 'Engineer'],
    ['dates in parentheses', 'Nurse, Mercy Hospital (2019 - Present)', 'Nurse'],
    ['a comma where the line wrapped', 'Wind Technician,', 'Wind Technician'],
  ])('reads %s', (_what, text, title) => {
    expect(titleOf([line(text), bullet('Did the work')])).toBe(title);
  });

  it.each([
    'Lead Developer Advocate',
    'Land Surveyor',
    'Reference Librarian',
    'Dental Hygienist',
    'Home Health Aide',
    'Flight Attendant',
    'Bank Teller',
    'Medical Interpreter',
    'Phlebotomist',
    'Early Childhood Educator',
    'Robotics Software Co-op',
    'Account Executive',
    'Pool Lifeguard',
    'Office Cleaner',
    'Warehouse Stocker',
    'Baggage Handler',
    'Hospital Chaplain',
    'Wedding Videographer',
    'Theatre Stagehand',
    'Certified Arborist',
    'Special Education Paraprofessional',
    'Technical Sourcer',
    'Independent Contractor',
    'Freelancer',
    'Social Entrepreneur',
    'Public Historian',
    'Deckhand',
    'Notary',
    'Redactora',
    'Fotógrafo',
    'Niñera',
    'Guardia de seguridad',
    'Monitor académico',
    'Diseñadora gráfica',
  ])('reads a trade or profession as a title: %s', (title) => {
    expect(titleOf([line(`${title}, Fernhill Co, 2021 - Present`), bullet('Did the work')])).toBe(
      title,
    );
  });

  it('reads a head line that ends as a sentence does, its lower-case words a date range (title-date-words)', () => {
    const lines = [
      line('Harbour Surveyor, Fernhill Ports, May 2019 to present.'),
      line('I chart the shoals for the ships.'),
    ];
    expect(titleOf(lines)).toBe('Harbour Surveyor');
    expect(titleOf(lines, ['title-date-words'])).toBeUndefined();
  });

  it('reads the role after the dates that open its line (title-after-dates)', () => {
    const head = (text: string) => [line(text), bullet('Charted the shoals.')];
    expect(titleOf(head('2019 - Present Harbour Surveyor, Fernhill Ports'))).toBe(
      'Harbour Surveyor',
    );
    expect(titleOf(head('Mar 2019 to Jun 2021 Harbour Surveyor | Fernhill Ports'))).toBe(
      'Harbour Surveyor',
    );
    expect(
      titleOf(head('2019 - Present Harbour Surveyor, Fernhill Ports'), ['title-after-dates']),
    ).toBe(undefined);
    // Words in lower case after the dates are no role's.
    expect(titleOf(head('2019 - present: charting for Fernhill Ports'))).toBeUndefined();
  });

  it('reads the bold words a head line opens with as a part of their own (title-lead)', () => {
    const head = (text: string, lead: string) => [
      line('2019 - Present'),
      line(text, { lead }),
      bullet('Charted the shoals.'),
    ];
    // The role in bold, its employer after `for`, which alone leaves the line unsure.
    const forGlobex = head('Harbour Surveyor for Fernhill Ports • Leeds', 'Harbour Surveyor');
    expect(titleOf(forGlobex)).toBe('Harbour Surveyor');
    expect(titleOf(forGlobex, ['title-lead'])).toBeUndefined();
    // Markdown's marks, as plain text gives them, are cleaned from the opening as from its line.
    const marked = head(
      '**Harbour Surveyor** for [Fernhill Ports](https://example.com)',
      '**Harbour Surveyor**',
    );
    expect(titleOf(marked)).toBe('Harbour Surveyor');
    // The employer in bold, the role after it with nothing between.
    const employerFirst = head('Fernhill Ports Harbour Surveyor', 'Fernhill Ports');
    expect(titleOf(employerFirst)).toBe('Harbour Surveyor');
    expect(titleOf(employerFirst, ['title-lead'])).toBe('Fernhill Ports Harbour Surveyor');
    // Bold words that only open a title stay with it.
    expect(titleOf(head('Senior Harbour Surveyor, Fernhill Ports', 'Senior'))).toBe(
      'Senior Harbour Surveyor',
    );
    // A bold title with `for` inside it stays as unsure as it was.
    expect(
      titleOf(head('Director for Coastal Affairs, Fernhill Ports', 'Director for Coastal Affairs')),
    ).toBeUndefined();
  });

  it('reads a bold opening of title words that ends in a title noun as the role (title-whole-lead)', () => {
    const head = (text: string, lead: string) => [
      line('2019 - Present'),
      line(text, { lead }),
      bullet('Charted the shoals.'),
    ];
    // The role in bold, the laboratory after it with nothing between.
    const lab = head(
      'Research Assistant Tide Modelling Lab of Fernhill University',
      'Research Assistant',
    );
    expect(titleOf(lab)).toBe('Research Assistant');
    expect(titleOf(lab, ['title-whole-lead'])).toBeUndefined();
    // A title word after the opening: the opening only begins the title.
    expect(titleOf(head('Senior Principal Engineer, Fernhill Ports', 'Senior Principal'))).toBe(
      'Senior Principal Engineer',
    );
    expect(titleOf(head('Senior Associate Surveyor, Fernhill Ports', 'Senior Associate'))).toBe(
      'Senior Associate Surveyor',
    );
  });

  it("keeps a company's word that opens a title (title-company-word-first)", () => {
    const head = (text: string) => [line(text), bullet('Charted the shoals.')];
    expect(titleOf(head('Solutions Architect, Fernhill Ports, 2020 - Present'))).toBe(
      'Solutions Architect',
    );
    expect(
      titleOf(head('Solutions Architect, Fernhill Ports, 2020 - Present'), [
        'title-company-word-first',
      ]),
    ).toBe('Architect');
    // After a company's name, the word still ends it.
    expect(titleOf(head('Fernhill Consulting Analyst, 2020 - Present'))).toBe('Analyst');
  });

  it('leaves whom a role served out of its title (title-to-whom)', () => {
    const head = (text: string) => [line('Fernhill Ports, 2019 - Present'), line(text)];
    const served = head('Executive Assistant to 2 Senior Surveyors');
    expect(titleOf(served)).toBe('Executive Assistant');
    expect(titleOf(served, ['title-to-whom'])).toBe('Executive Assistant to 2 Senior Surveyors');
    expect(titleOf(head('Personal Assistant to the Harbour Master'))).toBe('Personal Assistant');
    // Not after a word that is no title's noun.
    expect(titleOf(head('Harbour Surveyor, seconded to the Dredging Board'))).toBe(
      'Harbour Surveyor',
    );
  });

  it('leaves the unit a role was held in out of its title (title-in-the-unit)', () => {
    const head = (text: string) => [
      line('2019 - Present'),
      line(text),
      bullet('Charted the shoals.'),
    ];
    const unit = head('Harbour Surveyor in the Dredging division at Fernhill Ports');
    expect(titleOf(unit)).toBe('Harbour Surveyor');
    expect(titleOf(unit, ['title-in-the-unit'])).toBe('Harbour Surveyor in the Dredging division');
    expect(titleOf(head('Analista en el Área de Riesgos, Fernhill Puertos'))).toBe('Analista');
    // `in` with no article joins the title's field to it.
    expect(titleOf(head('Analista en Banca Digital, Fernhill Puertos'))).toBe(
      'Analista en Banca Digital',
    );
  });

  it('leaves the lab a role was held in out of its title (title-of-lab)', () => {
    const head = (text: string) => [
      line('Tide Studies, Fernhill College'),
      line(text),
      line('October 2024 - Now'),
    ];
    const lab = head('Postdoctoral Researcher of TIDE Lab');
    expect(titleOf(lab)).toBe('Postdoctoral Researcher');
    expect(titleOf(lab, ['title-of-lab'])).toBe('Postdoctoral Researcher of TIDE Lab');
    expect(titleOf(head('Research Fellow of the Fernhill Marine Institute'))).toBe(
      'Research Fellow',
    );
    // `of` and a field stays the title's.
    expect(titleOf(head('Professor of Marine Biology'))).toBe('Professor of Marine Biology');
  });

  it('leaves the team a role was held on out of its title (title-on-team)', () => {
    const head = (text: string) => [
      line('Fernhill Ports | Taos, NM'),
      line(`${text} | July 2019 – August 2022`),
      bullet('Charted the shoals.'),
    ];
    expect(titleOf(head('Harbour Surveyor on Dredging Works'))).toBe('Harbour Surveyor');
    expect(titleOf(head('Data Analyst on the Tides team'))).toBe('Data Analyst');
    // Without the rule, a title that ends in no title's noun is none.
    expect(titleOf(head('Harbour Surveyor on Dredging Works'), ['title-on-team'])).toBeUndefined();
  });

  it('reads the title that opens the description where the head gives none (title-opens-description)', () => {
    const lines = (text: string) => [
      line('FERNHILL PORTS', { bold: true, caps: true }),
      line('JUNE 2021 | PRESENT', { caps: true }),
      line(text),
    ];
    const role =
      'Harbour Surveyor Intern | Working with a team of surveyors to chart the shoals of the western bay and its channels';
    expect(titleOf(lines(role))).toBe('Harbour Surveyor Intern');
    expect(titleOf(lines(role), ['title-opens-description'])).toBeUndefined();
    // A sentence that opens the description names no role.
    expect(
      titleOf(lines('Charted the shoals | working with a team of surveyors on the western bay')),
    ).toBeUndefined();
    // Nor does a list item, nor a line with nothing after its opening.
    expect(titleOf([...lines('x').slice(0, 2), bullet(role)])).toBeUndefined();
  });

  it('reads a role set as the first item under an employer and dates (title-listed-role)', () => {
    const lines = (role: string) => [
      line('Oct 2022 - Present'),
      line('Fernhill Ports, Taos, NM'),
      bullet(role),
      bullet('Charted the shoals of the western bay.', 1),
    ];
    expect(titleOf(lines('Harbour Surveyor, L4'))).toBe('Harbour Surveyor');
    expect(titleOf(lines('Harbour Surveyor, L4'), ['title-listed-role'])).toBeUndefined();
    // An item of more words describes the role rather than naming it.
    expect(titleOf(lines('Surveyor, adviser and guide to the western bay pilots'))).toBeUndefined();
  });

  it('reads the role in a heading a level under its employer and dates (title-heading-under-head)', () => {
    // Markdown's `###` employer and dates, `####` role, each a block of its own.
    const lines = [
      line('Fernhill Ports, Taos, NM (June 2019 - Present)', { heading: 3, block: 1 }),
      line('Harbour Surveyor, Charting and Tides', { heading: 4, block: 2 }),
      bullet('Charted the shoals.', 3),
      line('Wren Docks, Taos, NM (2016 - 2019)', { heading: 3, block: 4 }),
      line('Deckhand', { heading: 4, block: 5 }),
    ];
    expect(titleOf(lines)).toBe('Harbour Surveyor');
    // Off, the role is an entry of its own with no dates, after the dated head it belongs to,
    // read there only as the role within that head (title-undated-within).
    expect(titleOf(lines, ['title-heading-under-head', 'title-undated-within'])).toBeUndefined();
    // A heading at the same level is the next entry's head, not this one's: no title, but as
    // the role within the dated head (title-undated-within).
    const level = lines.map((one) => (one.heading === 4 ? { ...one, heading: 3 } : one));
    expect(titleOf(level, ['title-undated-within'])).toBeUndefined();
  });

  it('reads the role under dates set alone in a block of their own (title-dates-over-head)', () => {
    // markdown-cv's `2019 – Present`, a blank line, then the role in bold and its employer.
    const lines = [
      line('2019 – Present', { block: 1 }),
      line('Harbour Surveyor', { block: 2, bold: true }),
      line('Charting, Fernhill Ports', { block: 3 }),
      bullet('Charted the shoals.', 4),
      line('2016 – 2019', { block: 5 }),
      line('Deckhand', { block: 6, bold: true }),
      line('Wren Docks', { block: 7 }),
    ];
    expect(titleOf(lines)).toBe('Harbour Surveyor');
    // Off, the dates are an entry of their own, with no title, and the latest; the role after
    // them is read only as the role within them (title-undated-within).
    expect(titleOf(lines, ['title-dates-over-head', 'title-undated-within'])).toBeUndefined();
    // Over a plain line the dates stay an entry of their own; a table's column of dates is read
    // beside its roles (title-dates-column's test, which fails were its cells joined so).
    const plain = lines.map((one) => (one.bold ? { ...one, bold: false } : one));
    expect(titleOf(plain, ['title-undated-within'])).toBeUndefined();
  });

  it('reads a title without the full stop that closes its part (title-full-stop)', () => {
    const lines = [
      line('Harbour Surveyor (Volunteer). | Wren Docks | 06/2016 - Present', { bold: true }),
      bullet('Hauled the lines.'),
      line('Pilot Eng. | Fernhill Ports | 2014 - 2016', { bold: true, block: 1 }),
    ];
    expect(titleOf(lines)).toBe('Harbour Surveyor');
    // Off, the stop hides the note in parentheses, and the part is no title.
    expect(titleOf(lines, ['title-full-stop'])).toBeUndefined();
    expect(titleOf([line('Deckhand. | Wren Docks | 2019 - Present')])).toBe('Deckhand');
    // An abbreviation keeps its dot.
    expect(titleOf([line('Pilot Eng. | Fernhill Ports | 2019 - Present')])).toBe('Pilot Eng.');
  });

  it('reads the roles under the header where no section is headed experience (title-unheaded-roles)', () => {
    const header = [
      line('Mara Quill', { size: 1.6, bold: true }),
      line('(603) 555-0142 | mara@example.com'),
    ];
    const roles = [
      line('Harbour Surveyor', { block: 1, bold: true }),
      line('Fernhill Ports [Oct 2021 - Present]', { block: 1 }),
      bullet('Charted the bay.', 1),
      line('Deckhand', { block: 2, bold: true }),
      line('Wren Docks [2016 - 2021]', { block: 2 }),
    ];
    const rest = [
      line('Education', { block: 3, bold: true, size: 1.4, heading: 1 }),
      line('Fernhill University', { block: 3 }),
    ];
    const title = (off: readonly string[] = []) =>
      withRulesOff(off, () => extractFields([...header, ...roles, ...rest]).latest_job_title);
    expect(title()).toBe('Harbour Surveyor');
    expect(title(['title-unheaded-roles'])).toBeUndefined();
    // A school and its dates under the header name no title noun: no title.
    const school = [
      line('Fernhill University', { block: 1 }),
      line('B.S. Geography, 2015 - 2019', { block: 1 }),
    ];
    expect(extractFields([...header, ...school, ...rest]).latest_job_title).toBeUndefined();
    // A heading we do not read above them (`Werkervaring`, set larger) heads sections of its own.
    const foreign = line('Werkervaring', { block: 1, bold: true, size: 1.3 });
    const under = roles.map((role) => ({ ...role, block: (role.block ?? 0) + 1 }));
    expect(extractFields([...header, foreign, ...under, ...rest]).latest_job_title).toBeUndefined();
    expect(extractFields([...header, ...under, ...rest]).latest_job_title).toBe('Harbour Surveyor');
  });

  it("reads the role within an employer's dated line that has nothing under it (title-roles-within)", () => {
    const lines = [
      line('Fernhill Ports | 2015 - Present', { block: 1 }),
      line('**Harbour Surveyor** | 2018 - Present', { block: 2, lead: '**Harbour Surveyor**' }),
      bullet('Charted the bay.', 3),
      line('**Deckhand** | 2015 - 2018', { block: 4, lead: '**Deckhand**' }),
      bullet('Coiled ropes.', 5),
    ];
    expect(titleOf(lines)).toBe('Harbour Surveyor');
    // Off, the employer's line stands where the roles' titles do (title-slot).
    expect(titleOf(lines, ['title-roles-within'])).toBe('Fernhill Ports');
    // A role of its own with nothing under it, the next one older: not within it, no title.
    const older = [
      line('Fernhill Ports | 2019 - Present', { block: 1 }),
      line('**Deckhand** | 2015 - 2018', { block: 2, lead: '**Deckhand**' }),
      bullet('Coiled ropes.', 3),
    ];
    expect(titleOf(older)).toBeUndefined();
  });

  it('reads the role with no dates of its own under an employer and its dates (title-undated-within)', () => {
    const lines = (role: string) => [
      line('FERNHILL PORTS, Wren', { block: 1, lead: 'FERNHILL PORTS' }),
      line('01/2020 – 07/2020', { block: 1 }),
      line(role, { block: 2 }),
      line('Charted the bay for the harbour master and kept the tide tables.', { block: 2 }),
    ];
    expect(titleOf(lines('Harbour Surveyor at Wren Docks (Contract)'))).toBe('Harbour Surveyor');
    expect(
      titleOf(lines('Harbour Surveyor at Wren Docks (Contract)'), ['title-undated-within']),
    ).toBeUndefined();
    // A label's line (`Advisor: …`) or a sentence's names no role.
    expect(titleOf(lines('Advisor: Dr Ruiz and Dr Tamm'))).toBeUndefined();
    expect(titleOf(lines('Harbour Surveyor of the tide office.'))).toBeUndefined();
  });

  it('opens an entry at each dated item with a bold lead, roles set as a list (title-listed-roles)', () => {
    const item = (text: string, lead: string, block: number) =>
      line(text, { list: true, lead, block });
    const lines = [
      item('**Wren Docks**, *Deckhand*, (Apr. 2015 - Aug 2015)', '**Wren Docks**', 1),
      line('Coiled the ropes for the night crew.', { list: true, indent: 1, block: 1 }),
      item(
        '**Fernhill Ports**, *Harbour Surveyor*, (Oct. 2018 - Present)',
        '**Fernhill Ports**',
        2,
      ),
      line('Charted the bay.', { list: true, indent: 1, block: 2 }),
    ];
    // The role held to the present, listed second (title-present).
    expect(titleOf(lines)).toBe('Harbour Surveyor');
    // Off, the second role is a line of the first's description.
    expect(titleOf(lines, ['title-listed-roles'])).toBe('Deckhand');
  });

  it('reads the first of the role headings where no section is headed experience (title-headed-roles)', () => {
    // A heading no list names over the roles (`Introduction`): no roles under the header.
    const header = [
      line('Mara Quill', { size: 1.6, bold: true }),
      line('mara@example.com', { block: 1 }),
      line('Introduction', { block: 1, heading: 2 }),
      line('Surveyor of ten years.', { block: 1 }),
    ];
    const roles = [
      line('Harbour Surveyor, Fernhill Ports, Wren *(Oct 2021 - Present)*', {
        block: 2,
        heading: 2,
      }),
      bullet('Charted the bay.', 2),
      line('Deckhand, Wren Docks, Wren *(2016 - 2021)*', { block: 3, heading: 2 }),
      bullet('Coiled ropes.', 3),
    ];
    const title = (lines: readonly DocLine[], off: readonly string[] = []) =>
      withRulesOff(off, () => extractFields(lines).latest_job_title);
    expect(title([...header, ...roles])).toBe('Harbour Surveyor');
    expect(title([...header, ...roles], ['title-headed-roles'])).toBeUndefined();
    // One dated heading alone is no series of roles (a school, a project).
    expect(title([...header, ...roles.slice(0, 2)])).toBeUndefined();
  });

  it("reads a role's label in the block under its entry's head (title-role-label-apart)", () => {
    const lines = [
      line('Company: Fernhill Ports | Jan 2019 to Present', { block: 1, bold: true }),
      line('Role: Harbour Surveyor', { block: 2, bold: true }),
      line('Charted the bay for the port authority.', { block: 3 }),
    ];
    expect(titleOf(lines)).toBe('Harbour Surveyor');
    expect(titleOf(lines, ['title-role-label-apart'])).toBeUndefined();
  });

  it("reads role headings under their employers' headings, past other levels between (title-headed-roles-levels)", () => {
    const lines = [
      line('Mara Quill', { heading: 1 }),
      line('Surveyor of ten years.', { block: 1 }),
      line('Fernhill Ports', { block: 2, heading: 2 }),
      line('Harbour Surveyor (Oct 2021 - Present)', { block: 3, heading: 3 }),
      bullet('Charted the bay.', 3),
      line('Skills', { block: 4, heading: 4 }),
      bullet('Chartwork', 4),
      line('Wren Docks', { block: 5, heading: 2 }),
      line('Deckhand (2016 - 2021)', { block: 6, heading: 3 }),
      bullet('Coiled ropes.', 6),
    ];
    const title = (docs: readonly DocLine[], off: readonly string[] = []) =>
      withRulesOff(off, () => extractFields(docs).latest_job_title);
    expect(title(lines)).toBe('Harbour Surveyor');
    expect(title(lines, ['title-headed-roles-levels'])).toBeUndefined();
    // One role heading alone, or one whose next of its level names no dates, gives none.
    expect(title(lines.slice(0, 7))).toBeUndefined();
    const undated = lines.map((doc) =>
      doc.text.startsWith('Deckhand') ? { ...doc, text: 'Deckhand' } : doc,
    );
    expect(title(undated)).toBeUndefined();
  });

  it("reads the title a headline names at the latest role's employer (title-headline-at)", () => {
    const lines = (headline: string) => [
      line('Mara Quill', { size: 1.6, bold: true }),
      line('mara@example.com', { block: 1 }),
      line(headline, { block: 2 }),
      line('Experience', { block: 3, heading: 2 }),
      line('Survey Department, Fernhill Group | Nov 2020 - Present', { block: 4 }),
      bullet('Charted the bay.', 4),
      line('Wren Docks | 2016 - 2020', { block: 5 }),
      bullet('Coiled ropes.', 5),
    ];
    const title = (headline: string, off: readonly string[] = []) =>
      withRulesOff(off, () => extractFields(lines(headline)).latest_job_title);
    expect(title('Harbour Surveyor at Fernhill')).toBe('Harbour Surveyor');
    expect(title('Jefe de Muelle en Fernhill Group')).toBe('Jefe de Muelle');
    expect(title('Harbour Surveyor at Fernhill', ['title-headline-at'])).toBeUndefined();
    // A headline at another employer, or one that names no title, gives none.
    expect(title('Harbour Surveyor at Wren Docks')).toBeUndefined();
    expect(title('Charting the seas at Fernhill')).toBeUndefined();
  });

  it('reads the title a headline names at an employer where the resume has no section of jobs (title-headline-alone)', () => {
    const lines = (headline: string) => [
      line('Mara Quill', { size: 1.6, bold: true }),
      line(headline, { block: 1 }),
      line('Research Topics', { block: 2, heading: 2 }),
      bullet('Tidal energy', 2),
      line('Education', { block: 3, heading: 2 }),
      line('2019 - 2021 | MSc Hydrography, Fernhill University', { block: 3 }),
    ];
    const title = (headline: string, off: readonly string[] = []) =>
      withRulesOff(off, () => extractFields(lines(headline)).latest_job_title);
    expect(title('Harbour Surveyor at Fernhill Labs (France)')).toBe('Harbour Surveyor');
    expect(title('Harbour Surveyor at Fernhill Labs', ['title-headline-alone'])).toBeUndefined();
    // A headline that names no title gives none.
    expect(title('Charting the seas at Fernhill')).toBeUndefined();
  });

  it("leaves out the word that opens a role's dates (title-start-word)", () => {
    const since = [line('Harbour Surveyor since May 2019:', { bold: true }), bullet('Charted')];
    expect(titleOf(since)).toBe('Harbour Surveyor');
    expect(titleOf(since, ['title-start-word'])).toBeUndefined();
    const from = [line('Deckhand from 2016 to 2018'), bullet('Hauled the lines')];
    expect(titleOf(from)).toBe('Deckhand');
    expect(titleOf(from, ['title-start-word'])).toBeUndefined();
  });

  it('reads a role begun `since` a date as held to the present (title-since)', () => {
    const lines = [
      line('Jefe de Muelle, Puertos del Sur, desde el 03/05/2018', { block: 1 }),
      bullet('Dirigió las maniobras.', 1),
      line('Técnico, Bahía Austral, desde el 01/11/2018', { block: 2 }),
      bullet('Guió los buques.', 2),
    ];
    // Both held to the present: the first listed, not the last of rising starts.
    expect(titleOf(lines)).toBe('Jefe de Muelle');
    expect(titleOf(lines, ['title-since'])).toBe('Técnico');
    const english = [
      line('Harbour Surveyor, Fernhill Ports, since 2019', { block: 1 }),
      line('Deckhand, Wren Docks, since 2021', { block: 2 }),
    ];
    expect(titleOf(english)).toBe('Harbour Surveyor');
    // `desde` at a wrapped line's end, its date opening the next.
    const wrapped = [
      line('Jefe de Muelle, Puertos del Sur, turno de noche, por concurso, desde', { block: 1 }),
      line('el 03/05/2018, Res. 255/18', { block: 1 }),
      ...lines.slice(2),
    ];
    expect(titleOf(wrapped)).toBe('Jefe de Muelle');
    expect(titleOf(wrapped, ['title-since'])).toBe('Técnico');
    // `since` inside a line names no start on the lines after it.
    const inside = [
      line('Harbour Surveyor, since joining Fernhill Ports as a cadet', { block: 1 }),
      line('2019 - 2021', { block: 1 }),
      bullet('Charted the shoals.', 1),
      line('Deckhand, Wren Docks, 2021 - Present', { block: 2 }),
    ];
    expect(titleOf(inside)).toBe('Deckhand');
  });

  it('reads the role under an employer, its dates, a department and a place', () => {
    const lines = [
      line('Fernhill College', { block: 1 }),
      line('Jan 2024 - Present', { block: 1, bold: true }),
      line('Department of Tides and Shoals', { block: 1 }),
      line('Taos, New Mexico', { block: 1 }),
      line('Teaching Assistant - Hydrography Lab (45 students)', { block: 1, bold: true }),
      bullet('Graded the lab reports.', 1),
    ];
    expect(titleOf(lines)).toBe('Teaching Assistant');
  });

  it("reads a practitioner's noun by its ending (title-noun-suffix)", () => {
    const head = (text: string) => [
      line('2019 - Present'),
      line(text),
      bullet('Mapped the marshes.'),
    ];
    expect(titleOf(head('Hydrologist, Fernhill Waterworks'))).toBe('Hydrologist');
    expect(
      titleOf(head('Hydrologist, Fernhill Waterworks'), ['title-noun-suffix']),
    ).toBeUndefined();
    expect(titleOf(head('Senior Bioinformatician - Tide Lab'))).toBe('Senior Bioinformatician');
    expect(titleOf(head('Cartographer, Fernhill Maps'))).toBe('Cartographer');
    expect(titleOf(head('Podiatrist, Fernhill Clinic'))).toBe('Podiatrist');
    expect(titleOf(head('Hidróloga, Aguas del Sur'))).toBe('Hidróloga');
    // A language or a text with such an ending is no one's trade.
    expect(titleOf(head('Galician, Fernhill Waterworks'))).toBeUndefined();
    expect(titleOf(head('Prólogo, Aguas del Sur'))).toBeUndefined();
  });

  it("reads a long line that opens with a title in bold as the role's head (title-lead-head)", () => {
    const text =
      'Harbour Surveyor in the Dredging and Survey division of the Northern Fleet at Fernhill Ports (Wales)';
    const lines = [line('2019 - Present'), line(text, { lead: 'Harbour Surveyor' })];
    expect(titleOf(lines)).toBe('Harbour Surveyor');
    expect(titleOf(lines, ['title-lead-head'])).toBeUndefined();
    // A sentence that opens in bold is still a sentence: it ends with a full stop.
    const sentence = [line('2019 - Present'), line(`${text}.`, { lead: 'Harbour Surveyor' })];
    expect(titleOf(sentence)).toBeUndefined();
  });

  it("reads a head line that ends with a company's abbreviation, its full stop no sentence's (title-company-stop)", () => {
    const head = (text: string) => [line('2019 - 2021'), line(text), bullet('Charted the shoals.')];
    expect(titleOf(head('Jefe de muelle, Fernhill Puertos S.A.'))).toBe('Jefe de muelle');
    expect(titleOf(head('Harbour surveyor, Fernhill Ports Inc.'))).toBe('Harbour surveyor');
    // Read as a sentence, the line gives no title (nor the title that opens a description).
    expect(
      titleOf(head('Jefe de muelle, Fernhill Puertos S.A.'), [
        'title-company-stop',
        'title-opens-description',
      ]),
    ).toBe(undefined);
    // A company after `en` is no part of the title: none, rather than the company with it.
    expect(titleOf(head('Jefe de muelle en Fernhill Puertos S.A.'))).toBeUndefined();
  });

  it("reads a table of roles by its head's role column, in the row that ends latest (title-table-column)", () => {
    const row = (index: number, columns: string[]) =>
      line(columns.join('\t'), { table: { table: 0, row: index, column: 0, columns } });
    const lines = [
      row(0, ['Position', 'Company', 'Time Period']),
      row(1, ['Deckhand', 'Fernhill Ferries', 'Mar 2015 - Aug 2016']),
      row(2, ['Chart keeper', 'Harbour Office', 'Jul 2019 - Present']),
      row(3, ['Pier hand', 'Wren Docks', 'Sep 2016 - Jun 2019']),
    ];
    expect(titleOf(lines)).toBe('Chart keeper');
    expect(titleOf(lines, ['title-table-column'])).toBeUndefined();
    // The same table read one line per cell, as RTF gives it.
    const cells = lines.flatMap((doc) =>
      (doc.table?.columns ?? []).map((text, column) =>
        line(text, { table: { table: 0, row: doc.table?.row ?? 0, column } }),
      ),
    );
    expect(titleOf(cells)).toBe('Chart keeper');
  });

  it('reads a role in one span of emphasis, its employer in the next (emphasis-parts)', () => {
    const lines = [
      line('**Harbour Surveyor /** *Fernhill Ports, Omaha, NE* | **July 2022 - Present**'),
      bullet('Charted the shoals'),
    ];
    expect(titleOf(lines)).toBe('Harbour Surveyor');
    // The slash before the employer would part them too (title-slash-employer).
    expect(titleOf(lines, ['emphasis-parts', 'title-slash-employer'])).toBeUndefined();
  });

  it('reads a title run into the company after it (title-company-after)', () => {
    const lines = [
      line('Harbour Surveyor Fernhill Ports Group, Omaha, NE'),
      line('2021 - Present'),
    ];
    expect(titleOf(lines)).toBe('Harbour Surveyor');
    expect(titleOf(lines, ['title-company-after'])).toBeUndefined();
  });

  it('reads the role in parentheses after its employer (title-in-parentheses)', () => {
    const lines = [
      line('Fernhill Ports (Harbour Surveyor) | Omaha, NE, May 2021 - Present'),
      bullet('Charted the shoals'),
    ];
    expect(titleOf(lines)).toBe('Harbour Surveyor');
    expect(titleOf(lines, ['title-in-parentheses'])).toBeUndefined();
    // A note after a title stays the title's: the employer's name holds no role.
    expect(titleOf([line('Harbour Surveyor (Fernhill Ports)'), line('2021 - Present')])).toBe(
      'Harbour Surveyor',
    );
  });

  it('reads the role in parentheses with its dates after a comma (title-role-dates-in-parens)', () => {
    const lines = [line('Fernhill Ports (Owner, 2021 - present)'), bullet('Charted the shoals')];
    expect(titleOf(lines)).toBe('Owner');
    expect(titleOf(lines, ['title-role-dates-in-parens'])).toBeUndefined();
    // Words after the comma that are no dates leave the parentheses as they were: no role read.
    expect(
      titleOf([line('Fernhill Ports (Owner, Omaha)'), line('2021 - Present')]),
    ).toBeUndefined();
  });

  it('reads the part before a company named by its ending as the role (title-before-company)', () => {
    const lines = [
      line('Harbour Operations & Charting | Fernhill Ports Company | 2017 – 2024'),
      bullet('Charted the shoals'),
    ];
    expect(titleOf(lines)).toBe('Harbour Operations & Charting');
    expect(titleOf(lines, ['title-before-company'])).toBeUndefined();
    // A company with no such ending tells nothing of the part before it.
    expect(
      titleOf([line('Harbour Operations | Fernhill Ports | 2017 – 2024'), bullet('Charted')]),
    ).toBeUndefined();
  });

  it('leaves how a role was held out of its title, after a slash (title-slash-mode)', () => {
    const lines = [line('2019 – present'), line('Harbour Surveyor/Self-employed')];
    expect(titleOf(lines)).toBe('Harbour Surveyor');
    expect(titleOf(lines, ['title-slash-mode'])).toBe('Harbour Surveyor/Self-employed');
    // Two roles parted by a slash stay one title.
    expect(titleOf([line('2019 – present'), line('Harbour Surveyor/Pilot')])).toBe(
      'Harbour Surveyor/Pilot',
    );
  });

  it('reads a title whose noun has a letter typed twice, as written (title-typo)', () => {
    const lines = [
      line('Senior Surveyor, Fernhill Ports'),
      line('Lead Developper, Globex | 2019 - Present'),
    ];
    expect(titleOf(lines.slice(1))).toBe('Lead Developper');
    expect(titleOf(lines.slice(1), ['title-typo'])).toBeUndefined();
    // Eight letters as typed are enough (`Manaager`); seven or fewer are left alone (`Drivver`).
    expect(titleOf([line('Store Manaager, Globex | 2019 - Present')])).toBe('Store Manaager');
    expect(titleOf([line('Drivver, Globex | 2019 - Present')])).toBeUndefined();
  });

  it('keeps the function after a title and its comma, the employer on its own line (title-function-after)', () => {
    const lines = [
      line('Director, Kiln Operations | 2020 - Present', { bold: true }),
      line('Fernhill Ports'),
      bullet('Ran three kilns'),
    ];
    expect(titleOf(lines)).toBe('Director, Kiln Operations');
    expect(titleOf(lines, ['title-function-after'])).toBe('Director');
    // A trade's title keeps apart from its team.
    expect(
      titleOf([line('Senior Surveyor, Kiln Operations | 2020 - Present'), line('Fernhill Ports')]),
    ).toBe('Senior Surveyor');
    // The employer after the comma when no other line names one; a town under the role is none.
    expect(titleOf([line('Director, Wren Security | 2020 - Present')])).toBe('Director');
    expect(titleOf([line('Director, Wren Security | 2020 - Present'), line('Omaha, NE')])).toBe(
      'Director',
    );
    // What follows the comma ends in no function's word: an employer, whatever other lines say.
    expect(titleOf([line('Director, Wren Docks | 2020 - Present'), line('Fernhill Ports')])).toBe(
      'Director',
    );
  });

  it.each([
    ['Sr. Harbour Eng.', 'Fernhill Ports'],
    ['Kiln Crew Mgr', 'Wren Docks'],
    ['Field Sales Rep', 'Wren Docks'],
    ['Research Collaborator', 'Tide Lab'],
  ])('reads a title by a noun cut short or a rarer one: %s', (title, employer) => {
    expect(titleOf([line(`${title}, ${employer}, 2019 - Present`)])).toBe(title);
  });

  it.each([
    ['Harbour Surveyor 2', 'Harbour Surveyor 2'],
    ['Tier 2 Dock Analyst', 'Tier 2 Dock Analyst'],
    ['L2 Kiln Technician', 'L2 Kiln Technician'],
    ['Senior 3D Animator', 'Senior 3D Animator'],
    ['Deck Specialist (E-5)', 'Deck Specialist (E-5)'],
  ])('reads a level or a tier in figures in a title: %s (title-digits)', (role, title) => {
    const lines = [line(`${role} | Fernhill Ports | 2019 - Present`)];
    expect(titleOf(lines)).toBe(title);
    expect(titleOf(lines, ['title-digits'])).toBeUndefined();
  });

  it("reads a doctoral student's or candidate's post as a title (title-doctoral)", () => {
    const lines = (role: string) => [line(`${role} | Fernhill University | 2019 - Present`)];
    expect(titleOf(lines('PhD Student'))).toBe('PhD Student');
    expect(titleOf(lines('Ph.D. Candidate in Hydrography (thesis submitted, viva pending)'))).toBe(
      'Ph.D. Candidate in Hydrography',
    );
    expect(titleOf(lines('PhD Student'), ['title-doctoral'])).toBeUndefined();
    // A student of no doctorate is none.
    expect(titleOf(lines('Exchange Student'))).toBeUndefined();
  });

  it('reads two levels of one role parted by a slash as the title (title-grade-pair)', () => {
    const lines = [line('Fernhill Ports - Dock Analyst II/III'), line('2019 - Present')];
    expect(titleOf(lines)).toBe('Dock Analyst II/III');
    expect(titleOf(lines, ['title-grade-pair'])).toBeUndefined();
  });

  it('reads no title that holds a number no level is (a street, a store, a year)', () => {
    expect(titleOf([line('1285 Harbour Street Manager | Fernhill Ports | 2019 - Present')])).toBe(
      undefined,
    );
    expect(titleOf([line('Surveyor 2019 | Fernhill Ports | 2019 - Present')])).toBe('Surveyor');
  });

  it('parts a head line at a semicolon as at a bar (title-semicolon)', () => {
    const lines = [
      line('Wren Docks – Assistant Manager; Omaha, Nebraska | Fall 2019 - Present'),
      bullet('Kept the moorings'),
    ];
    expect(titleOf(lines)).toBe('Assistant Manager');
    expect(titleOf(lines, ['title-semicolon'])).toBeUndefined();
    const mentor = [
      line('2020 - Present'),
      line('Lab Technician; Mentor: Ada Byrne PhD; Tidewater'),
    ];
    expect(titleOf(mentor)).toBe('Lab Technician');
    expect(titleOf(mentor, ['title-semicolon'])).toBeUndefined();
  });

  it('parts a head line at a dash spaced on one side only (title-half-spaced-dash)', () => {
    const lines = [
      line('Fernhill Ports LLC -Harbour Surveyor —Omaha, Nebraska — Aug 2023 - CURRENT'),
      bullet('Charted the shoals'),
    ];
    expect(titleOf(lines)).toBe('Harbour Surveyor');
    expect(titleOf(lines, ['title-half-spaced-dash'])).toBeUndefined();
    // A hyphen within a word is no dash of it.
    expect(titleOf([line('Co-Founder, Fernhill Ports | 2020 - Present')])).toBe('Co-Founder');
  });

  it('reads the title before a spaced slash when what follows names no role (title-slash-employer)', () => {
    const lines = [
      line('Harbour Surveyor / Fernhill Ports, Omaha, NE | January 2021 - April 2021'),
      bullet('Charted the shoals'),
    ];
    expect(titleOf(lines)).toBe('Harbour Surveyor');
    expect(titleOf(lines, ['title-slash-employer'])).toBeUndefined();
    // Two roles either side of the slash are one title; a role run into its employer after the
    // slash leaves the line unsure.
    expect(titleOf([line('Data Analyst / BI Developer, Globex | 2020 - Present')])).toBe(
      'Data Analyst / BI Developer',
    );
    expect(titleOf([line('2020 - Present'), line('Data Analyst / BI Developer Globex')])).toBe(
      undefined,
    );
  });

  it('leaves a title unsure where `for` follows its noun (title-for-unsure)', () => {
    const lines = [
      line('Harbour Surveyor for Globex | 2020 - Present'),
      bullet('Charted the shoals'),
    ];
    expect(titleOf(lines)).toBeUndefined();
    expect(titleOf(lines, ['title-for-unsure'])).toBe('Harbour Surveyor for Globex');
    // `of` still joins: `Manager of Operations` is one title.
    expect(titleOf([line('Manager of Operations, Globex | 2020 - Present')])).toBe(
      'Manager of Operations',
    );
  });

  it('parts a role from whom it was held with (title-with)', () => {
    const lines = [
      line('Harbour Surveyor with Dr. Ada Byrne, Fernhill Ports (2023+)'),
      bullet('Charted the shoals'),
    ];
    expect(titleOf(lines)).toBe('Harbour Surveyor');
    expect(titleOf(lines, ['title-with'])).toBeUndefined();
  });

  it("reads a place alone in a block under a dated head, and the block after it, as that head's (title-place-apart)", () => {
    const head = line('Fernhill Ports `2022.7 - present`', { heading: 3, block: 1 });
    const shared = [
      head,
      line('Portsmouth, NH', { block: 2 }),
      line('Harbour Surveyor', { block: 2 }),
    ];
    expect(titleOf(shared)).toBe('Harbour Surveyor');
    expect(titleOf(shared, ['title-place-apart'])).toBeUndefined();
    const apart = [
      head,
      line('Eindhoven, The Netherlands', { block: 2 }),
      line('Harbour Surveyor', { block: 3 }),
      bullet('Charted the shoals', 3),
    ];
    expect(titleOf(apart)).toBe('Harbour Surveyor');
    expect(titleOf(apart, ['title-place-apart'])).toBeUndefined();
    // A department and its school is no place: the next block is another entry's.
    const school = [head, line('Department of Computing, Fernhill University', { block: 2 })];
    expect(titleOf([...school, line('Harbour Surveyor', { block: 3 })])).toBeUndefined();
  });

  it("knows a salon's and a household's trades as titles", () => {
    for (const trade of ['Hairstylist', 'Esthetician', 'Babysitter', 'Florist']) {
      const lines = [line('2016 - present'), line('Fernhill Salon, Tulsa'), line(trade)];
      expect(titleOf([...lines, bullet('Served clients')])).toBe(trade);
    }
  });

  it('parts a role from an employer that `@` runs into (title-at-glued)', () => {
    const lines = [
      line('Tide Gauge Keeper & Chart Process Engineer @Fernhill Ports'),
      line('May 2022 - Present'),
      bullet('Charted the shoals'),
    ];
    expect(titleOf(lines)).toBe('Tide Gauge Keeper & Chart Process Engineer');
    expect(titleOf(lines, ['title-at-glued'])).toBeUndefined();
    // Opening the line, `@` only marks the name after it.
    const marked = [
      line('@Harbour Surveyor'),
      line('Remote | 01/2025 - Present'),
      bullet('Charted'),
    ];
    expect(titleOf(marked)).toBe('Harbour Surveyor');
    expect(titleOf(marked, ['title-at-glued'])).toBeUndefined();
    // An email's `@` is no such mark: nothing capitalised runs into it.
    expect(titleOf([line('Harbour Surveyor, ada@fernhill.example | 2023 - Present')])).toBe(
      'Harbour Surveyor',
    );
  });

  it('reads a long line ending in its dates in parentheses as a head (title-parens-dates)', () => {
    // Thirteen words: a line this long is otherwise a description.
    const lines = [
      line('Harbour Surveyor with Dr. Ada Byrne and Dr. Tom Kettle, Fernhill Ports (2023+)'),
      line('Charted the shoals of the western bay.'),
      line('Boat Operator with Capt. Lee Moss, Wren Docks (2021-2022)'),
    ];
    expect(titleOf(lines)).toBe('Harbour Surveyor');
    expect(titleOf(lines, ['title-parens-dates'])).toBe('Boat Operator');
  });

  it('reads a role a line, with no description between (title-line-per-role)', () => {
    const lines = [
      line('Ferry Cashier, Wren Docks, 2016-2018'),
      line('Harbour Surveyor, Fernhill Ports, 2018-Present'),
      line('Charted the shoals of the western bay.'),
    ];
    // Oldest first: the last role is the latest.
    expect(titleOf(lines)).toBe('Harbour Surveyor');
    expect(titleOf(lines, ['title-line-per-role'])).toBe('Ferry Cashier');
    // A company's line over the roles held there stays one entry.
    const promoted = [line('Fernhill Ports, 2016-Present'), line('Harbour Surveyor, 2018-Present')];
    expect(titleOf(promoted)).toBe('Harbour Surveyor');
  });

  it('keeps an ordinal before a role (title-ordinal)', () => {
    const lines = [
      line('Fernhill Elementary School'),
      line('5th Grade Teacher'),
      line('2015 - Present'),
    ];
    expect(titleOf(lines)).toBe('5th Grade Teacher');
    expect(titleOf(lines, ['title-ordinal'])).toBeUndefined();
    expect(titleOf([line('2nd Shift Supervisor, Wren Mills, 2019 - Present')])).toBe(
      '2nd Shift Supervisor',
    );
  });

  it('reads a crew or team member as a title', () => {
    expect(titleOf([line('Fernhill Ports, Omaha, NE - Crew Member (2023 - Current)')])).toBe(
      'Crew Member',
    );
  });

  it.each([
    ['Nurse Practitioner', 'Fernhill Clinic'],
    ['Linux Sysadmin', 'Fernhill Ports'],
    ['Loan Originator', 'Wren Bank'],
    ['Practicante', 'Fernhill S.A.'],
    ['Repartidora', 'Wren Envíos'],
  ])('reads a role ending with its noun: %s', (title, employer) => {
    const lines = [line(`${title}, ${employer}, 2019 - Present`)];
    expect(titleOf(lines)).toBe(title);
  });

  it.each([
    ['Occupation', 'Harbour Surveyor, Omaha', 'Harbour Surveyor'],
    ['Ocupación', 'Analista de Datos, Lima', 'Analista de Datos'],
  ])('reads a role under an %s heading', (head, role, title) => {
    const lines = [
      line('Mara Quill'),
      heading(head, 1),
      line('Jun 2021 - Present', { block: 1 }),
      line(role, { block: 1 }),
    ];
    expect(extractFields(lines).latest_job_title).toBe(title);
  });

  it('reads the next experience section when the first has nothing under it (title-empty-section)', () => {
    // A heading set on two lines: `Work / industry` over `Experience`, each read as a heading.
    const lines = [
      line('Mara Quill'),
      heading('Education', 1),
      line('BSc, Northfield College', { block: 1 }),
      heading('Work / industry', 2),
      heading('Experience', 2),
      line('Harbour Surveyor, Fernhill Ports', { block: 2 }),
      line('2021 - Present', { block: 2 }),
    ];
    const read = (off: string[] = []) =>
      withRulesOff(off, () => extractFields(lines).latest_job_title);
    expect(read()).toBe('Harbour Surveyor');
    expect(read(['title-empty-section', 'title-later-untitled'])).toBeUndefined();
  });

  it("reads the role beside a table's column of dates read before it (title-dates-column)", () => {
    const cell = (text: string, row: number, column: number, marks: Partial<DocLine> = {}) =>
      line(text, { table: { table: 0, row, column }, block: 10 + row * 2 + column, ...marks });
    const lines = [
      cell('2023', 0, 0),
      cell('Summer 2019', 1, 0),
      cell('Harbour Surveyor – Western Bay Survey', 0, 1, { bold: true }),
      cell('Fernhill Ports', 0, 1),
      cell('Deckhand', 1, 1, { bold: true }),
      cell('Wren Docks', 1, 1),
    ];
    expect(titleOf(lines)).toBe('Harbour Surveyor');
    expect(titleOf(lines, ['title-dates-column'])).toBeUndefined();
    // Dates that are not a table's cells are an entry's own: nothing is read beside them.
    const untabled = lines.map(({ table: _table, ...rest }) => rest);
    expect(titleOf(untabled)).toBeUndefined();
    // Roles listed oldest first, a row each: the role on the latest dates' row.
    const rows = [
      cell('2019 – 2021', 0, 0),
      cell('2022 – 2024', 1, 0),
      cell('Deckhand', 0, 1, { bold: true }),
      cell('Wren Docks', 0, 1),
      cell('Harbour Surveyor', 1, 1, { bold: true }),
      cell('Fernhill Ports', 1, 1),
    ];
    expect(titleOf(rows)).toBe('Harbour Surveyor');
  });

  it('reads a role whose dates stand after dot leaders (dot-leaders)', () => {
    const lines = [
      line('Fernhill Ports, Omaha, NE - Harbour Surveyor……………………Summer 2019'),
      line('Wren Docks - Deckhand . . . . . . . 2017 - 2018'),
    ];
    expect(titleOf(lines)).toBe('Harbour Surveyor');
    expect(titleOf(lines, ['dot-leaders'])).toBeUndefined();
  });

  it('reads a role whose line ends with a colon, its employer and dates on the line under it', () => {
    const lines = (role: string) => [
      line(role),
      line('Harbor Network of Charter Schools, Speer Academy    August 2016-July 2020'),
      bullet('Founded the honors course'),
    ];
    expect(titleOf(lines('Lead Teacher:'))).toBe('Lead Teacher');
    expect(titleOf(lines('Wind Technician :'))).toBe('Wind Technician');
    // A label that names no role gives none.
    expect(titleOf(lines('Responsibilities:'))).toBeUndefined();
  });

  it('never throws on hostile lines and fills only a short title', () => {
    const hostile = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.string({ unit: 'grapheme', maxLength: 60 }),
      fc.constantFrom(
        'Engineer, Acme',
        '2020 - Present',
        'May 2020 | June',
        '<span>',
        ': ',
        'Role: ',
        ', , , ,',
        '((((((((',
        'Corner Market, Boise, ID - ',
        'Research Assistant Tide Lab',
        'March 2023 - Current',
        'Desarrollador Backend Senior | Acme | 2020 - Presente',
        '2015 - 2017',
        'Director, Kiln Operations | 2020 - Present',
        'Career Break | 2022 - Present',
        'Software Engineer 2 | Globex | 2020',
      ),
      fc
        .tuple(
          fc.constantFrom(
            'a ',
            '2020 ',
            '- ',
            ', ',
            '<a ',
            '(2020)',
            'Analista Senior ',
            'L2 ',
            '(E-5) ',
            'Director, ',
          ),
          fc.nat(3000),
        )
        .map(([unit, count]) => unit.repeat(count)),
    );
    const marked = fc.record({
      text: hostile,
      bold: fc.boolean(),
      size: fc.double({ min: 0.5, max: 3, noNaN: true }),
      list: fc.boolean(),
      // A bold opening: often not the text's own start, which the sections leave out.
      lead: fc.option(fc.constantFrom('Research Assistant', 'Senior', 'March', ''), {
        nil: undefined,
      }),
      block: fc.nat(5),
    });
    fc.assert(
      fc.property(fc.array(marked, { maxLength: 25 }), (lines) => {
        const title = titleOf(lines);
        if (title !== undefined) {
          expect(title.length).toBeGreaterThan(0);
          expect(title.length).toBeLessThanOrEqual(MAX_LENGTHS.latest_job_title);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('the latest job title: entries that are no role', () => {
  it.each([
    'Master’s Thesis, Fernhill Ports + State Maritime Academy | May 2024 – Present',
    'Project Thesis | 2024 - Present',
    'Trabajo de fin de máster | 2024 - Actualidad',
  ])('reads the role after an entry for a thesis: %s (title-thesis-entry)', (thesis) => {
    const lines = [
      line(thesis),
      line('Tidal Charts at Scale: A Review of Harbour Surveys.'),
      bullet('Reviewed forty surveys of the docks'),
      line('Harbour Surveyor, Fernhill Ports | 2021 - Present'),
      bullet('Sounded the harbour'),
    ];
    expect(titleOf(lines)).toBe('Harbour Surveyor');
    expect(titleOf(lines, ['title-thesis-entry'])).toBeUndefined();
  });

  it('passes over undated list items before the first dated role: the section summed up (title-summary-list)', () => {
    const lines = [
      bullet('Tide model developer'),
      bullet('Open source contributor to'),
      line('tidekit, chartlib', { indent: 1 }),
      bullet('Proficient in Fortran and Julia'),
      line('March 2018 - Present'),
      line('Harbour Surveyor at Fernhill Ports', { indent: 1 }),
      line('I chart the docks.', { indent: 1 }),
    ];
    expect(titleOf(lines)).toBe('Harbour Surveyor');
    expect(titleOf(lines, ['title-summary-list'])).toBe('Tide model developer');
  });
});

describe('the latest job title: hyphens as a dash (title-double-hyphen)', () => {
  it.each([
    ['Fernhill Ports -- Harbour Surveyor, 2020 -- Present', 'Fernhill Ports -- Harbour Surveyor'],
    ['Fernhill Ports --- Harbour Surveyor | 2020 - Present', 'Fernhill Ports --- Harbour Surveyor'],
  ])('parts %s at its hyphens', (head, off) => {
    const lines = [line(head, { bold: true }), bullet('Sounded the docks')];
    expect(titleOf(lines)).toBe('Harbour Surveyor');
    expect(titleOf(lines, ['title-double-hyphen'])).toBe(off);
  });
});

describe('the latest job title: a role in brackets with its field, and a school no title', () => {
  it('reads a role whose field follows a dash inside the brackets after the employer (title-dash-in-parens)', () => {
    const lines = [
      line('Fernhill Ports, Taos, NM (Harbour Surveyor – Tides, Jun 2019-)'),
      bullet('Sounded the docks'),
    ];
    expect(titleOf(lines)).toBe('Harbour Surveyor');
    expect(titleOf(lines, ['title-dash-in-parens'])).toBe('NM (Harbour Surveyor');
  });

  it('leaves the title empty where the latest entry gives a school’s name only (title-not-school)', () => {
    const doc = [
      line('Mara Quill', { size: 1.3, bold: true }),
      line('DEGREES EARNED', { bold: true, caps: true, block: 1 }),
      line('2018 | PhD, Oceanography, State University', { block: 1 }),
      line('TEACHING EXPERIENCE', { bold: true, caps: true, block: 2 }),
      line('Courses Taught', { bold: true, block: 3 }),
      line('State Maritime University', { block: 4 }),
      line('Harbour Surveying (2020)', { block: 4 }),
      line('Tides and Docks (2019, 2020)', { block: 4 }),
    ];
    expect(extractFields(doc).latest_job_title).toBeUndefined();
    expect(withRulesOff(['title-not-school'], () => extractFields(doc).latest_job_title)).toBe(
      'State Maritime University',
    );
    // A title with its noun stays, a school's word in it or not.
    const role = doc.map((one) =>
      one.text === 'State Maritime University'
        ? { ...one, text: 'College Lecturer, State Maritime University' }
        : one,
    );
    expect(extractFields(role).latest_job_title).toBe('College Lecturer');
  });
});
