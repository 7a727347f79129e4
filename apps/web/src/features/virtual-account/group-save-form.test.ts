import { BULK_VA_LIMITS } from '@gerbang/shared/contract/bulk-va';
import { describe, expect, it } from 'vitest';
import { groupFieldsProblem } from './group-save-form';

const valid = { groupName: 'Mei 2026', groupDesc: 'Tagihan bulanan', pin: '123456' };
const problem = (fields: Partial<typeof valid>) => groupFieldsProblem({ ...valid, ...fields });

describe('bulk VA group dialog: the first message in spec 03 §5.7 order', () => {
  it('group name, description, PIN — the earliest missing field wins', () => {
    const empty = { groupName: '', groupDesc: '', pin: '' };
    expect(problem(empty)).toBe('bulkva.errors.groupName');
    expect(problem({ ...empty, groupName: 'Mei' })).toBe('bulkva.errors.groupDesc');
    expect(problem({ pin: '' })).toBe('bulkva.errors.pin');
    expect(problem({})).toBeNull();
  });

  it('blank text is no name or description', () => {
    expect(problem({ groupName: '   ' })).toBe('bulkva.errors.groupName');
    expect(problem({ groupDesc: ' \t' })).toBe('bulkva.errors.groupDesc');
  });

  it('refuses what the server would: a name past the limit, a PIN too long', () => {
    const long = 'x'.repeat(BULK_VA_LIMITS.textMax + 1);
    expect(problem({ groupName: long })).toBe('bulkva.errors.groupNameTooLong');
    expect(problem({ pin: '1'.repeat(BULK_VA_LIMITS.secretMax + 1) })).toBe(
      'bulkva.errors.secretTooLong',
    );
  });
});
