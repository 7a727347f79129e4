/**
 * Result codes of the `{rc, rd, data}` envelope (spec 01 §7, §8). `00` is success; the web client
 * shows `rd` in a dialog for any other code, logs out on `401`, and treats `GE` as a network failure.
 */
export const RC = {
  OK: '00',
  /** Session missing or expired: the client logs out. */
  SESSION: '401',
  /** The login is valid but this user may not use the portal. */
  LOGIN_ACCESS: '303',
  /** Generic or transport failure. */
  GENERIC: 'GE',
  /** Input failed validation; `rd` is the first failing rule's message. */
  VALIDATION: '400',
  /** Wrong credentials, wrong OTP and similar refusals of what the user typed. */
  REFUSED: '01',
  /** Permission, environment, API-flag or role refusal. */
  ACCESS_DENIED: '403',
  NOT_FOUND: '404',
  /** An idempotency key reused with another body. */
  CONFLICT: '409',
  /**
   * The change needs a fresh re-authentication on this session (password re-entry, `POST
   * /auth/reauth`): the client asks for it and sends the change again.
   */
  REAUTH: '428',
  /** Too many attempts: throttled or locked out. */
  THROTTLED: '429',
  /**
   * The session has not passed its second factor yet (or must enrol one first): only the login's
   * second step answers it (ADR 010).
   */
  SECOND_FACTOR: '2FA',
  /** The call moves money or changes security: pass the second factor again (step-up) first. */
  STEP_UP: 'SU',
  /** Advance-funds request with rejected dates (spec 03 §7.7). */
  ADVANCE_FUNDS_REJECTED: '99',
} as const;

export type ResultCode = (typeof RC)[keyof typeof RC];

export interface Envelope<T = unknown> {
  rc: string;
  rd: string;
  data: T;
}
