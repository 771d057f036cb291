// examples/resume-registration.d.ts, the declaration a board's TypeScript copies from
// docs/embedding.md, says what embed.js really does: the same events with the same details, and
// the same global. Checked by the type checker (npm run typecheck) and here against that page.
/// <reference path="../../examples/resume-registration.d.ts" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { EmbedEvent } from '../shared/embed-protocol.ts';
import type { ResumeRegistrationApi } from './embed.ts';

type Declared = {
  [K in keyof DocumentEventMap as K extends `resume-registration:${string}`
    ? K
    : never]: DocumentEventMap[K];
};
type Detail<T> = T extends CustomEvent<infer D> ? D : never;
type Real = { [E in EmbedEvent as E['type']]: Omit<E, 'type'> };

describe('the event types a board copies', () => {
  it('declare every event embed.js dispatches, with its detail, and no other', () => {
    expectTypeOf<keyof Declared>().toEqualTypeOf<keyof Real>();
    expectTypeOf<Detail<Declared['resume-registration:height']>>().toEqualTypeOf<
      Real['resume-registration:height']
    >();
    expectTypeOf<Detail<Declared['resume-registration:failed']>>().toEqualTypeOf<
      Real['resume-registration:failed']
    >();
    expectTypeOf<Detail<Declared['resume-registration:step']>['name']>().toEqualTypeOf<
      Real['resume-registration:step']['name']
    >();
    expectTypeOf<Detail<Declared['resume-registration:step']>['step']>().toExtend<
      Real['resume-registration:step']['step']
    >();
    expectTypeOf<HTMLElementEventMap['resume-registration:ready']>().toEqualTypeOf<
      Declared['resume-registration:ready']
    >();
    expectTypeOf<
      NonNullable<Window['ResumeRegistration']>
    >().toEqualTypeOf<ResumeRegistrationApi>();
  });

  it('are in docs/embedding.md as they are in examples/resume-registration.d.ts', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const file = readFileSync(path.join(root, 'examples/resume-registration.d.ts'), 'utf8');
    const docs = readFileSync(path.join(root, 'docs/embedding.md'), 'utf8');
    const body = file.slice(file.indexOf('interface ResumeRegistrationEvents'));
    expect(docs).toContain(body.trim());
  });
});
