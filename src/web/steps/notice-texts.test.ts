import { type MessageDescriptor, setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as en } from '../../locales/en/messages.ts';
import { messages as es } from '../../locales/es/messages.ts';
import { DEFAULT_PUBLIC_CONFIG, MAX_ORPHAN_MINUTES } from '../../shared/contract.ts';
import { SENT_TEXT, uploadKeptFor, uploadSentence } from './notice-texts.ts';

const sayIn = (locale: 'en' | 'es', messages: typeof en) => {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return (message: MessageDescriptor) => i18n._(message);
};
const SAY = { en: sayIn('en', en), es: sayIn('es', es) };

describe('what becomes of an upload', () => {
  it.each([
    [60, 30, { unused: 60, registered: 43_200 }],
    [10, 1, { unused: 10, registered: 1_440 }],
    // A longer orphan time than the retention: the retention sweep takes it first.
    [MAX_ORPHAN_MINUTES, 1, { unused: 1_440, registered: 1_440 }],
    [MAX_ORPHAN_MINUTES, 7, { unused: MAX_ORPHAN_MINUTES, registered: MAX_ORPHAN_MINUTES }],
  ])('RESUME_ORPHAN_MINUTES=%i, RESUME_RETENTION_DAYS=%i: %j minutes', (orphan, days, kept) => {
    expect(uploadKeptFor({ resumeOrphanMinutes: orphan, resumeRetentionDays: days })).toEqual(kept);
  });
});

describe('the notices’ sentences, in both languages', () => {
  it('names the provider, the account and the password’s use on step 1', () => {
    expect(SAY.en(SENT_TEXT)).toBe(
      'When you submit, Resume Library gets your answers and resume and creates your account: your email and password become your login there.',
    );
    expect(SAY.es(SENT_TEXT)).toBe(
      'Al enviar el registro, Resume Library recibe sus respuestas y su currículum y crea su cuenta: su correo electrónico y su contraseña serán sus datos de acceso allí.',
    );
  });

  it.each([
    [60, 30, ['1 hour', '30 days'], ['1 hora', '30 días']],
    [90, 1, ['90 minutes', '24 hours'], ['90 minutos', '24 horas']],
    [1_440, 2, ['24 hours', '2 days'], ['24 horas', '2 días']],
    [10, 365, ['10 minutes', '365 days'], ['10 minutos', '365 días']],
  ])(
    'says where a file is chosen what becomes of it: orphan %i min, retention %i days',
    (orphan, days, [unused, kept], [sinUso, guardado]) => {
      const config = { resumeOrphanMinutes: orphan, resumeRetentionDays: days };
      expect(uploadSentence(SAY.en, config)).toBe(
        `We store your file as soon as you choose it. If you do not submit, we delete it after ${unused}; if you do, Resume Library receives it and we keep our copy for ${kept}.`,
      );
      expect(uploadSentence(SAY.es, config)).toBe(
        `Guardamos su archivo en cuanto lo elige. Si no envía el registro, lo eliminamos después de ${sinUso}; si lo envía, Resume Library lo recibe y conservamos nuestra copia durante ${guardado}.`,
      );
    },
  );

  it('says the defaults of the page’s configuration', () => {
    expect(uploadSentence(SAY.en, DEFAULT_PUBLIC_CONFIG)).toContain('after 1 hour;');
  });
});
