import type { StaffView } from '@gerbang/shared/contract/console';
import type { ConsoleModule } from '@gerbang/shared/domain/console-access';
import type { ReactNode } from 'react';

export type { StaffView };

/** Whether the staff member may do `action` in `module` (the server decides; this hides buttons). */
export const may = (staff: StaffView, module: string, action: 'READ' | 'UPDATE') =>
  staff.access[module]?.includes(action) === true;

/**
 * A console view another feature provides, composed in app/ (features do not import each other):
 * its path under /console, its menu label, the module whose READ shows it, and its element.
 */
export interface ConsoleView {
  path: string;
  labelKey: string;
  module: ConsoleModule;
  render: (staff: StaffView) => ReactNode;
}
