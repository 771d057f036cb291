// docs/languages.md's glossary: the Spanish names that tests and assistive technology rely on, as the
// Spanish catalogue gives them for the English ones.
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
