/**
 * The console's permission names: the merchant model (a module and an action) with the console's
 * own modules. Names start with `console_` so no merchant module can ever be confused with one.
 * Plain data, so a call's access rule can name them in the shared contract; what a staff member
 * holds is decided on the server (modules/console/permissions.ts).
 */
export const CONSOLE_MODULES = [
  'console_registrations',
  'console_nmid',
  'console_advance',
  'console_callbacks',
  'console_merchants',
  'console_content',
  'console_demo',
  /** The provider's own reconciliation (ADR 023): READ the queue, UPDATE import and match. */
  'console_reconciliation',
  /** Writing off an exception of the provider's reconciliation: its own right, never implied. */
  'console_recon_write_off',
] as const;
export type ConsoleModule = (typeof CONSOLE_MODULES)[number];
export const CONSOLE_ACTIONS = ['READ', 'UPDATE'] as const;
export type ConsoleAction = (typeof CONSOLE_ACTIONS)[number];

export interface ConsolePermission {
  module: ConsoleModule;
  action: ConsoleAction;
}

/**
 * A console call's rule: a console permission, any logged-in staff member ('staff'), or the
 * login form's calls before anyone is logged in ('anonymous').
 */
export type ConsoleRule = ConsolePermission | 'staff' | 'anonymous';
