import { formatThousands } from './money';

/**
 * A number as Indonesian readers write it ("1.234.567", "0,5"): the same text as
 * `value.toLocaleString('id-ID')`. Whole numbers (counts, rupiah: nearly every figure shown) are
 * grouped here directly: a page's first Indonesian number formatter loads its locale data (~30 ms
 * of a desktop CPU, four times that on Lighthouse's phone), and each `toLocaleString` with a
 * locale builds a new formatter. Fractions go through one shared formatter.
 */
let idNumbers: Intl.NumberFormat | null = null;

export function formatIdNumber(value: number): string {
  if (Number.isSafeInteger(value) && !Object.is(value, -0)) return formatThousands(value);
  idNumbers ??= new Intl.NumberFormat('id-ID');
  return idNumbers.format(value);
}
