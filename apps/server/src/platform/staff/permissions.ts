/**
 * The console's permission model: the merchant one (a module and an action; a role grants its
 * defaults, a staff member may be denied some), with the console's own modules. Names start with
 * `console_` so no merchant module can ever be confused with one.
 */
export const CONSOLE_MODULES = [
  'console_registrations',
  'console_nmid',
  'console_advance',
  'console_callbacks',
  'console_merchants',
  'console_content',
  'console_demo',
] as const;
export type ConsoleModule = (typeof CONSOLE_MODULES)[number];
export const CONSOLE_ACTIONS = ['READ', 'UPDATE'] as const;
export type ConsoleAction = (typeof CONSOLE_ACTIONS)[number];

export interface ConsolePermission {
  module: ConsoleModule;
  action: ConsoleAction;
}

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
