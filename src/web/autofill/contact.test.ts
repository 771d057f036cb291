// The contact block's rules (issue 45), each on a small document made up for it, each with its
// rule turned off to show what it does: the name as the most prominent text at the top, never a
// place; titles, credentials and marks around a name; placeholder and foreign phone numbers; a
// contact line wherever it stands.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { regexes } from 'zod/mini';
import { extractFields } from '../../../test/helpers/extract.ts';
import { MAX_LENGTHS } from '../../shared/constants.ts';
import { inPlan } from './contact.ts';
import type { DocLine } from './document.ts';
import { withRulesOff } from './rules.ts';

const line = (text: string, marks: Partial<DocLine> = {}): DocLine => ({
  text,
  block: 0,
  ...marks,
});

describe('the name', () => {
  // Contact lines first, the name below them in large capitals over two lines, a link wrapped
  // between its halves (a sidebar's narrow column).
  const larger: DocLine[] = [
    line('12 Harbor Street', { size: 1 }),
    line('rivera.jordan@example.com', { size: 1 }),
    line('JORDAN', { size: 1.6, caps: true }),
    line('rivera/', { size: 1 }),
    line('RIVERA STONE', { size: 1.6, caps: true }),
    line('Experience', { size: 1.3 }),
    line('Analyst | Initech | 2020 - Present', { size: 1 }),
  ];

  it('is the most prominent text at the top, read as one where it is set on two lines', () => {
    expect(extractFields(larger)).toMatchObject({
      first_name: 'Jordan',
      last_name: 'Rivera Stone',
    });
    const off = withRulesOff(['name-prominent'], () => extractFields(larger));
    expect(off.first_name).toBeUndefined();
    expect(off.last_name).toBeUndefined();
  });

  it('takes a name whose apostrophe is curly as one whose apostrophe is straight', () => {
    const named = (name: string) => [
      line(name, { size: 2.2, bold: true }),
      line('moran@example.com', { size: 1 }),
      line('Experience', { size: 1.3, bold: true }),
      line('Harbour Surveyor, Fernhill Ports, 2019 - Present', { size: 1 }),
    ];
    for (const [name, last] of [
      ['Cormac O’Neill', 'O’Neill'],
      ["Cormac O'Neill", "O'Neill"],
      ['Aoife D’Arcy', 'D’Arcy'],
    ]) {
      expect(extractFields(named(name ?? ''))).toMatchObject({
        first_name: name?.split(' ')[0],
        last_name: last,
      });
    }
  });

  it('is no line below the first set as the known headings are (name-not-heading)', () => {
    // The name stands in a text box no reader gives; the first heading is one no list names.
    const heading = (text: string) => line(text, { size: 1.33, heading: 1 });
    const doc = [
      line('Fernhill Lab · Taos, NM 87571 · mara@example.com', { size: 0.8 }),
      heading('Coastal Interests'),
      line('Tides and the birds that follow them', { list: true }),
      heading('Research Experience'),
      line('Graduate Research Assistant, Tidewater Marine Lab'),
    ];
    const { first_name, last_name } = extractFields(doc);
    expect([first_name, last_name]).toEqual([undefined, undefined]);
    expect(withRulesOff(['name-not-heading'], () => extractFields(doc))).toMatchObject({
      first_name: 'Coastal',
      last_name: 'Interests',
    });
    // The first line, set as the headings are, is still the name (`# Mara Quill` over `# Skills`).
    const markdown = [heading('Mara Quill'), heading('Skills'), line('Knots, charts')];
    expect(extractFields(markdown)).toMatchObject({ first_name: 'Mara', last_name: 'Quill' });
  });

  it('is run into the headline after it on one line, where the email names it (name-before-headline)', () => {
    const doc = (email: string) => [
      line('Odile Marchetti Field Service Technician', { size: 2.1 }),
      line(email),
      line('Skills', { size: 1.3 }),
      line('Wiring, meters'),
    ];
    expect(extractFields(doc('odile.m@example.com'))).toMatchObject({
      first_name: 'Odile',
      last_name: 'Marchetti',
    });
    // An email that names neither leaves the name empty: `Data Science Manager` is no name.
    expect(extractFields(doc('fieldops@example.com')).first_name).toBeUndefined();
    const off = withRulesOff(['name-before-headline'], () =>
      extractFields(doc('odile.m@example.com')),
    );
    expect(off.first_name).toBeUndefined();
  });

  it('is the largest line, not a smaller line above it that reads as a name', () => {
    const doc = [
      line('Maple Grove', { size: 0.9 }),
      line('Priya Natarajan', { size: 2.2 }),
      line('priya@example.com', { size: 0.9 }),
    ];
    expect(extractFields(doc)).toMatchObject({ first_name: 'Priya', last_name: 'Natarajan' });
    expect(withRulesOff(['name-prominent'], () => extractFields(doc))).toMatchObject({
      first_name: 'Maple',
      last_name: 'Grove',
    });
  });

  it('is the Latin one where the same name stands beside it in another script (name-other-script)', () => {
    const resume = (name: string) => [line(name, { size: 1.8 }), line('tide@example.com')];
    for (const [name, first, last] of [
      ['Haoran Qiu 邱浩然', 'Haoran', 'Qiu'],
      ['김민준 Minjun Kim', 'Minjun', 'Kim'],
      ['Aiko Tanaka 田中 愛子', 'Aiko', 'Tanaka'],
    ]) {
      expect(extractFields(resume(name ?? '')), name).toMatchObject({
        first_name: first,
        last_name: last,
      });
      expect(
        withRulesOff(['name-other-script'], () => extractFields(resume(name ?? ''))),
        name,
      ).not.toHaveProperty('first_name');
    }
  });

  it('splits a name in Chinese characters alone after its surname (name-han)', () => {
    const resume = (name: string) => [line(name, { size: 1.8 }), line('tide@example.com')];
    for (const [name, first, last] of [
      ['张硕', '硕', '张'],
      ['韩思源', '思源', '韩'],
      ['歐陽娜娜', '娜娜', '歐陽'],
    ]) {
      expect(extractFields(resume(name ?? '')), name).toMatchObject({
        first_name: first,
        last_name: last,
      });
      const off = withRulesOff(['name-han'], () => extractFields(resume(name ?? '')));
      expect(off, name).not.toHaveProperty('first_name');
    }
    // Characters that open with no common surname are no name: a heading, `基本信息`.
    expect(extractFields(resume('基本信息'))).not.toHaveProperty('first_name');
    // A form's label, its two characters parted as a table sets them.
    const form = [line('基本信息', { size: 1.3 }), line('姓 | 名：张硕'), line('tide@example.com')];
    expect(extractFields(form)).toMatchObject({ first_name: '硕', last_name: '张' });
  });

  it('of three names, the middle is a middle name when the email names the last and not it', () => {
    const resume = (email: string) => [line('Dana Marie Okafor', { size: 1.8 }), line(email)];
    expect(extractFields(resume('dokafor@example.com'))).toMatchObject({
      first_name: 'Dana',
      last_name: 'Okafor',
    });
    // The email names the middle: the last two are the surname as written.
    expect(extractFields(resume('dana.marieo@example.com')).last_name).toBe('Marie Okafor');
    // It names neither, or there is none: nothing tells, and the last name is left empty
    // (surname-unsure); without the rule, the last two are the surname.
    expect(extractFields(resume('dana1990@example.com'))).toMatchObject({ first_name: 'Dana' });
    expect(extractFields(resume('dana1990@example.com')).last_name).toBeUndefined();
    expect(extractFields([line('Dana Marie Okafor', { size: 1.8 })]).last_name).toBeUndefined();
    expect(
      withRulesOff(['surname-unsure'], () => extractFields(resume('dana1990@example.com'))),
    ).toMatchObject({ last_name: 'Marie Okafor' });
    expect(
      withRulesOff(['middle-name', 'surname-unsure'], () =>
        extractFields(resume('dokafor@example.com')),
      ),
    ).toMatchObject({
      last_name: 'Marie Okafor',
    });
    // Accents aside; a particle keeps a surname whole.
    expect(
      extractFields([line('Ana Peña Ruíz', { size: 1.8 }), line('aruiz@example.com')]).last_name,
    ).toBe('Ruíz');
    expect(
      extractFields([line('Dana Van Okafor', { size: 1.8 }), line('dokafor@example.com')])
        .last_name,
    ).toBe('Van Okafor');
  });

  it('of three names in a resume in English, the middle is a middle name unless the email names it (middle-in-english)', () => {
    const resume = (heading: string, email: string) => [
      line('Dana Marie Okafor', { size: 1.8 }),
      line(email),
      line(heading, { size: 1.3, bold: true }),
      line('Surveyor, Globex, 2019 - Present'),
    ];
    expect(extractFields(resume('Experience', 'dana1990@example.com'))).toMatchObject({
      first_name: 'Dana',
      last_name: 'Okafor',
    });
    // The email names the middle: the last two are the surname as written.
    expect(extractFields(resume('Experience', 'dmarie@example.com')).last_name).toBe(
      'Marie Okafor',
    );
    // In Spanish, two surnames are the usage: nothing tells, the last name is left empty.
    expect(extractFields(resume('Experiencia', 'dana1990@example.com')).last_name).toBeUndefined();
    expect(
      withRulesOff(['middle-in-english'], () =>
        extractFields(resume('Experience', 'dana1990@example.com')),
      ).last_name,
    ).toBeUndefined();
  });

  it('of three names in a resume in English that names Spanish as native or such a country, the last two are the surname (surnames-in-english)', () => {
    const resume = (more: string) => [
      line('Dana Marquez Okafor', { size: 1.8 }),
      line('dana1990@example.com'),
      line('Experience', { size: 1.3, bold: true }),
      line('Surveyor, Globex, 2019 - Present'),
      line('Languages', { size: 1.3, bold: true }),
      line(more),
    ];
    expect(extractFields(resume('Spanish (native), English')).last_name).toBe('Marquez Okafor');
    expect(extractFields(resume('English | Lima, Perú')).last_name).toBe('Marquez Okafor');
    expect(
      withRulesOff(['surnames-in-english'], () => extractFields(resume('Spanish (native)')))
        .last_name,
    ).toBe('Okafor');
    // A phone after such a country's calling code tells it too (surnames-by-code).
    expect(extractFields(resume('(+34) 632 928 866')).last_name).toBe('Marquez Okafor');
    expect(
      withRulesOff(['surnames-by-code'], () => extractFields(resume('(+34) 632 928 866')))
        .last_name,
    ).toBe('Okafor');
    // Spanish learned, a school there, or New Mexico tell nothing of the writer's surnames.
    for (const more of ['Spanish (B2)', 'Universidad de Sevilla', 'Santa Fe, New Mexico']) {
      expect(extractFields(resume(more)).last_name).toBe('Okafor');
    }
  });

  it('of three names in a resume in English, an email that runs the middle after the first or before the last alone makes it a given name (given-pair-email)', () => {
    const resume = (email: string, school = 'Lakeside College') => [
      line('Tamsin Odile Brackwater', { size: 1.8 }),
      line(email),
      line('Experience', { size: 1.3, bold: true }),
      line('Surveyor, Globex, 2019 - Present'),
      line('Education', { size: 1.3, bold: true }),
      line(school),
    ];
    const given = { first_name: 'Tamsin Odile', last_name: 'Brackwater' };
    expect(extractFields(resume('tamsinodile@example.com'))).toMatchObject(given);
    expect(extractFields(resume('tamsin.odile.brackwater@example.com'))).toMatchObject(given);
    expect(extractFields(resume('odile.brackwater@example.com'))).toMatchObject(given);
    expect(
      withRulesOff(['given-pair-email'], () => extractFields(resume('tamsinodile@example.com'))),
    ).toMatchObject({ first_name: 'Tamsin', last_name: 'Odile Brackwater' });
    // An email that names the last and not the middle: a middle name (middle-name).
    expect(extractFields(resume('tamsin.brackwater@example.com'))).toMatchObject({
      first_name: 'Tamsin',
      last_name: 'Brackwater',
    });
    // A resume that names a school or a country where two surnames are the usage keeps them.
    for (const school of ['Universidad de Ribera', 'Lakeside College, Colombia'])
      expect(extractFields(resume('tamsinodile@example.com', school))).toMatchObject({
        first_name: 'Tamsin',
        last_name: 'Odile Brackwater',
      });
  });

  it("of three names, an email of both given names' initials before the surname gives two given names (given-initials)", () => {
    const resume = (heading: string, email: string) => [
      line('Mara José Quintana', { size: 1.8 }),
      line(email),
      line(heading, { size: 1.3, bold: true }),
      line('Topógrafa, Puertos del Sur, 2019 - 2024'),
    ];
    expect(extractFields(resume('Experiencia', 'mjquintana@example.com'))).toMatchObject({
      first_name: 'Mara José',
      last_name: 'Quintana',
    });
    expect(
      withRulesOff(['given-initials'], () =>
        extractFields(resume('Experiencia', 'mjquintana@example.com')),
      ),
    ).toMatchObject({ first_name: 'Mara', last_name: 'Quintana' });
    // In English the middle name stays out of both fields, as before.
    expect(extractFields(resume('Experience', 'mjquintana@example.com'))).toMatchObject({
      first_name: 'Mara',
      last_name: 'Quintana',
    });
    // An email of one initial names no second given name.
    expect(extractFields(resume('Experiencia', 'mquintana@example.com')).first_name).toBe('Mara');
  });

  it('of four names in a resume in Spanish, two are given names and two surnames (spanish-four-names)', () => {
    const resume = (heading: string) => [
      line('Mara José Quintana Ruiz', { size: 1.8 }),
      line('mara@example.com'),
      line(heading, { size: 1.3, bold: true }),
      line('Topógrafa, Puertos del Sur, 2019 - 2024'),
    ];
    expect(extractFields(resume('Experiencia'))).toMatchObject({
      first_name: 'Mara José',
      last_name: 'Quintana Ruiz',
    });
    expect(
      withRulesOff(['spanish-four-names'], () => extractFields(resume('Experiencia'))),
    ).toMatchObject({ first_name: 'Mara', last_name: 'José Quintana Ruiz' });
    // In English too (four-names-any); with a particle, the names are read as before.
    expect(extractFields(resume('Experience'))).toMatchObject({
      first_name: 'Mara José',
      last_name: 'Quintana Ruiz',
    });
    expect(
      withRulesOff(['four-names-any'], () => extractFields(resume('Experience'))).first_name,
    ).toBe('Mara');
    const particle = [
      line('Mara José de Quintana', { size: 1.8 }),
      line('Experiencia', { size: 1.3, bold: true }),
    ];
    expect(extractFields(particle).first_name).toBe('Mara');
  });

  it('is never a place line', () => {
    const doc = ['Cedar Falls, IA, USA', 'Morgan Ellis', 'morgan@example.com'];
    expect(extractFields(doc)).toMatchObject({
      first_name: 'Morgan',
      last_name: 'Ellis',
      home_town: 'Cedar Falls, IA',
    });
    expect(withRulesOff(['name-not-place'], () => extractFields(doc))).toMatchObject({
      first_name: 'Cedar',
      last_name: 'Falls',
    });
    // A state spelled out, a zip: places too. A credential after a name is no place.
    expect(extractFields(['Lake Placid, New York', 'Morgan Ellis']).first_name).toBe('Morgan');
    expect(extractFields(['Lake Placid, NY 12946', 'Morgan Ellis']).first_name).toBe('Morgan');
    expect(extractFields(['Morgan Ellis, MD', 'morgan@example.com'])).toMatchObject({
      first_name: 'Morgan',
      last_name: 'Ellis',
    });
  });

  it.each([
    ['Dr. Noor Haddad', 'Noor', 'Haddad'],
    ['Prof. Noor Haddad', 'Noor', 'Haddad'],
    ['Noor Haddad, C.P.A. (2004)', 'Noor', 'Haddad'],
    ['Noor Haddad (she/her)', 'Noor', 'Haddad'],
    ['+Noor Haddad', 'Noor', 'Haddad'],
    ['NOOR HADDAD M.S.', 'Noor', 'Haddad'],
    ['Noor Haddad PhD', 'Noor', 'Haddad'],
  ])('leaves out a title, credentials, brackets and marks around it: %j', (text, first, last) => {
    const doc = [text, 'noor@example.com'];
    expect(extractFields(doc)).toMatchObject({ first_name: first, last_name: last });
    expect(withRulesOff(['name-affixes'], () => extractFields(doc)).first_name).toBeUndefined();
  });

  it.each(['Dr Noor Haddad', 'Prof Noor Haddad', 'Mrs Noor Haddad', 'Sra Noor Haddad'])(
    'leaves out a title written without its dot: %j (name-title-undotted)',
    (text) => {
      const doc = [text, 'noor@example.com'];
      expect(extractFields(doc)).toMatchObject({ first_name: 'Noor', last_name: 'Haddad' });
      const off = withRulesOff(['name-title-undotted'], () => extractFields(doc));
      expect(off.first_name).toBe(text.split(' ')[0]);
      // Only those titles: a short given name stays (`Mo Haddad`).
      expect(extractFields(['Mo Haddad', 'mo@example.com'])).toMatchObject({
        first_name: 'Mo',
        last_name: 'Haddad',
      });
    },
  );

  it('reads a name among contact items on its line (name-among-contacts)', () => {
    // A head table of three cells: contact items either side of the name.
    const doc = [
      'Fernhill, New Hampshire',
      'noor@example.com | Noor Haddad | linkedin.com/in/noor-haddad/',
    ];
    expect(extractFields(doc)).toMatchObject({ first_name: 'Noor', last_name: 'Haddad' });
    const off = withRulesOff(['name-among-contacts'], () => extractFields(doc));
    expect(off.first_name).toBeUndefined();
    // A town among them is no name: the line's email names none of its words.
    const town = ['jane@example.com | New York | (212) 555-0100', 'Experience'];
    expect(extractFields(town).first_name).toBeUndefined();
  });

  it('reads a name a tab parts before its contact items (name-tab-parted)', () => {
    const doc = ['Noor | Haddad | Email : noor@example.com', 'Mobile : +1-617-555-0142'];
    expect(extractFields(doc)).toMatchObject({ first_name: 'Noor', last_name: 'Haddad' });
    const off = withRulesOff(['name-tab-parted'], () => extractFields(doc));
    expect(off.first_name).toBeUndefined();
    // Two words before no contact item are no name parted so.
    expect(extractFields(['Skills | Python | Go', 'noor@example.com']).first_name).toBeUndefined();
  });

  it('leaves a single initial after two names out of both fields (name-trailing-initial)', () => {
    const doc = ['Noor Haddad K', 'noor@example.com'];
    expect(extractFields(doc)).toMatchObject({ first_name: 'Noor', last_name: 'Haddad' });
    const off = withRulesOff(['name-trailing-initial'], () => extractFields(doc));
    expect(off.first_name).toBeUndefined();
    // Initials that are the surname stay (`Arpitha B T` is no name with one trailing initial).
    expect(extractFields(['Noor B T', 'noor@example.com']).last_name).not.toBe('B');
  });

  it('leaves a single initial before two names out of both fields (name-leading-initial)', () => {
    const doc = ['R. Noor Haddad', 'noor@example.com'];
    expect(extractFields(doc)).toMatchObject({ first_name: 'Noor', last_name: 'Haddad' });
    const off = withRulesOff(['name-leading-initial'], () => extractFields(doc));
    expect(off.first_name).toBeUndefined();
    // Before one name alone, the initial stays a given name's (`R. Haddad` is no name to fill).
    expect(extractFields(['R. Haddad', 'noor@example.com']).first_name).toBeUndefined();
  });

  it('reads one name and the initials after it alone as the given name and the surname (name-initials-surname)', () => {
    const name = (line: string, off: readonly string[] = []) =>
      withRulesOff(off, () => {
        const { first_name, last_name } = extractFields([line, 'noor@example.com']);
        return [first_name, last_name];
      });
    expect(name('NOOR K')).toEqual(['Noor', 'K']);
    expect(name('Noor B T')).toEqual(['Noor', 'B T']);
    expect(name('NOOR K', ['name-initials-surname'])).toEqual([undefined, undefined]);
    expect(name('Noor B T', ['name-initials-surname'])).toEqual([undefined, undefined]);
    // Three initials are no surname.
    expect(name('Noor B T K')).toEqual([undefined, undefined]);
  });

  it.each([
    ['Noor “Nono” Haddad', 'Noor', 'Haddad', 'name-nickname'],
    ['Dr. Noor "Nono" Haddad', 'Noor', 'Haddad', 'name-nickname'],
    ["Noor 'Nono' Haddad", 'Noor', 'Haddad', 'name-nickname'],
    ['Noor（Nono） Haddad', 'Noor', 'Haddad', 'name-wide-brackets'],
    ['Noor Haddad（哈达德）', 'Noor', 'Haddad', 'name-wide-brackets'],
    ['Noor Haddad MEng, FHEA, CEng', 'Noor', 'Haddad', 'post-nominals'],
    ['Noor Haddad BEng, MRes', 'Noor', 'Haddad', 'post-nominals'],
    ['N OOR H ADDAD', 'Noor', 'Haddad', 'small-caps-name'],
    ['Noor HADDAD', 'Noor', 'Haddad', 'name-caps-surname'],
    ['Jean-Luc DE VRIES', 'Jean-Luc', 'De Vries', 'name-caps-surname'],
    ['Wei LI', 'Wei', 'Li', 'name-caps-surname'],
    ['Seo-yeon Park', 'Seo-yeon', 'Park', 'name-hyphen-lower'],
  ])('reads %j as %s %s, and nothing with %s off', (text, first, last, rule) => {
    // A nickname in quotes is no name of the fields; a surname set in capitals after the given
    // name is the last name.
    const doc = [text, 'noor@example.com'];
    expect(extractFields(doc)).toMatchObject({ first_name: first, last_name: last });
    expect(withRulesOff([rule], () => extractFields(doc)).first_name).toBeUndefined();
  });

  it("reads a particle's word that ends a name in capitals as its surname (name-particle-last)", () => {
    const doc = ['NOOR (NONO) LE', 'noor@example.com'];
    expect(extractFields(doc)).toMatchObject({ first_name: 'Noor', last_name: 'Le' });
    const off = withRulesOff(['name-particle-last'], () => extractFields(doc));
    expect([off.first_name, off.last_name]).toEqual(['Noor', undefined]);
    // Before another name it is still a particle, whose casing cannot be known.
    expect(extractFields(['NOOR DE HAAS', 'noor@example.com']).last_name).toBeUndefined();
  });

  it('reads the name in a first-level heading before a plain title over it (name-heading-one)', () => {
    // A Jekyll CV: its front matter's title, then the page's `# Name`.
    const doc = (title: string) => [
      line(title, { block: 0 }),
      line('Mara-Lucía Quill', { heading: 1, block: 1 }),
      line('Harbour Surveyor', { block: 1 }),
      line('mara@example.com', { block: 2 }),
      line('Experience', { heading: 2, block: 3 }),
    ];
    for (const title of ["Mara Quill's CV", 'Mara Quill Lebenslauf']) {
      expect(extractFields(doc(title))).toMatchObject({
        first_name: 'Mara-Lucía',
        last_name: 'Quill',
      });
      const off = withRulesOff(['name-heading-one'], () => extractFields(doc(title)));
      expect(off.first_name).toBe('Mara');
    }
    // The first line a heading itself, or no name in the heading: the first line's name stands.
    const headed = doc('Mara Quill').map((one, index) =>
      index === 0 ? { ...one, heading: 1 } : one,
    );
    expect(extractFields(headed).first_name).toBe('Mara');
    const titled = doc('Mara Quill').map((one, index) =>
      index === 1 ? { ...one, text: 'Curriculum Vitae' } : one,
    );
    expect(extractFields(titled).first_name).toBe('Mara');
  });

  it('reads the name under the first heading when nothing stands before it (name-under-first-heading)', () => {
    // A sidebar holding the name, read after the main column's first heading.
    const doc = [
      line('PROFILE', { bold: true, size: 1.3, caps: true }),
      line('NOOR HADDAD, Ph.D.', { size: 1.5, area: 'sidebar' }),
      line('Field Ecologist', { size: 1.1, area: 'sidebar' }),
      line('noor@example.com', { area: 'sidebar' }),
    ];
    expect(extractFields(doc)).toMatchObject({ first_name: 'Noor', last_name: 'Haddad' });
    const off = withRulesOff(['name-under-first-heading'], () => extractFields(doc));
    expect(off.first_name).toBeUndefined();
    // Only the most prominent text: a plain line under the heading is no name.
    const plain = [line('SKILLS', { bold: true, size: 1.3, caps: true }), line('Python Java')];
    expect(extractFields(plain).first_name).toBeUndefined();
  });

  it('reads no surname from a generation or a credential in capitals', () => {
    for (const text of ['Noor CPA', 'Noor HADDAD JR']) {
      expect(extractFields([text, 'noor@example.com'])).toEqual({ email: 'noor@example.com' });
    }
    // A surname in capitals whose casing cannot be known (`MCDONALD`) leaves the last name empty.
    expect(extractFields(['Noor MCDONALD', 'noor@example.com'])).toEqual({
      first_name: 'Noor',
      email: 'noor@example.com',
    });
  });

  // Headings in English, and an email that names neither name: what a middle name rule reads.
  const resume = (name: string) =>
    extractFields([
      name,
      'tide@example.com',
      'Experience',
      'Surveyor, Fernhill Ports, 2020 - 2024',
    ]);

  it('turns round surnames in capitals set before a comma and the given names (surname-first)', () => {
    expect(resume('QUILL, Mara')).toMatchObject({ first_name: 'Mara', last_name: 'Quill' });
    expect(resume('ORTIZ REYES, Ana Lucía')).toMatchObject({
      first_name: 'Ana Lucía',
      last_name: 'Ortiz Reyes',
    });
    // A credential or a generation after the comma is none.
    expect(resume('MARA QUILL, MBA')).toMatchObject({ first_name: 'Mara', last_name: 'Quill' });
    expect(resume('MARA QUILL, Jr.')).toMatchObject({ first_name: 'Mara', last_name: 'Quill' });
    // Without the rule, the surnames read as the whole name.
    expect(withRulesOff(['surname-first'], () => resume('ORTIZ REYES, Ana Lucía'))).toMatchObject({
      first_name: 'Ortiz',
      last_name: 'Reyes',
    });
  });

  it('turns a name of two words round where the rest of the document writes it the other way (name-order-elsewhere)', () => {
    const cv = (authors: string) => [
      line('Tan Meiling', { size: 2 }),
      line('tml@example.edu'),
      line('Publications', { size: 1.3, bold: true }),
      line(`Okafor D, ${authors}, Quill M. Tide tables of the Fernhill estuary. 2024.`),
    ];
    expect(extractFields(cv('Meiling Tan'))).toMatchObject({
      first_name: 'Meiling',
      last_name: 'Tan',
    });
    expect(
      withRulesOff(['name-order-elsewhere'], () => extractFields(cv('Meiling Tan'))),
    ).toMatchObject({
      first_name: 'Tan',
      last_name: 'Meiling',
    });
    // A citation's surname first, a comma between, says nothing; nor does the order at the top
    // written again.
    expect(extractFields(cv('Tan, Meiling'))).toMatchObject({
      first_name: 'Tan',
      last_name: 'Meiling',
    });
    expect(extractFields([...cv('Meiling Tan'), line('Tan Meiling, 2023')]).first_name).toBe('Tan');
  });

  it('reads a name typed in lower case in a style of capitals as the capitals shown (caps-style-name)', () => {
    const resume = [
      line('mara quill', { size: 3, caps: true }),
      line('Harbour surveyor'),
      line('Experience', { size: 1.3, bold: true }),
      line('Surveyor, Fernhill Ports, 2019 - Present'),
    ];
    expect(extractFields(resume)).toMatchObject({ first_name: 'Mara', last_name: 'Quill' });
    const off = withRulesOff(['caps-style-name'], () => extractFields(resume));
    expect([off.first_name, off.last_name]).toEqual([undefined, undefined]);
  });

  it('of three names whose last is a surname of East Asia, reads the first two as the given name (given-pair-east-asian)', () => {
    const resume = (top: string) => [
      line(top, { size: 2 }),
      line('tidewright@example.com'),
      line('Experience', { size: 1.3, bold: true }),
      line('Hydrologist, Fernhill Water, 2021 - Present'),
    ];
    expect(extractFields(resume('Mei Ling Tan'))).toMatchObject({
      first_name: 'Mei Ling',
      last_name: 'Tan',
    });
    const off = withRulesOff(['given-pair-east-asian'], () =>
      extractFields(resume('Mei Ling Tan')),
    );
    expect([off.first_name, off.last_name]).toEqual(['Mei', 'Tan']);
    // Another surname: the middle is a middle name, as before (middle-in-english).
    expect(extractFields(resume('Brenna Joy Holt'))).toMatchObject({
      first_name: 'Brenna',
      last_name: 'Holt',
    });
  });

  it('turns a name round that opens with a surname of East Asia where the handles write it given name first (name-order-handle)', () => {
    const resume = (top: string, email: string, link = 'github.com/tidewright') => [
      line(top, { size: 2 }),
      line(`${email} | ${link}`),
      line('Experience', { size: 1.3, bold: true }),
      line('Hydrologist, Fernhill Water, 2021 - Present'),
    ];
    const given = { first_name: 'Xiuying', last_name: 'Gao' };
    expect(extractFields(resume('Gao Xiuying', 'xiuyinggao@example.com'))).toMatchObject(given);
    expect(extractFields(resume('Gao Xiuying', 'tide.gao@example.com'))).toMatchObject(given);
    expect(extractFields(resume('Gao Xiuying', 'tidegao.sh@example.com'))).toMatchObject(given);
    expect(
      extractFields(resume('Gao Xiuying', 'x@example.com', 'linkedin.com/in/xiuying-gao-5a1')),
    ).toMatchObject(given);
    expect(
      withRulesOff(['name-order-handle'], () =>
        extractFields(resume('Gao Xiuying', 'xiuyinggao@example.com')),
      ),
    ).toMatchObject({ first_name: 'Gao', last_name: 'Xiuying' });
    // Given names first, surname first: both are common in handles, and say nothing of a name
    // that opens with no surname of East Asia, nor of one the handles write as at the top.
    expect(extractFields(resume('Brenna Holt', 'holtbrenna@example.com'))).toMatchObject({
      first_name: 'Brenna',
      last_name: 'Holt',
    });
    expect(
      extractFields(resume('Brenna Holt', 'b@example.com', 'linkedin.com/in/holt-brenna')),
    ).toMatchObject({ first_name: 'Brenna', last_name: 'Holt' });
    expect(extractFields(resume('Gao Xiuying', 'gaoxiuying@example.com'))).toMatchObject({
      first_name: 'Gao',
      last_name: 'Xiuying',
    });
  });

  it('drops the middle name of a turned name whose email names only its last given word (turned-middle-name)', () => {
    const resume = (email: string) => [
      line('Nguyen Van Long', { size: 2 }),
      line(email),
      line('Experience', { size: 1.3, bold: true }),
      line('Hydrologist, Fernhill Water, 2021 - Present'),
    ];
    expect(extractFields(resume('longnguyen@example.com'))).toMatchObject({
      first_name: 'Long',
      last_name: 'Nguyen',
    });
    expect(
      withRulesOff(['turned-middle-name'], () => extractFields(resume('longnguyen@example.com'))),
    ).toMatchObject({ first_name: 'Van Long', last_name: 'Nguyen' });
    // An email that names both given words keeps them.
    expect(extractFields(resume('vanlongnguyen@example.com'))).toMatchObject({
      first_name: 'Van Long',
    });
  });

  it('keeps the order at the top that a LinkedIn address writes, whatever the document writes further down (handle-keeps-order)', () => {
    const cv = (slug: string) => [
      line('Ravindra Kothapalli', { size: 2 }),
      line(`rk77@example.com | linkedin.com/in/${slug}`),
      line('Publications', { size: 1.3, bold: true }),
      line('Okafor D, Kothapalli Ravindra. Silt in the Fernhill estuary. 2024.'),
    ];
    const asAtTop = { first_name: 'Ravindra', last_name: 'Kothapalli' };
    expect(extractFields(cv('ravindra-kothapalli-31b'))).toMatchObject(asAtTop);
    expect(
      withRulesOff(['handle-keeps-order'], () => extractFields(cv('ravindra-kothapalli-31b'))),
    ).toMatchObject({ first_name: 'Kothapalli', last_name: 'Ravindra' });
    // An address that names it not leaves it to the order further down (name-order-elsewhere).
    expect(extractFields(cv('rk-hydro'))).toMatchObject({
      first_name: 'Kothapalli',
      last_name: 'Ravindra',
    });
  });

  it('reads a Russian full name by its patronymic: the surname first before a given name and a patronymic (patronymic-order)', () => {
    const cv = (...top: string[]) => [
      ...top.map((text) => line(text, { size: 2, bold: true })),
      line('+7 900 000 00 00'),
      line('Опыт работы', { size: 1.3, bold: true }),
      line('Инженер, 2020 — настоящее время'),
    ];
    expect(extractFields(cv('Соколова Дарья', 'Игоревна'))).toMatchObject({
      first_name: 'Дарья',
      last_name: 'Соколова',
    });
    expect(extractFields(cv('Orlov Mikhail Petrovich'))).toMatchObject({
      first_name: 'Mikhail',
      last_name: 'Orlov',
    });
    // The full name written further down with its patronymic turns a name of two round.
    expect(extractFields([...cv('Зимин Артём'), line('ФИО: Зимин Артём Сергеевич')])).toMatchObject(
      { first_name: 'Артём', last_name: 'Зимин' },
    );
    // A patronymic between the given name and the surname is in neither field.
    expect(extractFields(cv('Mikhail Petrovich Orlov'))).toMatchObject({
      first_name: 'Mikhail',
      last_name: 'Orlov',
    });
    const off = withRulesOff(['patronymic-order'], () =>
      extractFields(cv('Orlov Mikhail Petrovich')),
    );
    expect([off.first_name, off.last_name]).toEqual(['Orlov', undefined]);
  });

  it('keeps a surname with a capital inside it before credentials, and parts no initial from a surname (post-nominals, small-caps-name)', () => {
    // A surname that opens as McKee, DeVito or LaRue does is no post-nominal letters.
    for (const name of ['Noor McKee', 'Noor DeVito', 'Noor LaRue', 'Noor MacLeod']) {
      expect(resume(`${name}, MBA, PMP`)).toMatchObject({
        first_name: 'Noor',
        last_name: name.split(' ')[1],
      });
    }
    // Post-nominal letters need a comma list after them: a lone word in capitals is a surname.
    expect(resume('Noor HADDAD')).toMatchObject({ first_name: 'Noor', last_name: 'Haddad' });
    // An initial before a surname is no small capital: `J SMITH` is no name `Jsmith`.
    expect(resume('J HADDAD').first_name).toBeUndefined();
  });

  it('leaves a generation after the name out, no comma before it (name-generation)', () => {
    expect(resume('Mara Quill Jr.')).toMatchObject({ first_name: 'Mara', last_name: 'Quill' });
    expect(resume('Mara Quill III')).toMatchObject({ first_name: 'Mara', last_name: 'Quill' });
    expect(
      withRulesOff(['name-generation'], () => resume('Mara Quill III')).first_name,
    ).toBeUndefined();
  });

  it('reads the names before surnames in capitals as given names, none a middle name (given-names)', () => {
    expect(resume('Ana Lucía ORTIZ REYES')).toMatchObject({
      first_name: 'Ana Lucía',
      last_name: 'Ortiz Reyes',
    });
    expect(resume('Anna van der BERG')).toMatchObject({
      first_name: 'Anna',
      last_name: 'van der Berg',
    });
    // Without the rule, the second given name is taken for a surname, and in an English resume
    // the first surname for a middle name.
    expect(
      withRulesOff(['given-names', 'four-names-any'], () => resume('Ana Lucía ORTIZ REYES')),
    ).toMatchObject({
      first_name: 'Ana',
      last_name: 'Lucía Ortiz Reyes',
    });
    expect(withRulesOff(['given-names'], () => resume('Mara ORTIZ REYES'))).toMatchObject({
      first_name: 'Mara',
      last_name: 'Reyes',
    });
  });
});

