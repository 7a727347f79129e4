import {
  CONSOLE_ACTIONS,
  type ConsoleAction,
  type ConsolePermission,
} from '@gerbang/shared/domain/console-access';

// The console's permission names are plain data in the shared contract (a call's access rule names
// them); what a staff member holds is decided here.
export {
  CONSOLE_ACTIONS,
  CONSOLE_MODULES,
  type ConsoleAction,
  type ConsoleModule,
  type ConsolePermission,
} from '@gerbang/shared/domain/console-access';

/** A staff member's effective access: module → allowed actions. */
export type StaffAccess = Record<string, ConsoleAction[]>;

export function staffAccessFrom(
  granted: readonly { module: string; actions: string }[],
  denied: readonly { module: string; action: string }[],
): StaffAccess {
  const out: StaffAccess = {};
  for (const g of granted) {
    const actions = g.actions
      .split(',')
      .map((a) => a.trim())
      .filter((a): a is ConsoleAction => (CONSOLE_ACTIONS as readonly string[]).includes(a))
      .filter((a) => !denied.some((d) => d.module === g.module && d.action === a));
    if (actions.length > 0) out[g.module] = actions;
  }
  return out;
}

export const staffMay = (access: StaffAccess, p: ConsolePermission) =>
  access[p.module]?.includes(p.action) === true;
