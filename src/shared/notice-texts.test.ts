import { type MessageDescriptor, setupI18n } from '@lingui/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages as en } from '../locales/en/messages.ts';
import { messages as es } from '../locales/es/messages.ts';
import { DEFAULT_PUBLIC_CONFIG, MAX_RETENTION_DAYS } from './contract.ts';
import { draftKeptSentence, spanOf } from './notice-texts.ts';

const sayIn = (locale: 'en' | 'es', messages: typeof en) => {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return (message: MessageDescriptor) => i18n._(message);
};
const SAY = { en: sayIn('en', en), es: sayIn('es', es) };

describe('a length of time, in the largest unit that holds it whole', () => {
  it.each([
    [1, { unit: 'minute', count: 1 }],
    [10, { unit: 'minute', count: 10 }],
    [59, { unit: 'minute', count: 59 }],
    [60, { unit: 'hour', count: 1 }],
    [90, { unit: 'minute', count: 90 }],
    [120, { unit: 'hour', count: 2 }],
    [1_380, { unit: 'hour', count: 23 }],
    [1_440, { unit: 'hour', count: 24 }],
    [2_160, { unit: 'hour', count: 36 }],
    [2_880, { unit: 'day', count: 2 }],
    [43_200, { unit: 'day', count: 30 }],
  ] as const)('%i minutes are %j', (minutes, span) => {
    expect(spanOf(minutes)).toEqual(span);
  });

  it('says exactly the minutes it is given, whatever they are', () => {
    const UNIT = { minute: 1, hour: 60, day: 1_440 };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_RETENTION_DAYS * 1_440 }), (minutes) => {
        const { unit, count } = spanOf(minutes);
        expect(Number.isInteger(count) && count >= 1).toBe(true);
        expect(count * UNIT[unit]).toBe(minutes);
        // No larger unit would have held it whole (days from two on).
        if (unit === 'minute') expect(minutes % 60).not.toBe(0);
        if (unit === 'hour') expect(minutes % 1_440 !== 0 || minutes === 1_440).toBe(true);
      }),
    );
  });
});

describe('the draft’s sentence, in both languages', () => {
  it.each([
    [24, 'for 24 hours', 'durante 24 horas'],
    [1, 'for 1 hour', 'durante 1 hora'],
    [36, 'for 36 hours', 'durante 36 horas'],
    [48, 'for 2 days', 'durante 2 días'],
    [720, 'for 30 days', 'durante 30 días'],
  ])('says a draft kept %i hours', (hours, english, spanish) => {
    expect(draftKeptSentence(SAY.en, hours)).toBe(
      `This device keeps your answers, never your password, ${english} after your last change.`,
    );
    expect(draftKeptSentence(SAY.es, hours)).toBe(
      `Este dispositivo guarda sus respuestas, nunca su contraseña, ${spanish} desde su último cambio.`,
    );
  });

  it('says the defaults of the page’s configuration', () => {
    expect(draftKeptSentence(SAY.en, DEFAULT_PUBLIC_CONFIG.draftTtlHours)).toContain('24 hours');
  });
});
