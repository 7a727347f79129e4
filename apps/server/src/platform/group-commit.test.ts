import { describe, expect, it } from 'vitest';
import { GroupCommit, type Settled } from './group-commit';

/** A runner that records its groups; `boom` breaks a whole group, `no` is refused on its own. */
function recorder(delayMs = 5) {
  const groups: { key: string; items: string[] }[] = [];
  let running = 0;
  let peak = 0;
  const run = async (key: string, items: readonly string[]): Promise<Settled<string>[]> => {
    groups.push({ key, items: [...items] });
    running += 1;
    peak = Math.max(peak, running);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    running -= 1;
    if (items.includes('boom')) throw new Error('group broke');
    return items.map((item) =>
      item === 'no'
        ? { ok: false, error: new Error(`refused ${item}`) }
        : { ok: true, value: item },
    );
  };
  return { groups, run, peak: () => peak };
}

describe('GroupCommit', () => {
  it('merges calls of one key that arrive together; keys never share a group', async () => {
    const r = recorder();
    const commit = new GroupCommit(r.run);
    const answers = await Promise.all([
      commit.submit('a', 'a1'),
      commit.submit('b', 'b1'),
      commit.submit('a', 'a2'),
      commit.submit('a', 'a3'),
    ]);
    expect(answers).toEqual(['a1', 'b1', 'a2', 'a3']);
    expect(r.groups).toEqual([
      { key: 'a', items: ['a1', 'a2', 'a3'] },
      { key: 'b', items: ['b1'] },
    ]);
    expect(commit.stats).toMatchObject({ groups: 2, items: 4, largest: 3, fallbacks: 0 });
  });

  it('a refused item is its own answer; a broken group runs each item alone', async () => {
    const r = recorder();
    const commit = new GroupCommit(r.run);
    const settled = await Promise.allSettled(
      ['x1', 'no', 'boom', 'x2'].map((item) => commit.submit('k', item)),
    );
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : 'error'))).toEqual([
      'x1',
      'error',
      'error',
      'x2',
    ]);
    expect((settled[2] as PromiseRejectedResult).reason.message).toBe('group broke');
    expect(r.groups.map((g) => g.items)).toEqual([
      ['x1', 'no', 'boom', 'x2'],
      ['x1'],
      ['no'],
      ['boom'],
      ['x2'],
    ]);
    expect(commit.stats.fallbacks).toBe(1);
  });

  it('keeps at most maxInFlight groups of one key running, at most maxItems each', async () => {
    const r = recorder(10);
    const commit = new GroupCommit(r.run, 3, 2);
    const items = Array.from({ length: 20 }, (_, i) => `i${i}`);
    const first = commit.submit('k', 'first');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await Promise.all([first, ...items.map((item) => commit.submit('k', item))])).toEqual([
      'first',
      ...items,
    ]);
    expect(r.peak()).toBe(2);
    expect(Math.max(...r.groups.map((g) => g.items.length))).toBe(3);
    expect(r.groups.flatMap((g) => g.items)).toEqual(['first', ...items]);
  });
});
