/**
 * Normalising what users type. The portal groups account numbers with dashes in blocks of four
 * (spec 02 §5), so separators are dropped before anything looks at the digits.
 */

/** Bank accounts and VA numbers: 6 to 24 digits once dashes and spaces are removed. */
export function normalizeAccountNumber(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '');
  return /^\d{6,24}$/.test(digits) ? digits : null;
}

/** Indonesian mobile numbers as 08…, 10 to 13 digits; 62… and +62… are rewritten to 0…. */
export function normalizePhoneNumber(raw: string): string | null {
  const compact = raw.replace(/[\s-]/g, '');
  const local = compact.replace(/^\+?62/, '0');
  return /^08\d{8,11}$/.test(local) ? local : null;
}
