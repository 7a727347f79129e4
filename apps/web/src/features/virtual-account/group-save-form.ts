import { bulkVaGroupFields } from '@gerbang/shared/contract/bulk-va';
import { zodResolver } from '@hookform/resolvers/zod';

/**
 * The group dialog's fields (name, description, transaction PIN) checked with the rules the save
 * is checked with on the server; the dialog shows the first problem, in the spec's order.
 */
export const groupFieldsResolver = zodResolver(bulkVaGroupFields);