describe('the contact line', () => {
  it("reads a line through Markdown's hard line break, a backslash at its end (markdown-line-break)", () => {
    const doc = [
      line('Tomasz Wren'),
      line('> tomasz@example.org \\'),
      line('> Omaha, NE 68102 \\'),
    ];
    expect(extractFields(doc)).toMatchObject({ zip_code: '68102', home_town: 'Omaha, NE' });
    const off = withRulesOff(['markdown-line-break'], () => extractFields(doc));
    expect(off.zip_code).toBeUndefined();
  });

  it('reads a phone after a zip, a dot between, and no town from an office with a room (zip-not-digits, room-office)', () => {
    const doc = [line('Tomasz Wren', { size: 1.8 }), line('Omaha, NE 68102 · (402) 555-0147')];
    expect(extractFields(doc).phone).toBe('+14025550147');
    expect(withRulesOff(['zip-not-digits'], () => extractFields(doc)).phone).toBeUndefined();
    // Groups of a number parted so still join.
    expect(extractFields(['Tomasz Wren', '(402) · 555 · 0147']).phone).toBe('+14025550147');
    const office = [
      line('Tomasz Wren', { size: 1.8 }),
      line('tomasz@example.org • 1400 R Street, Room 1205 - Lincoln, Nebraska, USA'),
    ];
    expect(extractFields(office).home_town).toBeUndefined();
    expect(withRulesOff(['room-office'], () => extractFields(office)).home_town).toBe(
      'Lincoln, Nebraska',
    );
  });

  it('gives the town and zip before other contact items with no separator (contact-run-after-town)', () => {
    const doc = [
      line('Tomasz Wren', { size: 1.8 }),
      line('Omaha, NE 68102 tomasz@example.org (402) 555-0147'),
    ];
    expect(extractFields(doc)).toMatchObject({ home_town: 'Omaha, NE', zip_code: '68102' });
    const off = withRulesOff(['contact-run-after-town'], () => extractFields(doc));
    expect([off.home_town, off.zip_code]).toEqual([undefined, undefined]);
    // Without a zip; and a house number after the state is too short for a phone.
    const bare = [line('Tomasz Wren', { size: 1.8 }), line('Omaha, NE tomasz@example.org')];
    expect(extractFields(bare).home_town).toBe('Omaha, NE');
    const short = [line('Tomasz Wren', { size: 1.8 }), line('Omaha, NE 402 11')];
    expect(extractFields(short).home_town).toBeUndefined();
  });

  it('gives the town after other contact items with no separator (contact-run-in-town)', () => {
    const doc = [
      line('Tomasz Wren', { size: 1.8 }),
      line('tomasz@example.org (402) 555-0147 LinkedIn GitHub Omaha, NE'),
    ];
    expect(extractFields(doc).home_town).toBe('Omaha, NE');
    expect(withRulesOff(['contact-run-in-town'], () => extractFields(doc).home_town)).toBe(
      undefined,
    );
    // A link in angle brackets, as Markdown's autolink writes it, is one such item.
    const autolink = [line('Tomasz Wren', { size: 1.8 }), line('<https://x.dev/twren> Omaha, NE')];
    expect(extractFields(autolink).home_town).toBe('Omaha, NE');
    // A house number alone is no phone: the street before the town stays one item.
    const street = [line('Tomasz Wren', { size: 1.8 }), line('555 Elm Way, Omaha, NE')];
    expect(extractFields(street).home_town).toBe('Omaha, NE');
  });

  it('gives the town after a street address with no comma between (street-before-town)', () => {
    const doc = ['Mara Quill', 'mara@example.com / 505-555-0143 / 1573 3rd Ave Santa Fe NM 87501'];
    expect(extractFields(doc)).toMatchObject({ home_town: 'Santa Fe, NM', zip_code: '87501' });
    expect(withRulesOff(['street-before-town'], () => extractFields(doc).home_town)).toBe(
      undefined,
    );
    // A number that opens no street keeps the line as it was: no town read from it.
    expect(extractFields(['Mara Quill', '12 Tides Santa Fe NM']).home_town).toBeUndefined();
  });

  it('leaves out a full stop typed for the comma after the town', () => {
    const doc = ['Mara Quill', '1573 3rd Ave Santa Fe. NM 87501 | mara@example.com'];
    expect(extractFields(doc)).toMatchObject({ home_town: 'Santa Fe, NM', zip_code: '87501' });
  });

  it('gives the town after a street and a flat’s number with no comma between (street-unit)', () => {
    for (const unit of ['Apt D304', 'Apt. 4B', 'Suite 210', 'Apt #12', 'Unit 7']) {
      const doc = ['Mara Quill', `801 Harbor Pkwy ${unit} Santa Fe, NM 87501 · 505-555-0143`];
      expect(extractFields(doc)).toMatchObject({ home_town: 'Santa Fe, NM', zip_code: '87501' });
      expect(withRulesOff(['street-unit'], () => extractFields(doc).home_town)).toBeUndefined();
    }
    // Without a street before it, a word so named opens the town (`Suite` is no unit then).
    expect(extractFields(['Mara Quill', 'Unity Springs, NM 87501']).home_town).toBe(
      'Unity Springs, NM',
    );
  });

  it("gives the town after a street and a flat's bare number (street-bare-unit)", () => {
    for (const unit of ['703', '4B', '#12']) {
      const doc = ['Mara Quill', `1 West 67th Street ${unit} Santa Fe, NM 87501 · 505-555-0143`];
      expect(extractFields(doc)).toMatchObject({ home_town: 'Santa Fe, NM', zip_code: '87501' });
      expect(
        withRulesOff(['street-bare-unit'], () => extractFields(doc).home_town),
      ).toBeUndefined();
    }
  });

  it('reads a zip that closes its sentence without the stop (zip-full-stop)', () => {
    const doc = ['Mara Quill', 'Santa Fe, NM 87501.', '(505) 555-0143'];
    expect(extractFields(doc)).toMatchObject({ home_town: 'Santa Fe, NM', zip_code: '87501' });
    expect(withRulesOff(['zip-full-stop'], () => extractFields(doc).zip_code)).toBeUndefined();
  });

  it('reads a state with its country after it, no comma between (country-after-state)', () => {
    const doc = ['Mara Quill', 'mara@example.com • (505) 555-0143', 'Santa Fe, NM USA'];
    expect(extractFields(doc).home_town).toBe('Santa Fe, NM');
    expect(extractFields(['Mara Quill', 'Taos, NM 87571 U.S.A.'])).toMatchObject({
      home_town: 'Taos, NM',
      zip_code: '87571',
    });
    expect(withRulesOff(['country-after-state'], () => extractFields(doc).home_town)).toBe(
      undefined,
    );
    // Between the state and its zip, a comma before it, the country is none of the zip.
    const comma = ['Mara Quill', 'mara@example.com • Taos, NM, USA 87571'];
    expect(extractFields(comma)).toMatchObject({ home_town: 'Taos, NM', zip_code: '87571' });
    expect(withRulesOff(['country-after-state'], () => extractFields(comma).zip_code)).toBe(
      undefined,
    );
  });

  it('reads a state in title case before a zip as the state (state-title-case)', () => {
    const doc = (place: string) => [
      line('Mara Quill', { size: 2 }),
      line(`${place} | mara@example.com`),
    ];
    expect(extractFields(doc('Taos, Nm 87571'))).toMatchObject({
      home_town: 'Taos, NM',
      zip_code: '87571',
    });
    expect(
      withRulesOff(['state-title-case'], () => extractFields(doc('Taos, Nm 87571'))),
    ).not.toHaveProperty('home_town');
    // Without a zip the two letters may be a word: `Co`, `In`.
    expect(extractFields(doc('Taos, Nm')).home_town).toBeUndefined();
    expect(extractFields(doc('Acme, Co 87571')).home_town).toBe('Acme, CO');
  });

  it('gives no town for a way of working before a state (remote-not-town)', () => {
    const doc = (place: string) => [
      line('Mara Quill', { size: 2 }),
      line(`${place} | mara@example.com`),
    ];
    for (const place of ['Remote, CA', 'Hybrid, TX', 'Remoto, NM', 'Remotely, WA']) {
      expect(extractFields(doc(place)).home_town).toBeUndefined();
      expect(withRulesOff(['remote-not-town'], () => extractFields(doc(place)).home_town)).toBe(
        place,
      );
    }
    // A town whose name holds such a word is a town.
    expect(extractFields(doc('Remote Springs, OR')).home_town).toBe('Remote Springs, OR');
  });

  it('gives no town for a region before a state, and keeps the zip (area-not-town)', () => {
    const doc = (place: string) => [
      line('Mara Quill', { size: 2 }),
      line(`${place} | mara@example.com`),
    ];
    for (const place of ['Puget Sound Area, WA', 'Greater Taos, NM', 'Dallas Metroplex, TX']) {
      expect(extractFields(doc(place)).home_town).toBeUndefined();
      expect(withRulesOff(['area-not-town'], () => extractFields(doc(place)).home_town)).toBe(
        place,
      );
    }
    expect(extractFields(doc('Taos Area, NM 87571')).zip_code).toBe('87571');
    // A town whose name holds such a word elsewhere is a town.
    expect(extractFields(doc('Area Springs, NM')).home_town).toBe('Area Springs, NM');
  });

  it('reads a town set in capitals in normal case (town-normal-case)', () => {
    const doc = ['Mara Quill', 'TRUTH OR CONSEQUENCES, NM 87901 • (505) 555-0143'];
    expect(extractFields(doc)).toMatchObject({
      home_town: 'Truth Or Consequences, NM',
      zip_code: '87901',
    });
    expect(extractFields(['Mara Quill', 'WINSTON-SALEM, NC • (336) 555-0143']).home_town).toBe(
      'Winston-Salem, NC',
    );
    // An abbreviation, and a word whose casing cannot be known, stay as written.
    expect(extractFields(['Mara Quill', 'NYC, NY • (212) 555-0143']).home_town).toBe('NYC, NY');
    expect(extractFields(['Mara Quill', 'MCALLEN, TX • (956) 555-0143']).home_town).toBe(
      'MCALLEN, TX',
    );
    expect(withRulesOff(['town-normal-case'], () => extractFields(doc).home_town)).toBe(
      'TRUTH OR CONSEQUENCES, NM',
    );
  });

  it("reads a town whose first word wrapped onto the street's line (town-wrapped)", () => {
    const doc = [
      'Mara Quill',
      'mara@example.com',
      '1029 N Narcissus Ave, Broken',
      'Arrow OK 74012',
    ];
    expect(extractFields(doc)).toMatchObject({ home_town: 'Broken Arrow, OK', zip_code: '74012' });
    expect(withRulesOff(['town-wrapped'], () => extractFields(doc).home_town)).toBe('Arrow, OK');
    // A line above with no street before its last item holds no start of the town.
    const plain = ['Mara Quill', 'Welder, Rigger', 'Tulsa OK 74012'];
    expect(extractFields(plain).home_town).toBe('Tulsa, OK');
  });

  it('reads a town in Markdown emphasis of single underscores, and keeps an underscore inside a word', () => {
    expect(extractFields(['# Mara Quill', '> _Taos, New Mexico_'])).toMatchObject({
      home_town: 'Taos, New Mexico',
    });
    expect(extractFields(['Mara Quill', 'mara_quill@example.com']).email).toBe(
      'mara_quill@example.com',
    );
  });

  it('is parted by any symbol set apart by spaces, as by a bullet', () => {
    const doc = [
      line('Mara Quill', { size: 2 }),
      line('Fernhill Lab ∞ Taos, NM 87571 ∞ (505) 555-0143 ★ mara@example.com', { size: 1 }),
    ];
    expect(extractFields(doc)).toMatchObject({
      home_town: 'Taos, NM',
      zip_code: '87571',
      phone: '+15055550143',
      email: 'mara@example.com',
    });
  });
});

