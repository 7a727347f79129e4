/**
 * Spread accounts (ADR 008): a system account that many payers credit at once — fee revenue, a
 * rail's clearing account — is kept as one sub-account per payer, so postings of different payers
 * never lock the same row. Each sub-account is an ordinary account (its own balance columns,
 * entry chain and invariants); the logical account's balance is the sum of the base account and
 * every sub-account, read by `Ledger.spreadBalance`.
 */
import { type AccountSpec, LedgerError, LIMITS } from './model';

/** Between the base account's subkey and the payer's key in a sub-account's subkey. */
export const SUB_ACCOUNT_SEPARATOR = '~';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]+$/;

/**
 * The sub-account of `base` for one payer (e.g. `a17` for agent 17): same kind, environment,
 * currency and flags; subkey `<base subkey>~<key>`. Created on first use like any account.
 */
export function subAccount(base: AccountSpec, key: string): AccountSpec {
  if (!KEY_PATTERN.test(key)) throw new LedgerError(`sub-account key ${key} is not allowed`);
  const baseSubkey = base.subkey ?? '';
  if (baseSubkey.includes(SUB_ACCOUNT_SEPARATOR)) {
    throw new LedgerError(`account ${base.kind}/${baseSubkey} is already a sub-account`);
  }
  const subkey = `${baseSubkey}${SUB_ACCOUNT_SEPARATOR}${key}`;
  if (subkey.length > LIMITS.subkeyLengthMax) {
    throw new LedgerError(`sub-account subkey ${subkey} is longer than ${LIMITS.subkeyLengthMax}`);
  }
  const { id: _id, ...rest } = base;
  return { ...rest, subkey };
}
