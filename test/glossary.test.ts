// docs/languages.md's glossary: the Spanish names that tests and assistive technology rely on, as the
// Spanish catalogue gives them for the English ones; and its words: the provider's name kept as it
// is, and one Spanish term for each thing in the whole catalogue.
import { setupI18n } from '@lingui/core';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { describe, expect, it } from 'vitest';
import { messages as en } from '../src/locales/en/messages.ts';
import { messages as es } from '../src/locales/es/messages.ts';
import { AUTOFILL_MESSAGES } from '../src/web/autofill/texts.ts';

const spanish = setupI18n({ locale: 'es', messages: { es } });
const english = setupI18n({ locale: 'en', messages: { en } });
/** A message the components write as t`…`: its id is the hash of its English. */
const inSpanish = (text: string) => {
  const id = generateMessageId(text);
  expect(english._(id)).toBe(text);
  return spanish._(id);
};

describe('the glossary (docs/languages.md)', () => {
  it.each([
    ['Resume Library Registration', 'Registro en Resume Library'],
    ['Personal Info', 'Datos personales'],
    ['Career Info', 'Datos profesionales'],
    ['Resume', 'Currículum'],
    ['First Name', 'Nombre'],
    ['Last Name', 'Apellido'],
    ['Email', 'Correo electrónico'],
    ['Password', 'Contraseña'],
    ['Phone', 'Teléfono'],
    ['Zip Code', 'Código postal'],
    ['Home Town', 'Ciudad'],
    ['Desired Job Title', 'Puesto deseado'],
    ['Latest Job Title', 'Puesto más reciente'],
    ['Key Skills', 'Habilidades clave'],
    ['Next Step', 'Siguiente paso'],
    ['Back', 'Atrás'],
    ['Submit Registration', 'Enviar registro'],
    ['There is a problem', 'Hay un problema'],
    ['Language', 'Idioma'],
    ["You're registered", 'Registro completado'],
  ])('%s → %s', (text, name) => {
    expect(inSpanish(text)).toBe(name);
  });

  it('Start with your resume → Empezar con su currículum', () => {
    expect(spanish._(AUTOFILL_MESSAGES.button)).toBe('Empezar con su currículum');
  });

  it('Registration Successful → Registro completado', () => {
    expect(spanish._({ id: 'registrationToast.success' })).toMatch(/^¡Registro completado!/);
  });
});

/** A compiled message's words: placeholders as `{name}`, each plural or select form in turn. */
const words = (message: unknown): string =>
  typeof message === 'string'
    ? message
    : (message as unknown[])
        .map((part) => {
          if (typeof part === 'string') return part;
          const [name, , forms] = part as [string, string?, Record<string, unknown>?];
          return forms ? Object.values(forms).map(words).join(' | ') : `{${name}}`;
        })
        .join('');

const catalogue = Object.keys(en).map((id) => ({ id, en: words(en[id]), es: words(es[id]) }));

describe('the words of the Spanish catalogue (docs/languages.md)', () => {
  it('reads every message, placeholders and plural forms in', () => {
    expect(catalogue.length).toBeGreaterThan(150);
    expect(catalogue.find(({ id }) => id === 'autofill.filled')?.es).toBe(
      'Completamos # campo con su currículum. Revíselo, por favor. | Completamos # campos con su currículum. Revíselos, por favor.',
    );
    expect(catalogue.find(({ id }) => id === 'registrationToast.conflict')?.es).toMatch(
      /inicie sesión en \{jobBoardUrl\}\/login$/,
    );
  });

  it('keeps the provider’s name as it is wherever the English names it', () => {
    const naming = catalogue.filter((message) => /resume library/i.test(message.en));
    expect(naming.length).toBeGreaterThan(5);
    expect(naming.filter((message) => !message.es.includes('Resume Library'))).toEqual([]);
  });

  it.each([
    ['the provider, a name', /biblioteca/i],
    [
      '“Autorización para trabajar”, not also “Autorización de trabajo”',
      /autorización de trabajo/i,
    ],
    ['“subir” and “subida” for an upload, as in “Subir archivo”, not also “carga”', /\bcargas?\b/i],
    [
      '“URL” for a resume’s address, as in “Agregar URL”, not also “enlace”',
      /\benlaces?\b[^.]*currículum/i,
    ],
    ['“agregar” a resume, as in “Currículum agregado”, not also “adjuntar”', /adjunt/i],
    ['neutral forms: “Para cualquier empleador”, not “Autorizado”', /\bautorizad[oa]s?\b/i],
    ['neutral forms: “Disponibilidad para mudarse”, not “Dispuesto”', /\bdispuest[oa]s?\b/i],
    ['neutral forms: “Registro completado”, not “registrado”', /\bregistrad[oa]s?\b/i],
    ['neutral forms: “personas”, not “candidatos”, for people registering', /muchos candidatos/i],
  ])('one term for one thing: %s', (_, pattern) => {
    expect(catalogue.filter((message) => pattern.test(message.es))).toEqual([]);
  });
});
