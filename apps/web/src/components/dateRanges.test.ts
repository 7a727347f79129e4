import { describe, expect, it } from 'vitest';
import { addDays, rangePresets } from './dateRanges';

describe('date-range presets', () => {
  it('end no later than today and cover the named days', () => {
    const presets = Object.fromEntries(
      rangePresets('2026-03-01').map((p) => [p.key, p.value.join(',')]),
    );
    expect(presets).toEqual({
      today: '2026-03-01,2026-03-01',
      yesterday: '2026-02-28,2026-02-28',
      last7: '2026-02-23,2026-03-01',
      last30: '2026-01-31,2026-03-01',
      thisMonth: '2026-03-01,2026-03-01',
      lastMonth: '2026-02-01,2026-02-28',
    });
  });

  it('crosses years', () => {
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    const lastMonth = rangePresets('2027-01-15').find((p) => p.key === 'lastMonth');
    expect(lastMonth?.value).toEqual(['2026-12-01', '2026-12-31']);
  });
});
