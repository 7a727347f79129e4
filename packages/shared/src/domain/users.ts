/** User types of spec 01 §1 and spec 03 §6, spelled as the login result carries them. */
export const USER_TYPES = ['Business', 'Personal H2H', 'Personal END USER'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Agent groups (`id_grup`) that carry rules in the spec. */
export const AGENT_GROUP = {
  /** News category 1588 instead of 1598. */
  NEWS_ALT: 1,
  /** Prompted to activate the business. */
  INACTIVE_BUSINESS: 3,
  /** No deposit link. */
  NO_DEPOSIT_A: 5,
  /** Partner and end-user group with the full overview. */
  PARTNER: 6,
  /** Aggregator: own reports and fee summaries. */
  AGGREGATOR: 11,
  NO_DEPOSIT_B: 13,
} as const;

export function hasDepositLink(idGrup: number): boolean {
  return idGrup !== AGENT_GROUP.NO_DEPOSIT_A && idGrup !== AGENT_GROUP.NO_DEPOSIT_B;
}

export const PASSWORD_MIN_LENGTH = 12;
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_LOCK_MINUTES = 30;
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