describe('labelled contact details', () => {
  // A CV set as a form: each detail after its label, in a table's cells or on the line below.
  const form = (cells: boolean) => {
    const row = (label: string, value: string) =>
      cells ? [line(`${label} | ${value}`)] : [line(label), line(value)];
    return [
      line('Curriculum Vitae', { size: 1.1 }),
      ...row('Name:', 'Mara Quill'),
      ...row('Office Address:', '12 Harbor Street, Room 4, Taos, NM, 87571'),
      line('Work Phone:'),
      line('[Voicemail] (505) 555-0143'),
      line('[Mobile] (505) 555-0188'),
      ...row('Email:', 'mara@example.com'),
      line('Education:'),
    ];
  };

  it.each([
    ['in cells', true],
    ['on the line below', false],
  ])('gives the labelled name, the own phone, and no town from the office (%s)', (_how, cells) => {
    const fields = extractFields(form(cells));
    expect(fields).toMatchObject({
      first_name: 'Mara',
      last_name: 'Quill',
      phone: '+15055550188',
      email: 'mara@example.com',
    });
    expect([fields.home_town, fields.zip_code]).toEqual([undefined, undefined]);
  });

  it('reads a labelled name set surname first, given names after the comma (name-labelled-inverted)', () => {
    const doc = [line('NAME: | QUILL, MARA T.'), line('EMAIL: | mara@example.com')];
    expect(extractFields(doc)).toMatchObject({ first_name: 'Mara', last_name: 'Quill' });
    expect(extractFields([line('Name: Quill, Mara'), line('mara@example.com')])).toMatchObject({
      first_name: 'Mara',
      last_name: 'Quill',
    });
    const off = withRulesOff(['name-labelled-inverted'], () => extractFields(doc));
    expect(off.first_name).toBeUndefined();
    // A name line with a comma and no label is a name and its credentials, as before.
    expect(extractFields([line('Mara Quill, MBA'), line('mara@example.com')])).toMatchObject({
      first_name: 'Mara',
      last_name: 'Quill',
    });
  });

  it('reads the town after a label that names where the candidate lives (place-label)', () => {
    const doc = (label: string) => [
      line('Mara Quill'),
      line(`${label} Taos, NM 87571`),
      line('mara@example.com'),
    ];
    for (const label of [
      'Address:',
      'Home Address:',
      'Location :',
      'Dirección:',
      'CITY:',
      'Permanent:',
      'Current Address:',
      'Based in',
      'Residing in',
    ]) {
      expect([label, extractFields(doc(label)).home_town]).toEqual([label, 'Taos, NM']);
    }
    // Without the rule, the label runs into the town, which is then no town; the zip stays.
    const off = withRulesOff(['place-label'], () => extractFields(doc('Address:')));
    expect([off.home_town, off.zip_code]).toEqual([undefined, '87571']);
  });

  it('reads the town after a symbol (place-symbol), and without a note after it (place-note)', () => {
    const doc = (place: string) => [line('Mara Quill'), line(place), line('mara@example.com')];
    for (const place of [
      '📍 Taos, NM',
      '⌂ Taos, NM',
      '🏠️ Taos, NM',
      'Taos, NM (open to relocation)',
    ]) {
      expect([place, extractFields(doc(place)).home_town]).toEqual([place, 'Taos, NM']);
    }
    expect(extractFields(doc('Taos, NM 87571 (home)')).zip_code).toBe('87571');
    // (An emoji at the line's start is gone before, edge-emoji's: a symbol that is none stays.)
    expect(withRulesOff(['place-symbol'], () => extractFields(doc('⌂ Taos, NM'))).home_town).toBe(
      undefined,
    );
    const noted = withRulesOff(['place-note'], () => extractFields(doc('Taos, NM (Remote)')));
    expect(noted.home_town).toBeUndefined();
  });

  it('reads no town named as a hospital or a company (institution-as-town)', () => {
    const doc = [line('Mara Quill'), line('mara@example.com'), line('Taos Valley Hospital, NM')];
    expect(extractFields(doc).home_town).toBeUndefined();
    expect(withRulesOff(['institution-as-town'], () => extractFields(doc).home_town)).toBe(
      'Taos Valley Hospital, NM',
    );
  });

  it("reads no town that opens the piece after a school's name (institution-before)", () => {
    const doc = [
      line('Mara Quill'),
      line('mara@example.com'),
      line('Taos Pueblo Academy - Taos, NM'),
    ];
    expect(extractFields(doc).home_town).toBeUndefined();
    expect(withRulesOff(['institution-before'], () => extractFields(doc).home_town)).toBe(
      'Taos, NM',
    );
  });

  it("reads no town or zip after a school's or a company's name on its line (institution-place)", () => {
    const doc = (place: string) => [line('Mara Quill'), line(place), line('mara@example.com')];
    for (const place of [
      'University of New Mexico, Albuquerque, NM 87131',
      'Taos Pueblo Academy, Taos, NM 87571',
      'Kiln Works LLC, 12 Harbor Street, Taos, NM 87571',
    ]) {
      expect([place, extractFields(doc(place)).zip_code]).toEqual([place, undefined]);
      expect(extractFields(doc(place)).home_town).toBeUndefined();
    }
    expect(
      withRulesOff(['institution-place'], () =>
        extractFields(doc('Taos Pueblo Academy, Taos, NM 87571')),
      ),
    ).toMatchObject({ home_town: 'Taos, NM', zip_code: '87571' });
    // A street named so is the candidate's own.
    expect(extractFields(doc('100 College Ave, Taos, NM 87571'))).toMatchObject({
      home_town: 'Taos, NM',
      zip_code: '87571',
    });
    // The candidate's own address on the line below still counts.
    expect(
      extractFields([...doc('Taos Pueblo Academy, Taos, NM 87571'), line('Santa Fe, NM 87501')]),
    ).toMatchObject({ home_town: 'Santa Fe, NM', zip_code: '87501' });
  });

  it('reads the town from a contact line under a headline that names a role at a school (institution-role-line)', () => {
    const doc = [
      line('MARA QUILL', { size: 2.4 }),
      line('GRADUATE STUDENT AT THE UNIVERSITY OF NEW MEXICO'),
      line('mquill@example.com / 505-555-0142 / 12 Oak St Taos, NM 87571'),
    ];
    expect(extractFields(doc)).toMatchObject({ home_town: 'Taos, NM', zip_code: '87571' });
    expect(withRulesOff(['institution-role-line'], () => extractFields(doc))).not.toHaveProperty(
      'home_town',
    );
  });

  it('reads the plan’s country code in brackets right before the number (phone-code-glued)', () => {
    const doc = [line('Mara Quill', { size: 1.8 }), line('Tel: (+1)505 555-0142')];
    expect(extractFields(doc).phone).toBe('+15055550142');
    expect(withRulesOff(['phone-code-glued'], () => extractFields(doc).phone)).toBeUndefined();
    // Another country's code so written is none of the plan's.
    expect(
      extractFields([doc[0] as DocLine, line('Tel: (+44)20 7946 0958')]).phone,
    ).toBeUndefined();
  });

  it('reads no town from an address on or under a span of years: a role’s or a school’s (place-under-dates)', () => {
    const doc = [
      line('Mara Quill', { size: 1.8 }),
      line('Phone: 505-555-0142'),
      line('Work Experience | Fernhill Harbour Office'),
      line('May 2018-Present | 371 N Main St'),
      line('Taos, NM 87571'),
    ];
    expect([extractFields(doc).home_town, extractFields(doc).zip_code]).toEqual([
      undefined,
      undefined,
    ]);
    expect(withRulesOff(['place-under-dates'], () => extractFields(doc))).toMatchObject({
      home_town: 'Taos, NM',
      zip_code: '87571',
    });
    // A single year near the address (a graduation's) is no span.
    const single = doc.map((one, index) => (index === 3 ? line('Class of 2018') : one));
    expect(extractFields(single).home_town).toBe('Taos, NM');
  });

  it("reads no town from an address under a school's or a department's name (institution-above)", () => {
    const doc = [
      line('Mara Quill', { size: 1.8 }),
      line('Department of Earth Sciences'),
      line('University of New Mexico'),
      line('221 Yale Blvd NE, Albuquerque, NM 87131'),
      line('mquill@example.edu'),
    ];
    expect([extractFields(doc).home_town, extractFields(doc).zip_code]).toEqual([
      undefined,
      undefined,
    ]);
    expect(withRulesOff(['institution-above'], () => extractFields(doc))).toMatchObject({
      home_town: 'Albuquerque, NM',
      zip_code: '87131',
    });
    // A sentence that names a school is no school's name line.
    const prose = [
      line('Mara Quill', { size: 1.8 }),
      line('Surveyor who learnt her trade at the State University and at sea for ten years.'),
      line('12 Oak St, Taos, NM 87571'),
    ];
    expect(extractFields(prose).home_town).toBe('Taos, NM');
  });

  it("reads the town under the candidate's name though the name's words name a building (name-not-institution)", () => {
    const doc = [
      line('MARA HALL', { size: 1.8, bold: true, caps: true }),
      line('Taos, NM | (575) 555-0142 | mara@example.com'),
    ];
    expect(extractFields(doc).home_town).toBe('Taos, NM');
    expect(
      withRulesOff(['name-not-institution'], () => extractFields(doc).home_town),
    ).toBeUndefined();
    // Another's name line over an address still names its building (`Quill Hall`).
    const building = [line('Mara Hall', { size: 1.8 }), line('Quill Hall'), line('Taos, NM 87571')];
    expect(extractFields(building).home_town).toBeUndefined();
  });

  it('reads a name labelled in a section of personal details (labelled-name-in-contact)', () => {
    const doc = [
      line('Javi Quill', { size: 1.8 }),
      line('Datos personales', { size: 1.3, bold: true }),
      line('Nombre completo: Francisco Javier Quill Tomás'),
      line('Email: javi@example.com'),
      line('Experiencia', { size: 1.3, bold: true }),
      line('Topógrafo, Puertos del Sur, 2019 - 2024'),
    ];
    expect(extractFields(doc)).toMatchObject({
      first_name: 'Francisco Javier',
      last_name: 'Quill Tomás',
    });
    expect(withRulesOff(['labelled-name-in-contact'], () => extractFields(doc))).toMatchObject({
      first_name: 'Javi',
      last_name: 'Quill',
    });
    // A full-width colon after the label, as a CV written beside Chinese sets it, and the
    // section first in the document, nothing over its heading.
    const wide = [
      line('Personal Information', { size: 1.3, bold: true }),
      line('Name：Mara Quill'),
      line('E-mail：mara@example.com'),
      line('Experience', { size: 1.3, bold: true }),
    ];
    expect(extractFields(wide)).toMatchObject({ first_name: 'Mara', last_name: 'Quill' });
    expect(
      withRulesOff(['labelled-name-in-contact'], () => extractFields(wide)).first_name,
    ).toBeUndefined();
  });

  it('without labelled-name, work-place, room-office and mobile-first, reads none of the labels', () => {
    const fields = withRulesOff(
      ['labelled-name', 'work-place', 'room-office', 'mobile-first'],
      () => extractFields(form(true)),
    );
    expect(fields).toMatchObject({
      phone: '+15055550143',
      home_town: 'Taos, NM',
      zip_code: '87571',
    });
    expect(fields.first_name).toBeUndefined();
  });

  it('reads a home address and a single phone as before, whatever their labels', () => {
    const doc = [
      line('Mara Quill', { size: 2 }),
      line('Home Address: 12 Harbor Street, Taos, NM 87571'),
      line('Work: (505) 555-0143'),
    ];
    expect(extractFields(doc)).toMatchObject({
      home_town: 'Taos, NM',
      zip_code: '87571',
      phone: '+15055550143',
    });
  });
});

