/**
 * The simulator decides what happens to a transfer from the last four digits of the destination
 * (bank account, e-wallet phone number or retail customer number), so every path of the product can
 * be driven by typing a number. docs/rails-simulator.md lists them; keep the two in step.
 */

export type SimulatedScenario =
  /** Inquiry, send and pickup answer ACCOUNT_NOT_FOUND. */
  | 'ACCOUNT_NOT_FOUND'
  /** Inquiry, send and pickup answer BANK_UNAVAILABLE (the destination is down, "gangguan"). */
  | 'BANK_UNAVAILABLE'
  /** Slow bank: PROCESSING for `slowBankMs`, then SUCCESS. Retail: collected after `slowBankMs`. */
  | 'SLOW'
  /** Inquiry works and send is accepted, then the transfer FAILS. Retail: the code expires unused. */
  | 'FAILS_AFTER_ACCEPT'
  /** SUCCESS after `settleMs`. */
  | 'NORMAL';

export const MAGIC_SUFFIXES: Readonly<Record<string, Exclude<SimulatedScenario, 'NORMAL'>>> = {
  '0000': 'ACCOUNT_NOT_FOUND',
  '7777': 'BANK_UNAVAILABLE',
  '8888': 'SLOW',
  '9999': 'FAILS_AFTER_ACCEPT',
};

/** `digits` is an already normalised account, phone or customer number. */
export function scenarioFor(digits: string): SimulatedScenario {
  return MAGIC_SUFFIXES[digits.slice(-4)] ?? 'NORMAL';
}
