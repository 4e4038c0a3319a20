import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, formatCode, normalizeCode } from './certificate-code.ts';

describe('a certificate code as typed', () => {
  it.each([
    ['AV-7K3P-9QXD', 'AV-7K3P-9QXD'],
    ['av-7k3p-9qxd', 'AV-7K3P-9QXD'],
    ['AV7K3P9QXD', 'AV-7K3P-9QXD'],
    [' av 7k3p 9qxd ', 'AV-7K3P-9QXD'],
    ['7K3P-9QXD', 'AV-7K3P-9QXD'],
    ['7k3p9qxd', 'AV-7K3P-9QXD'],
    // Letters read for digits: O is 0, I and L are 1.
    ['AV-7K3P-OQXD', 'AV-7K3P-0QXD'],
    ['AV-IK3P-LQXD', 'AV-1K3P-1QXD'],
    ['AV–7K3P–9QXD', 'AV-7K3P-9QXD'],
  ])('%j is %j', (typed, code) => {
    expect(normalizeCode(typed)).toBe(code);
  });

  it.each([
    [''],
    ['AV-7K3P-9QX'],
    ['AV-7K3P-9QXDD'],
    ['BV-7K3P-9QXD'],
    ['AV-7K3P-9QXU'],
    ['AV-7K3P-9QX!'],
    ['../../etc/passwd'],
    ['x'.repeat(200)],
    ["AV-7K3P-9QX'"],
  ])('%j is no code', (typed) => {
    expect(normalizeCode(typed)).toBeNull();
  });

  it('has 32 unambiguous characters and formats in two groups of four', () => {
    expect(new Set(CODE_ALPHABET).size).toBe(32);
    expect(CODE_ALPHABET).not.toMatch(/[ILOU]/);
    expect(formatCode('ABCDEFGH')).toBe('AV-ABCD-EFGH');
  });
});
