// A licence's public code: 'AV-' and 8 characters of Crockford's base32, grouped in fours
// ('AV-7K3P-9QXD'). 40 random bits: nobody finds a code by trying. The alphabet has no I, L, O
// or U, so a code read off paper is typed without doubt; what people type instead (lower case,
// no dashes, spaces, an O for a 0, an I or L for a 1) is read as the code they meant.

export const CODE_PREFIX = 'AV';
/** Crockford's base32: digits and letters without I, L, O, U. */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 8;

/** The code written the one way it is stored and printed. */
export const formatCode = (body: string) => `${CODE_PREFIX}-${body.slice(0, 4)}-${body.slice(4)}`;

/**
 * The code someone typed, as stored ('av 7k3p 9qxd', 'AV7K3P9QXD', '7K3P-9QXD' → 'AV-7K3P-9QXD'),
 * or null when it cannot be one.
 */
export function normalizeCode(typed: string): string | null {
  if (typed.length > 64) return null;
  let compact = typed.toUpperCase().replace(/[\s\-–—_.]/g, '');
  if (compact.length === CODE_PREFIX.length + CODE_LENGTH && compact.startsWith(CODE_PREFIX)) compact = compact.slice(CODE_PREFIX.length);
  if (compact.length !== CODE_LENGTH) return null;
  const body = compact.replace(/O/g, '0').replace(/[IL]/g, '1');
  return [...body].every((char) => CODE_ALPHABET.includes(char)) ? formatCode(body) : null;
}
