// A resume's sections: the lines under each heading, by what the heading names (docs/autofill.md).
import type { DocLine } from './document.ts';
import { clean } from './lines.ts';
import { MAX_TEXT_CHARS } from './read-result.ts';

/** Lines read at most (characters: MAX_TEXT_CHARS): a resume's fields are in its first pages. */
const MAX_LINES = 2_000;

type SectionKind =
  | 'experience'
  | 'skills'
  | 'contact'
  | 'other'
  | 'references'
  | 'title'
  | 'header';

const HEADINGS: Record<string, SectionKind> = {
  resume: 'title',
  'curriculum vitae': 'title',
  cv: 'title',
  'resume of': 'title',
  experience: 'experience',
  'work experience': 'experience',
  'professional experience': 'experience',
  'employment history': 'experience',
  'employment experience': 'experience',
  'work history': 'experience',
  'relevant experience': 'experience',
  'career history': 'experience',
  employment: 'experience',
  'professional history': 'experience',
  'selected experience': 'experience',
  'related experience': 'experience',
  work: 'experience',
  'industry experience': 'experience',
  'professional background': 'experience',
  'experience highlights': 'experience',
  skills: 'skills',
  'key skills': 'skills',
  'technical skills': 'skills',
  'core competencies': 'skills',
  'core skills': 'skills',
  'skills & abilities': 'skills',
  'skills and abilities': 'skills',
  'areas of expertise': 'skills',
  competencies: 'skills',
  'key competencies': 'skills',
  'computer skills': 'skills',
  'skills & expertise': 'skills',
  'skills and expertise': 'skills',
  'skills & awards': 'skills',
  'skills & interests': 'skills',
  'skills and interests': 'skills',
  'skills & tools': 'skills',
  'skills summary': 'skills',
  'summary of skills': 'skills',
  'relevant skills': 'skills',
  'professional skills': 'skills',
  'hard skills': 'skills',
  'soft skills': 'skills',
  'software skills': 'skills',
  technologies: 'skills',
  'tools & technologies': 'skills',
  'tools and technologies': 'skills',
  'technical expertise': 'skills',
  'technical proficiencies': 'skills',
  'technical competencies': 'skills',
  'technical summary': 'skills',
  'tech stack': 'skills',
  expertise: 'skills',
  strengths: 'skills',
  'key strengths': 'skills',
  proficiencies: 'skills',
  tools: 'skills',
  tech: 'skills',
  contact: 'contact',
  'contact information': 'contact',
  'contact info': 'contact',
  'contact details': 'contact',
  'personal details': 'contact',
  'personal information': 'contact',
  details: 'contact',
  references: 'references',
  summary: 'other',
  'professional summary': 'other',
  'career summary': 'other',
  'summary of qualifications': 'other',
  profile: 'other',
  'professional profile': 'other',
  about: 'other',
  'about me': 'other',
  objective: 'other',
  'career objective': 'other',
  education: 'other',
  'education and training': 'other',
  'education & training': 'other',
  certifications: 'other',
  'certifications & licenses': 'other',
  'licenses and certifications': 'other',
  certificates: 'other',
  projects: 'other',
  'selected projects': 'other',
  languages: 'other',
  interests: 'other',
  hobbies: 'other',
  awards: 'other',
  'honors & awards': 'other',
  'honors and awards': 'other',
  achievements: 'other',
  publications: 'other',
  volunteer: 'other',
  'volunteer experience': 'other',
  volunteering: 'other',
  activities: 'other',
  training: 'other',
  affiliations: 'other',
  patents: 'other',
  'invited talks': 'other',
  talks: 'other',
  presentations: 'other',
  research: 'other',
  'research experience': 'other',
  teaching: 'other',
  'teaching experience': 'other',
  leadership: 'other',
  'leadership experience': 'other',
  links: 'other',
  profiles: 'other',
  social: 'other',
  coursework: 'other',
  'relevant coursework': 'other',
  courses: 'other',
  extracurricular: 'other',
  'extracurricular activities': 'other',
  honors: 'other',
  'honors/awards': 'other',
  accomplishments: 'other',
  'key achievements': 'other',
  memberships: 'other',
  'professional memberships': 'other',
  organizations: 'other',
  involvement: 'other',
  'on campus involvement': 'other',
  'community service': 'other',
  'additional information': 'other',
  'personal projects': 'other',
  'side projects': 'other',
  'open source': 'other',
  fields: 'other',
  'operating systems': 'other',
  'selected honors': 'other',
  'selected publications': 'other',
  'professional development': 'other',
  conferences: 'other',
  personal: 'other',
  loves: 'other',
  status: 'other',
  // Spanish (docs/languages.md).
  experiencia: 'experience',
  'experiencia laboral': 'experience',
  'experiencia profesional': 'experience',
  'historial laboral': 'experience',
  'trayectoria profesional': 'experience',
  'experiencia relevante': 'experience',
  empleo: 'experience',
  habilidades: 'skills',
  'habilidades clave': 'skills',
  'habilidades técnicas': 'skills',
  'habilidades profesionales': 'skills',
  competencias: 'skills',
  'competencias clave': 'skills',
  'competencias técnicas': 'skills',
  aptitudes: 'skills',
  conocimientos: 'skills',
  'conocimientos técnicos': 'skills',
  herramientas: 'skills',
  contacto: 'contact',
  'información de contacto': 'contact',
  'datos de contacto': 'contact',
  'datos personales': 'contact',
  'información personal': 'contact',
  referencias: 'references',
  educación: 'other',
  formación: 'other',
  'formación académica': 'other',
  estudios: 'other',
  resumen: 'other',
  'resumen profesional': 'other',
  perfil: 'other',
  'perfil profesional': 'other',
  objetivo: 'other',
  'objetivo profesional': 'other',
  idiomas: 'other',
  certificaciones: 'other',
  'certificaciones y licencias': 'other',
  proyectos: 'other',
  logros: 'other',
  premios: 'other',
  voluntariado: 'other',
  intereses: 'other',
  cursos: 'other',
  publicaciones: 'other',
};

