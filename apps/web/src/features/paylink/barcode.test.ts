import { describe, expect, it } from 'vitest';
import { code39Bars } from './barcode';
import { secretFromPath } from './PayPage';

describe('pay page helpers', () => {
  it('draws Code 39 with start and stop characters, five bars per character', () => {
    const { bars, width } = code39Bars('70011234');
    // 8 digits + 2 stars, 5 bars each; each character 9 elements = 6 narrow + 3 wide (3) = 15, plus gaps.
    expect(bars).toHaveLength(10 * 5);
    expect(width).toBe(10 * 15 + 9);
    // '*' starts: narrow bar, wide space, narrow bar, narrow space, wide bar …
    expect(bars.slice(0, 3)).toEqual([
      [0, 1],
      [4, 1],
      [6, 3],
    ]);
  });

  it('reads the secret from the path only', () => {
    expect(secretFromPath('/pay/abcDEF_123-xyz')).toBe('abcDEF_123-xyz');
    expect(secretFromPath('/pay/')).toBe('');
    expect(secretFromPath('/other/abc')).toBe('');
  });
});
