import { describe, expect, it } from 'vitest';
import {
  bodyWithoutSecrets,
  isJsonContentType,
  isPlainTextContentType,
  type ProviderBody,
  readProviderBody,
  withoutSecrets,
} from './provider-body.ts';

describe('the content types of a provider answer', () => {
  it.each<[string | null, boolean, boolean]>([
    ['application/json', true, false],
    ['application/json; charset=utf-8', true, false],
    ['Application/JSON', true, false],
    ['application/problem+json', true, false],
    ['application/vnd.provider.v2+json;charset=utf-8', true, false],
    ['application/json-seq', false, false],
    ['application/jsonp', false, false],
    ['text/json', false, false],
    ['text/html; charset=utf-8', false, false],
    ['text/plain', false, true],
    ['text/plain; charset=utf-8', false, true],
    ['text/plainish', false, false],
    [null, false, true],
  ])('%j: JSON %s, plain text %s', (contentType, json, plain) => {
    expect(isJsonContentType(contentType)).toBe(json);
    expect(isPlainTextContentType(contentType)).toBe(plain);
  });
});

describe('reading a provider body', () => {
  it.each<[string, string | null, ProviderBody]>([
    ['{"id":"c1"}', 'application/json', { kind: 'json', value: { id: 'c1' } }],
    ['"created"', 'application/json', { kind: 'json', value: 'created' }],
    ['null', 'application/json', { kind: 'json', value: null }],
    ['{"detail":"x"}', 'application/problem+json', { kind: 'json', value: { detail: 'x' } }],
    ['{"id":"c1"}', 'text/html', { kind: 'text', text: '{"id":"c1"}' }],
    ['{"id":"c1"}', null, { kind: 'text', text: '{"id":"c1"}' }],
    ['<html></html>', 'application/json', { kind: 'text', text: '<html></html>' }],
    ['', 'application/json', { kind: 'empty' }],
    ['  \n', 'text/html', { kind: 'empty' }],
    ['', null, { kind: 'empty' }],
  ])('%j as %j → %j', (text, contentType, body) => {
    expect(readProviderBody(text, contentType)).toStrictEqual(body);
  });
});

/** `leaf` inside `levels` objects: {a: {a: … leaf}}. */
const nest = (levels: number, leaf: unknown): unknown =>
  levels === 0 ? leaf : { a: nest(levels - 1, leaf) };

describe('dropping every text that carries a secret', () => {
  const SECRETS = ['c2VjcmV0', 'hunter2-long-key'];

  it.each<[string, unknown, unknown]>([
    [
      'a clean value, unchanged',
      { id: 'c1', n: 1, ok: true, x: null },
      { id: 'c1', n: 1, ok: true, x: null },
    ],
    ['a string that is the secret', 'c2VjcmV0', undefined],
    ['a string that holds the secret', 'Basic c2VjcmV0 was sent', undefined],
    ['a string that holds the key', 'key=hunter2-long-key;', undefined],
    ['a field whose value holds it', { detail: 'Basic c2VjcmV0', id: 'c1' }, { id: 'c1' }],
    ['a field whose key holds it', { 'Basic c2VjcmV0': ['x'], id: 'c1' }, { id: 'c1' }],
    ['list items that hold it', { email: ['ok', 'c2VjcmV0', 'fine'] }, { email: ['ok', 'fine'] }],
    [
      'nested objects that hold it',
      { errors: { headers: { authorization: 'Basic c2VjcmV0', host: 'h' } } },
      { errors: { headers: { host: 'h' } } },
    ],
    [
      'a "__proto__" key, kept as a plain key',
      JSON.parse('{"__proto__":{"a":"b"}}'),
      JSON.parse('{"__proto__":{"a":"b"}}'),
    ],
    ['8 levels of objects, kept whole', nest(8, 'x'), nest(8, 'x')],
    ['an object deeper than 8 levels, dropped', nest(12, 'x'), nest(7, {})],
  ])('%s', (_name, value, expected) => {
    expect(withoutSecrets(value, SECRETS)).toStrictEqual(expected);
  });

  it('keeps a prototype-free result for a "__proto__" key', () => {
    const cleaned = withoutSecrets(JSON.parse('{"__proto__":{"polluted":"yes"}}'), SECRETS);
    expect(Object.getPrototypeOf(cleaned)).toBe(Object.prototype);
    expect((cleaned as { polluted?: string }).polluted).toBeUndefined();
  });

  it.each<[ProviderBody, ProviderBody]>([
    [{ kind: 'empty' }, { kind: 'empty' }],
    [
      { kind: 'text', text: 'authorization: Basic c2VjcmV0' },
      { kind: 'text', text: '' },
    ],
    [
      { kind: 'text', text: 'Not found' },
      { kind: 'text', text: 'Not found' },
    ],
    [
      { kind: 'json', value: 'c2VjcmV0' },
      { kind: 'json', value: null },
    ],
    [
      { kind: 'json', value: { detail: 'c2VjcmV0' } },
      { kind: 'json', value: {} },
    ],
  ])('a body %j → %j', (body, expected) => {
    expect(bodyWithoutSecrets(body, SECRETS)).toStrictEqual(expected);
  });
});
