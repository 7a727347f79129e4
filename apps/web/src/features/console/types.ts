import type { StaffView } from '@gerbang/shared/contract/console';

export type { StaffView };

/** Whether the staff member may do `action` in `module` (the server decides; this hides buttons). */
export const may = (staff: StaffView, module: string, action: 'READ' | 'UPDATE') =>
  staff.access[module]?.includes(action) === true;
