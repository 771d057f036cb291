import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { inService } from './area-codes.ts';

/** Whether libphonenumber's full metadata holds any valid number with this area code. */
function heldByMetadata(area: number): boolean {
  for (let exchange = 200; exchange <= 999; exchange++) {
    if (parsePhoneNumberFromString(`+1${area}${exchange}4567`)?.isValid()) return true;
  }
  return false;
}

describe('the area codes in service', () => {
  it('are those libphonenumber holds a valid number of, every one from 200 to 999', () => {
    const differ: number[] = [];
    for (let area = 200; area <= 999; area++) {
      if (inService(String(area)) !== heldByMetadata(area)) differ.push(area);
    }
    // The examples' code, which the metadata holds no number of.
    expect(differ).toEqual([555]);
  });

  it.each([
    ['415', true],
    ['939', true],
    ['767', true],
    ['555', true],
    ['976', false],
    ['552', false],
    ['199', false],
    ['1000', false],
    ['', false],
  ])('%s: %s', (area, expected) => {
    expect(inService(area)).toBe(expected);
  });
});
