import { bulkVaGroupFields } from '@gerbang/shared/contract/bulk-va';

/**
 * The group dialog's fields (name, description, transaction PIN) checked with the rules the save
 * is checked with on the server: the first problem's catalog key, in the spec's order, or null.
 * The schema's own parse, not react-hook-form's resolver: the page already loads zod for the row
 * rules, and the resolver's 12 KiB would take it past its 300 KiB budget.
 */
export function groupFieldsProblem(fields: {
  groupName: string;
  groupDesc: string;
  pin: string;
}): string | null {
  const result = bulkVaGroupFields.safeParse(fields);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
