/**
 * Code 39 bars of a digit string (the retail pay code at the cashier): pure, no library. Each
 * character is nine elements, bar first, `1` wide; characters are parted by a narrow space.
 */
const PATTERNS: Record<string, string> = {
  '0': '000110100',
  '1': '100100001',
  '2': '001100001',
  '3': '101100000',
  '4': '000110001',
  '5': '100110000',
  '6': '001110000',
  '7': '000100101',
  '8': '100100100',
  '9': '001100100',
  '*': '010010100',
};
const WIDE = 3;

/** The bars as [x, width] in modules; `width` is the total width. */
export function code39Bars(digits: string): { bars: [number, number][]; width: number } {
  const bars: [number, number][] = [];
  let x = 0;
  for (const ch of `*${digits.replace(/\D/g, '')}*`) {
    const pattern = PATTERNS[ch];
    for (let i = 0; i < 9; i++) {
      const w = pattern[i] === '1' ? WIDE : 1;
      if (i % 2 === 0) bars.push([x, w]);
      x += w;
    }
    x += 1;
  }
  return { bars, width: x - 1 };
}