describe('the phone', () => {
  it.each([
    ['415', '555', true],
    ['512', '234', true],
    ['999', '888', false],
    ['297', '234', false],
    ['211', '234', false],
    ['911', '234', false],
    ['415', '411', false],
    ['415', '911', false],
  ])('area code %s, exchange %s: in the North American plan %s', (area, exchange, expected) => {
    expect(inPlan(area, exchange)).toBe(expected);
  });

  it('leaves out a number the plan cannot hold (a placeholder)', () => {
    const doc = ['Sam Ortiz', 'sam@example.com | (415) 911-7777'];
    expect(extractFields(doc).phone).toBeUndefined();
    expect(withRulesOff(['phone-plan'], () => extractFields(doc)).phone).toBe('+14159117777');
    expect(extractFields(['Sam Ortiz', '(999) 888-7777']).phone).toBeUndefined();
    expect(extractFields(['Sam Ortiz', '(415) 555-0142']).phone).toBe('+14155550142');
  });

  it('leaves out a number without +1 where the contact lines place the candidate abroad (phone-abroad)', () => {
    const abroad = ['Sam Ortiz', 'Pune, India | 942-233-3906 | sam@example.com'];
    expect(extractFields(abroad).phone).toBeUndefined();
    expect(withRulesOff(['phone-abroad'], () => extractFields(abroad)).phone).toBe('+19422333906');
    const pin = ['Sam Ortiz', 'Pune, MH 411001 | 9422333906'];
    expect(extractFields(pin).phone).toBeUndefined();
    // India's label for it, `Pin` (postal index number).
    for (const labelled of ['Pune, Pin: 411001', 'Pune, PIN 411001', 'Pune, Pin code: 411 001']) {
      expect(extractFields(['Sam Ortiz', `${labelled} | 9422333906`]).phone).toBeUndefined();
    }
    // A state of India spelled out places the candidate there too.
    const state = ['Sam Ortiz', '9393319969 ⋄ Visakhapatnam, Andhra Pradesh'];
    expect(extractFields(state).phone).toBeUndefined();
    expect(withRulesOff(['phone-abroad'], () => extractFields(state)).phone).toBe('+19393319969');
    // Written with +1, it is a North American number wherever its owner lives.
    expect(extractFields(['Sam Ortiz', 'Madrid, Spain | +1 415 234 5678']).phone).toBe(
      '+14152345678',
    );
    // US towns named as countries are, a state's letters after them; New Mexico is a state.
    for (const town of ['Peru, IN', 'Poland, OH', 'Santa Fe, New Mexico', 'Austin, TX 78701']) {
      expect(extractFields(['Sam Ortiz', `${town} | (415) 234-5678`]).phone).toBe('+14152345678');
    }
  });

  it('leaves out a number whose area code the plan has not given out (phone-area-in-service)', () => {
    const doc = ['Sam Ortiz', 'sam@example.com | 976-331-9969'];
    expect(extractFields(doc).phone).toBeUndefined();
    expect(withRulesOff(['phone-area-in-service'], () => extractFields(doc)).phone).toBe(
      '+19763319969',
    );
    // A mobile number of China, eleven digits from a 1, is none of the plan's either.
    expect(extractFields(['Sam Ortiz', 'Contact：15524839220']).phone).toBeUndefined();
    expect(extractFields(['Sam Ortiz', '(939) 331-9969']).phone).toBe('+19393319969');
  });

  it("leaves out a number labelled as a lab's or a department's (lab-phone)", () => {
    const doc = ['Sam Ortiz', 'sam@example.edu | Lab: (650) 555-0101'];
    expect(extractFields(doc).phone).toBeUndefined();
    expect(withRulesOff(['lab-phone'], () => extractFields(doc)).phone).toBe('+16505550101');
    // The candidate's own number beside it is still read.
    expect(extractFields(['Sam Ortiz', 'Dept. (650) 555-0101 | Cell (650) 555-0199']).phone).toBe(
      '+16505550199',
    );
  });

  it("leaves out a number after another country's code", () => {
    const doc = ['Sam Ortiz', 'sam@example.com; +91 942 333 9060'];
    expect(extractFields(doc).phone).toBeUndefined();
    expect(withRulesOff(['phone-country'], () => extractFields(doc)).phone).toBe('+19423339060');
    expect(extractFields(['Sam Ortiz', '+1 415 234 5678']).phone).toBe('+14152345678');
    expect(extractFields(['Sam Ortiz', '+14152345678']).phone).toBe('+14152345678');
    // The code in brackets, or after 00, is another country's too; `(+1)` is the plan's own.
    // So is one with a space after its plus: `+ 86` before a mobile number of eleven digits.
    const spaced = [
      '(+234) 9122364816',
      '0044 922 333 9060',
      '(+91) 922-333-9060',
      'Tel: + 86 15534081409',
    ];
    for (const written of spaced) {
      expect([written, extractFields(['Sam Ortiz', written]).phone]).toEqual([written, undefined]);
    }
    expect(extractFields(['Sam Ortiz', '(+1) 415 234 5678']).phone).toBe('+14152345678');
    expect(extractFields(['Sam Ortiz', '+ 1 415 234 5678']).phone).toBe('+14152345678');
  });

  it.each([
    // A fax number is no phone, labelled on its line or in its piece of one.
    [['Fax: (505) 555-0199', 'Phone: (505) 555-0143'], '+15055550143', '+15055550199'],
    [['sam@example.com | Fax (505) 555-0199'], undefined, '+15055550199'],
    [['Fax | 505.555.0199 | Tel. 505.555.0143'], '+15055550143', '+15055550199'],
    // A mobile labelled beside an office's number on one line comes first.
    [['Office: (505) 555-0199 | Mobile: (505) 555-0143'], '+15055550143', '+15055550199'],
    [['Oficina: (505) 555-0199 · Móvil: (505) 555-0143'], '+15055550143', '+15055550199'],
  ])('each piece of %j has its own label (phone-labels)', (contact, phone, off) => {
    const doc = ['Sam Ortiz', ...contact];
    expect(extractFields(doc).phone).toBe(phone);
    expect(withRulesOff(['phone-labels'], () => extractFields(doc)).phone).toBe(off);
  });
});

