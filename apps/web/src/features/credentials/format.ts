import { formatWibDateTime } from '@gerbang/shared';

/** Day-month-year hour:minute WIB (spec 03 §9). */
export function formatDateTime(iso: string): string {
  return formatWibDateTime(new Date(iso));
}