/**
 * A whole line that is a heading: letters (with the accents of Spanish headings, "Educación"),
 * spaces, `&`, `/`, an optional colon.
 */
const HEADING_SHAPE = /^[A-Za-zÁÉÍÓÚÑÜáéíóúñü][A-Za-zÁÉÍÓÚÑÜáéíóúñü &/]{0,40}:?$/;

function headingKind(line: string): SectionKind | null {
  if (!HEADING_SHAPE.test(line)) return null;
  const key = line.replace(':', '').trim().replace(/\s+/g, ' ').toLowerCase();
  return HEADINGS[key] ?? null;
}

export interface Section {
  kind: SectionKind;
  /** The line that opened it (none for the header). */
  heading?: DocLine;
  /** The lines' texts, as clean() gives them. */
  lines: string[];
  /** The same lines with what the document says of each (docs[i].text is lines[i]). */
  docs: DocLine[];
}

/** A heading in capitals that no list of ours names: `LINKS`, `PUBLICATIONS AND TALKS`. */
export const CAPS_HEADING = /^[A-Z][A-Z &/]{3,40}$/;

/**
 * Whether a line ends a skills section though it is no heading we know: a heading in capitals
 * after a list written in mixed case (a category label in capitals comes before its items).
 */
function endsSkills(section: Section | undefined, line: string): boolean {
  const heading = CAPS_HEADING.test(line) && /[A-Z]{5}/.test(line);
  if (section?.kind !== 'skills' || section.lines.length === 0 || !heading) return false;
  return section.lines.some((text) => text !== text.toUpperCase());
}

/** A new section, its heading's line kept. */
function opened(kind: SectionKind, heading: DocLine, first?: DocLine): Section {
  return { kind, heading, lines: first ? [first.text] : [], docs: first ? [first] : [] };
}

/** The document's sections: the lines before the first heading (the header), then one per heading. */
export function sectionsOf(lines: readonly DocLine[]): Section[] {
  const sections: Section[] = [{ kind: 'header', lines: [], docs: [] }];
  let chars = 0;
  for (const raw of lines.slice(0, MAX_LINES)) {
    const line = clean(raw.text);
    chars += line.length;
    if (chars > MAX_TEXT_CHARS) break;
    if (line === '') continue;
    const doc: DocLine = { ...raw, text: line };
    const kind = headingKind(line);
    if (kind === 'title') continue;
    // A skills heading that opens its own line: `Skills: Python, SQL` (inside a skills section,
    // `Languages: Go` is a category of skills, not a heading).
    const colon = line.indexOf(':');
    const inline =
      kind || colon < 2 || colon > 41 || sections.at(-1)?.kind === 'skills'
        ? null
        : headingKind(line.slice(0, colon + 1));
    const rest = line.slice(colon + 1).trim();
    if (kind) sections.push(opened(kind, doc));
    else if (endsSkills(sections.at(-1), line)) sections.push(opened('other', doc, doc));
    else if (inline === 'skills') {
      sections.push(opened(inline, doc, rest ? { ...doc, text: rest } : undefined));
    } else {
      sections.at(-1)?.lines.push(line);
      sections.at(-1)?.docs.push(doc);
    }
  }
  return sections;
}