describe('the contact block', () => {
  // The contact line at the end, after the sections (a pandoc template's footer).
  const doc = [
    'Riley Chen',
    'Experience',
    'Analyst | Globex | Austin, TX 78701 | 2020 - Present',
    'Education',
    'B.S. Statistics | State University | Denton, TX 76203',
    'Awards',
    'Dean’s list',
    'riley@example.com | +1 (512) 718-1876 | 8 Oak Mill, Converse, TX 78109',
  ];

  it('holds a line of the candidate’s email and a phone wherever it stands, and never an employer’s or school’s line', () => {
    expect(extractFields(doc)).toMatchObject({
      email: 'riley@example.com',
      phone: '+15127181876',
      zip_code: '78109',
      home_town: 'Converse, TX',
    });
    const off = withRulesOff(['contact-line'], () => extractFields(doc));
    expect(off).toMatchObject({ email: 'riley@example.com' });
    expect(off.phone).toBeUndefined();
    expect(off.zip_code).toBeUndefined();
    expect(off.home_town).toBeUndefined();
  });

  it('holds the lines right beside the contact line in its block: its address under it (contact-line-neighbours)', () => {
    const footer: DocLine[] = [
      line('Riley Chen', { size: 1.8 }),
      line('Experience', { size: 1.3, bold: true, block: 1 }),
      line('Analyst | Globex | Austin, TX 78701', { block: 1 }),
      line('Skills', { size: 1.3, bold: true, block: 2 }),
      line('Ledgers, audits', { block: 2 }),
      line('riley@example.com • (512) 718-1876', { block: 3 }),
      line('8 Oak Mill Rd. - Converse, TX 78109', { block: 3 }),
    ];
    expect(extractFields(footer)).toMatchObject({ zip_code: '78109', home_town: 'Converse, TX' });
    const off = withRulesOff(['contact-line-neighbours'], () => extractFields(footer));
    expect(off.zip_code).toBeUndefined();
    expect(off.home_town).toBeUndefined();
    // A line beside it in another block is not its own.
    const apart = footer.map((doc, index) => (index === 6 ? { ...doc, block: 4 } : doc));
    expect(extractFields(apart).home_town).toBeUndefined();
  });

  it('holds the short lines after the candidate’s email, each alone in its block: a header’s right column read below the left (contact-lines-apart)', () => {
    const column: DocLine[] = [
      line('Riley Chen', { size: 1.8, column: 0 }),
      line('Experience', { size: 1.3, bold: true, block: 1, column: 0 }),
      line('Analyst | Globex | 2020 - Present', { block: 1, column: 0 }),
      line('riley@example.com', { block: 2, column: 1 }),
      line('(512) 555-0142', { block: 3, column: 1 }),
      line('Converse, TX', { block: 4, column: 1 }),
      line('Kept the ledgers of three offices and closed each month on time.', {
        block: 5,
        column: 1,
      }),
    ];
    expect(extractFields(column)).toMatchObject({
      phone: '+15125550142',
      home_town: 'Converse, TX',
    });
    const off = withRulesOff(['contact-lines-apart'], () => extractFields(column));
    expect([off.phone, off.home_town]).toEqual([undefined, undefined]);
    // With no phone or link among them, the lines after it are not the candidate's.
    const placeOnly = column.filter((_, index) => index !== 4);
    expect(extractFields(placeOnly).home_town).toBeUndefined();
  });

  it('takes the first email of a block of contact items alone where the header holds none (email-of-contact-items)', () => {
    const lines: DocLine[] = [
      line('Riley Chen', { size: 1.8 }),
      line('(512) 555-0142'),
      line('Education', { size: 1.3, bold: true, block: 1 }),
      line('Fernhill University, riley.chen@fernhill.edu', { block: 1 }),
      line('riley@example.com', { block: 2 }),
      line('rchen@fernhill.edu', { block: 2 }),
      line('LinkedIn', { block: 2 }),
      line('Experience', { size: 1.3, bold: true, block: 3 }),
    ];
    expect(extractFields(lines).email).toBe('riley@example.com');
    expect(withRulesOff(['email-of-contact-items'], () => extractFields(lines).email)).toBe(
      undefined,
    );
    // A block with a name of two words in it is someone else's (a referee's): no email.
    const referee = lines.map((doc, index) =>
      index === 6 ? { ...doc, text: 'Dr Sam Ortiz' } : doc,
    );
    expect(extractFields(referee).email).toBeUndefined();
  });

  it('holds a short block of contact details that holds the candidate’s email: a sidebar’s, after the main column (contact-block)', () => {
    const sidebar: DocLine[] = [
      line('Riley Chen', { size: 1.8 }),
      line('Experience', { size: 1.3, bold: true, block: 1 }),
      line('Analyst | Globex | 2020 - Present', { block: 1 }),
      line('Kept the ledgers of three offices and closed each month on time.', { block: 1 }),
      line('https://github.com/rileychen', { block: 2 }),
      line('riley@example.com', { block: 2 }),
      line('Converse, TX; Open to relocation', { block: 2 }),
    ];
    expect(extractFields(sidebar)).toMatchObject({
      email: 'riley@example.com',
      home_town: 'Converse, TX',
    });
    expect(withRulesOff(['contact-block'], () => extractFields(sidebar)).home_town).toBeUndefined();
    // Alone in its block, with no link or phone beside it, the email makes no contact block.
    const alone = sidebar.filter((_, index) => index !== 4);
    expect(extractFields(alone).home_town).toBeUndefined();
    // Nor does a block with a sentence in it, a link in the sentence.
    const prose = sidebar.map((doc, index) =>
      index === 4 ? { ...doc, text: 'I write on audits at https://riley.example.com weekly' } : doc,
    );
    expect(extractFields(prose).home_town).toBeUndefined();
  });

  it('parts a contact line at a semicolon as at a bar (place-semicolon)', () => {
    const doc = (place: string) => [line('Mara Quill'), line(place), line('mara@example.com')];
    expect(extractFields(doc('Taos, NM; Can Relocate')).home_town).toBe('Taos, NM');
    expect(extractFields(doc('Taos, NM 87571; willing to relocate'))).toMatchObject({
      home_town: 'Taos, NM',
      zip_code: '87571',
    });
    const off = withRulesOff(['place-semicolon'], () =>
      extractFields(doc('Taos, NM; Can Relocate')),
    );
    expect(off.home_town).toBeUndefined();
  });

  it("holds no one else's contact line: a manager's in a role", () => {
    const manager = [
      'Riley Chen',
      'riley@example.com',
      'Experience',
      'Analyst | Globex | 2020 - Present',
      'Reported to Pat Doe, pat@globex.example.com, (512) 234-5678, Austin, TX 78701',
    ];
    const fields = extractFields(manager);
    expect(fields.email).toBe('riley@example.com');
    expect(fields.phone).toBeUndefined();
    expect(fields.zip_code).toBeUndefined();
    expect(fields.home_town).toBeUndefined();
  });

  it('holds no contact line of the references', () => {
    const references = [
      'Riley Chen',
      'riley@example.com',
      'References',
      'Pat Doe | pat@example.com | (512) 234-5678 | Austin, TX 78701',
    ];
    const fields = extractFields(references);
    expect(fields.phone).toBeUndefined();
    expect(fields.home_town).toBeUndefined();
  });
});

