import { describe, expect, it } from 'vitest';
import { perOwner } from './per-owner';

describe('perOwner', () => {
  it('makes one value per owner at its first use and hands the same one out after', () => {
    let made = 0;
    const queueOf = perOwner((owner: { name: string }) => {
      made += 1;
      return { owner: owner.name, items: [] as number[] };
    });
    const a = { name: 'a' };
    const b = { name: 'b' };
    expect(queueOf.peek(a)).toBeUndefined();
    queueOf(a).items.push(1);
    queueOf(a).items.push(2);
    expect(queueOf(a)).toEqual({ owner: 'a', items: [1, 2] });
    expect(queueOf(b)).toEqual({ owner: 'b', items: [] });
    expect(queueOf.peek(a)).toBe(queueOf(a));
    expect(made).toBe(2);
  });
});