describe('an email hidden from robots (email-brackets)', () => {
  const doc = ['Tomasz Wren', 'Tomasz.Wren[at]fernhill[dot]org | (402) 555-0147'];

  it('reads `[at]` and `[dot]` in brackets as `@` and `.`', () => {
    expect(extractFields(doc).email).toBe('tomasz.wren@fernhill.org');
    expect(extractFields(['Tomasz Wren', 'tomasz (at) fernhill.org']).email).toBe(
      'tomasz@fernhill.org',
    );
    // In angle brackets too, which no HTML tag is (html-tags leaves them).
    expect(extractFields(['Tomasz Wren', 'mailto:tomasz<at>fernhill<dot>org']).email).toBe(
      'tomasz@fernhill.org',
    );
  });

  it('without email-brackets, there is no address', () => {
    expect(withRulesOff(['email-brackets'], () => extractFields(doc).email)).toBeUndefined();
  });

  it('reads an address a narrow column wrapped after its `@` or a dot (email-wrapped)', () => {
    for (const [cut = '', rest = '', whole] of [
      ['mara.quill21@', 'example.com', 'mara.quill21@example.com'],
      ['Mara.Quill@example.', 'com', 'mara.quill@example.com'],
    ]) {
      const doc = ['Mara Quill', 'Contact', cut, rest, '+1 (505) 555-0143'];
      expect(extractFields(doc).email, cut).toBe(whole);
      expect(
        withRulesOff(['email-wrapped'], () => extractFields(doc).email),
        cut,
      ).toBeUndefined();
    }
    // A whole address at a line's end takes nothing from the next line.
    expect(extractFields(['Mara Quill', 'mara@example.com', 'Portsmouth']).email).toBe(
      'mara@example.com',
    );
  });

  it('reads any plain address wrapped after its `@` whole, and on any two lines fills only an address the form takes', () => {
    const label = fc.stringMatching(/^[a-z0-9]{1,20}$/);
    const address = fc
      .tuple(
        label,
        fc.array(label, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('com', 'org', 'dev'),
      )
      .map(([local, labels, top]) => ({
        local: `${local}.x`,
        domain: `${[...labels, top].join('.')}`,
      }));
    fc.assert(
      fc.property(address, ({ local, domain }) => {
        const email = extractFields(['Mara Quill', `${local}@`, domain]).email;
        expect(email).toBe(`${local}@${domain}`);
      }),
      { numRuns: 200 },
    );
    // Hostile halves: very long, unicode, empty, runs of the patterns' units.
    const half = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: 'grapheme', maxLength: 60 }),
      fc.constantFrom(
        '',
        '@',
        '.',
        'a.'.repeat(5_000),
        `${'a'.repeat(70)}@`,
        'com\ncom',
        'ｍａｉｌ＠',
      ),
    );
    fc.assert(
      fc.property(half, half, (cut, rest) => {
        const email = extractFields(['Mara Quill', `x ${cut}`, rest]).email;
        if (email === undefined) return;
        expect(email.length).toBeLessThanOrEqual(MAX_LENGTHS.email);
        expect(regexes.email.test(email)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('an email after a label in Chinese or Japanese', () => {
  it('is parted from its label by a full-width colon, comma or semicolon', () => {
    for (const written of [
      '邮箱：ada@example.com',
      '邮 | 箱：ada@example.com',
      '电邮，ada@example.com',
    ]) {
      expect(extractFields(['Ada Okoro', written]).email).toBe('ada@example.com');
    }
  });
});

describe('an email glued to the symbol after it', () => {
  it('is parted from a symbol set as a separator, but keeps a plus of its own', () => {
    for (const written of ['ada@example.com⋄ LinkedIn ⋄ GitHub', 'ada@example.com★GitHub']) {
      expect(extractFields(['Ada Okoro', written]).email).toBe('ada@example.com');
    }
    expect(extractFields(['Ada Okoro', 'ada+jobs@example.com']).email).toBe('ada+jobs@example.com');
  });
});

describe('the email behind a Markdown link', () => {
  it('a link whose text is an address gives it; a word’s link, the target without its subject (mailto-text)', () => {
    const tagged = [
      'Ada Okoro',
      'Email: [ada@example.com](mailto:ada+jobs@example.com?subject=CV)',
    ];
    expect(extractFields(tagged).email).toBe('ada@example.com');
    expect(extractFields(['Ada Okoro', '[Email](mailto:ada@example.com?subject=CV)']).email).toBe(
      'ada@example.com',
    );
    expect(withRulesOff(['mailto-text'], () => extractFields(tagged).email)).toBeUndefined();
  });

  it('an email link whose text holds brackets of its own gives its address (mailto-brackets)', () => {
    const doc = [
      'Ada Okoro',
      'Email: [ada[dot]okoro[at]example[dot]com](mailto:ada.okoro@example.com)',
    ];
    expect(extractFields(doc).email).toBe('ada.okoro@example.com');
    expect(withRulesOff(['mailto-brackets'], () => extractFields(doc).email)).toBeUndefined();
  });

  it('reads a number wholly in brackets as that number (phone-in-parens)', () => {
    const doc = ['Ada Okoro', 'State University | Phone: (615-555-0224)', 'ada@example.com'];
    expect(extractFields(doc).phone).toBe('+16155550224');
    expect(withRulesOff(['phone-in-parens'], () => extractFields(doc).phone)).toBeUndefined();
  });

  it('a phone link that shows an icon or nothing gives its number; one with words shows them (tel-link)', () => {
    const doc = ['Ada Okoro', '[\uf095](tel:228-555-0147) [](mailto:ada@example.com)'];
    expect(extractFields(doc).phone).toBe('+12285550147');
    expect(withRulesOff(['tel-link'], () => extractFields(doc).phone)).toBeUndefined();
    expect(extractFields(['Ada Okoro', '[Call me](tel:228-555-0147)']).phone).toBeUndefined();
  });

  it('an email link gives its address, whatever its text says; a quoted autolink too', () => {
    expect(extractFields(['Ada Okoro', '- [email](mailto:ada.okoro@example.com)']).email).toBe(
      'ada.okoro@example.com',
    );
    expect(extractFields(['Ada Okoro', '><ada.okoro@example.com>']).email).toBe(
      'ada.okoro@example.com',
    );
    // A web link still gives its text.
    expect(
      extractFields(['Ada Okoro', '[site](https://example.com)', 'ada@example.com']).email,
    ).toBe('ada@example.com');
  });

  it('an HTML tag parts text and its text stays (html-tags); an autolink is no tag', () => {
    const doc = [
      'Ada Okoro',
      '<div id="contact"><a href="Ada.Okoro@example.com">Ada.Okoro@example.com</a></div>',
      '<span>(505) 555-0143</span> <span>Taos, NM 87571</span>',
    ];
    expect(extractFields(doc)).toMatchObject({
      email: 'ada.okoro@example.com',
      phone: '+15055550143',
      home_town: 'Taos, NM',
      zip_code: '87571',
    });
    expect(withRulesOff(['html-tags'], () => extractFields(doc).email)).toBeUndefined();
    expect(extractFields(['Ada Okoro', '<ada.okoro@example.com>']).email).toBe(
      'ada.okoro@example.com',
    );
  });

  it('a Markdown image inside a link is no text: the link gives its address (markdown-images)', () => {
    const doc = [
      'Ada Okoro',
      '| **[![E-mail](https://x.example/mail.png) ada@uni.example.edu](mailto:ada@uni.example.edu)** |',
      '| **[ada.okoro@example.com](mailto:ada.okoro@example.com)** |',
    ];
    expect(extractFields(doc).email).toBe('ada@uni.example.edu');
    expect(withRulesOff(['markdown-images'], () => extractFields(doc).email)).toBe(
      'ada.okoro@example.com',
    );
  });

  it('a slash parts an email from what follows it on a contact line', () => {
    expect(
      extractFields(['Ada Okoro', '**Ada.Okoro@example.com/505-555-0143/Taos**']),
    ).toMatchObject({ email: 'ada.okoro@example.com', phone: '+15055550143' });
  });
});

describe('the name set larger than all else (name-largest-line)', () => {
  // A profile export: a sidebar read first, its first line a heading, the name in the main column.
  const exported = (email: string) => [
    line('Contact', { size: 1.24 }),
    line(email, { area: 'sidebar', column: 0 }),
    line('www.linkedin.com/in/noorhaddad', { area: 'sidebar', column: 0 }),
    line('Top Skills', { size: 1.24, area: 'sidebar', column: 0 }),
    line('Surveying', { area: 'sidebar', column: 0 }),
    line('Languages', { size: 1.24, area: 'sidebar', column: 0 }),
    line('English (Native or Bilingual)', { area: 'sidebar', column: 0 }),
    line('Publications', { size: 1.24, area: 'sidebar', column: 0 }),
    line('Tide Tables of the North', { area: 'sidebar', column: 0 }),
    line('Noor Haddad', { size: 2.5, column: 1 }),
    line('Harbour Surveyor | Tides | Charts', { size: 1.1, column: 1 }),
    line('Summary', { size: 1.5, column: 1 }),
    line('I chart harbours.', { size: 1.1, column: 1 }),
  ];

  it('is the name where nothing at the top gives one, and a handle names a word of it', () => {
    expect(extractFields(exported('noor@example.com'))).toMatchObject({
      first_name: 'Noor',
      last_name: 'Haddad',
    });
    const off = withRulesOff(['name-largest-line'], () => extractFields(exported('n@example.com')));
    expect(off.first_name).toBeUndefined();
  });

  it('reads two lines alone at that size, one under the other, as one name (name-largest-two-lines)', () => {
    const halves = exported('noor.haddad-okoro@example.com').flatMap((one) =>
      one.text === 'Noor Haddad'
        ? [
            { ...one, text: 'NOOR-AMAL' },
            { ...one, text: 'HADDAD' },
          ]
        : [one],
    );
    expect(extractFields(halves)).toMatchObject({ first_name: 'Noor-Amal', last_name: 'Haddad' });
    const off = withRulesOff(['name-largest-two-lines'], () => extractFields(halves));
    expect(off.first_name).toBeUndefined();
    // Two such lines apart are no name.
    const surname = halves.find((one) => one.text === 'HADDAD') as DocLine;
    const apart = [surname, ...halves.filter((one) => one !== surname)];
    expect(extractFields(apart).first_name).toBeUndefined();
  });

  it('is no name where no handle names it, or where another line is set nearly as large', () => {
    const unnamed = exported('mara@example.com').map((one) =>
      one.text.includes('linkedin') ? { ...one, text: 'www.example.com/profile' } : one,
    );
    expect(extractFields(unnamed).first_name).toBeUndefined();
    const close = exported('noor@example.com').map((one) =>
      one.text === 'Summary' ? { ...one, size: 2.3 } : one,
    );
    expect(extractFields(close).first_name).toBeUndefined();
  });
});

describe('the name on two lines', () => {
  it('is read as one only where its halves stand close and are set alike', () => {
    const doc = [
      line('Ines Alvarado', { size: 1.5, heading: 1 }),
      line('Contact | Info'),
      line('mail | ines@example.com'),
      line('voice | (415) 555-0100'),
      line('Overview', { size: 1.5, heading: 2 }),
    ];
    expect(extractFields(doc)).toMatchObject({ first_name: 'Ines', last_name: 'Alvarado' });
  });

  it('is read as one across the contact items a header interleaves between its halves (name-halves-contacts)', () => {
    const doc = [
      line('https://www.linkedin.com/in/inesalvarado/', { size: 0.9 }),
      line('INES', { size: 3, caps: true }),
      line('https://ines.example', { size: 0.9 }),
      line('ines@alvarado.example', { size: 0.9 }),
      line('+4790203047', { size: 0.9 }),
      line('ALVARADO', { size: 3, caps: true }),
      line('Profile', { size: 1.8, bold: true }),
      line('I build harbour software.'),
    ];
    expect(extractFields(doc)).toMatchObject({ first_name: 'Ines', last_name: 'Alvarado' });
    const off = withRulesOff(['name-halves-contacts'], () => extractFields(doc));
    expect(off.last_name).toBeUndefined();
    // A line of prose between them parts a name and what stands further down.
    const apart = doc.toSpliced(3, 1, line('Harbour surveyor', { size: 0.9 }));
    expect(extractFields(apart).last_name).toBeUndefined();
  });
});

describe('the town: an office address, a street in capitals, a phone at the end', () => {
  it("reads no town from an address under a school's name with contact items between, two columns read row by row (institution-over-contacts)", () => {
    const doc = [
      line('Mara Quill', { size: 1.8 }),
      line('State Maritime University'),
      line('mquill@example.edu'),
      line('School of Ocean Sciences'),
      line('github.com/mquill'),
      line('221 Harbour Way'),
      line('linkedin.com/in/mquill'),
      line('Taos, NM 87571'),
    ];
    expect([extractFields(doc).home_town, extractFields(doc).zip_code]).toEqual([
      undefined,
      undefined,
    ]);
    expect(withRulesOff(['institution-over-contacts'], () => extractFields(doc))).toMatchObject({
      home_town: 'Taos, NM',
      zip_code: '87571',
    });
    // A school named further up than a contact block runs is none of the address's.
    const far = [
      doc[0],
      doc[1],
      ...['a', 'b', 'c', 'd', 'e', 'f'].map((c) => line(`${c}@example.com`)),
      ...doc.slice(5),
    ].filter((one): one is DocLine => one !== undefined);
    expect(extractFields(far).home_town).toBe('Taos, NM');
  });

  it("reads no town from an address with a building's number, an office's (room-office)", () => {
    const doc = [
      line('Mara Quill', { size: 1.8 }),
      line('1001 Harbour Sciences Bldg. 2465, Taos, NM 87571 | 505-555-0142 | mquill@example.edu'),
    ];
    expect(extractFields(doc).home_town).toBeUndefined();
    expect(withRulesOff(['room-office'], () => extractFields(doc).home_town)).toBe('Taos, NM');
  });

  it('cuts a street set in capitals off the town after it (street-caps)', () => {
    const doc = [
      line('MARA QUILL', { size: 1.8, caps: true }),
      line('HTTPS://QUILL.DEV | 12 OAK HOLLOW RD TAOS, NM 87571 | MQUILL@EXAMPLE.COM', {
        caps: true,
      }),
    ];
    expect(extractFields(doc)).toMatchObject({ home_town: 'Taos, NM', zip_code: '87571' });
    expect(withRulesOff(['street-caps'], () => extractFields(doc).home_town)).toBeUndefined();
  });

  it('holds a line that gives a phone, however long, after the email alone at the end (phone-line-apart)', () => {
    const doc = [
      line('Mara Quill', { size: 1.8 }),
      line('Experience', { size: 1.3, bold: true, block: 1 }),
      line('Harbour Surveyor | Fernhill Ports | 2020 - Present', { block: 1 }),
      line('mquill@example.com • LinkedIn • Portfolio', { block: 2 }),
      line('Taos, NM 87571 • (505) 555 0142', { block: 3 }),
    ];
    expect(extractFields(doc)).toMatchObject({
      phone: '+15055550142',
      home_town: 'Taos, NM',
      zip_code: '87571',
    });
    const off = withRulesOff(['phone-line-apart'], () => extractFields(doc));
    expect([off.phone, off.home_town]).toEqual([undefined, undefined]);
  });
});
