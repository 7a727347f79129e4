import { type GuessRule, recordFailure, releaseTry, reserveTry } from '../guess-budget';
import type { FactorDeps, FactorOwner } from './deps';
import { isRecoveryCodeShape, useRecoveryCode } from './recovery';
import { isTotpShape, matchTotp, takeTimeStep, totpFactors } from './totp';

/**
 * Codes typed as a second factor (TOTP or recovery) per owner: five wrong ones within 15 minutes
 * lock the owner's codes for 15 minutes. The try is reserved before any comparison,
 * so parallel guesses are counted (platform/guess-budget.ts, as passwords and PINs are).
 */
export const FACTOR_CODE_RULE: GuessRule = {
  scope: 'second_factor',
  limit: 5,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
};

export const factorBudgetKey = (owner: Pick<FactorOwner, 'kind' | 'id'>) =>
  `${owner.kind}:${owner.id}`;

export type CodeCheck =
  | { ok: true; method: 'totp' | 'recovery'; factorId: number | null }
  | { ok: false; reason: 'locked'; retryAt: Date }
  /** `left`: wrong codes still allowed before the lock (0: now locked). */
  | { ok: false; reason: 'wrong'; left: number };

/** Which enrolled TOTP (or the one being enrolled) a code matches, taking its step for good. */
async function tryTotp(
  deps: FactorDeps,
  owner: FactorOwner,
  code: string,
  enrolling: number | undefined,
): Promise<number | null> {
  const factors = await totpFactors(
    deps,
    owner,
    enrolling === undefined ? { confirmed: true } : { confirmed: false, id: enrolling },
  );
  for (const factor of factors) {
    const step = await matchTotp(factor.secret, code, deps.now());
    // A code of the last step used (or older) is a replay: refused as a wrong code.
    if (step !== null && (await takeTimeStep(deps, factor.id, step))) return factor.id;
  }
  return null;
}

/**
 * Checks a code the owner typed: a TOTP of an enrolled factor (or, with `enrolling`, of the
 * factor being confirmed), or a recovery code when `recovery` allows it. A try is reserved first.
 */
export async function checkFactorCode(
  deps: FactorDeps,
  owner: FactorOwner,
  code: string,
  opts: { recovery: boolean; enrolling?: number },
): Promise<CodeCheck> {
  const now = deps.now();
  const tried = await reserveTry(deps.db, FACTOR_CODE_RULE, factorBudgetKey(owner), now);
  if (!tried.ok) return { ok: false, reason: 'locked', retryAt: tried.retryAt };
  let matched: CodeCheck | null = null;
  if (isTotpShape(code)) {
    const factorId = await tryTotp(deps, owner, code, opts.enrolling);
    if (factorId !== null) matched = { ok: true, method: 'totp', factorId };
  } else if (opts.recovery && isRecoveryCodeShape(code)) {
    if (await useRecoveryCode(deps, owner, code)) {
      matched = { ok: true, method: 'recovery', factorId: null };
    }
  }
  if (matched) {
    await releaseTry(deps.db, tried);
    return matched;
  }
  const { failures } = await recordFailure(deps.db, tried, now);
  return { ok: false, reason: 'wrong', left: Math.max(0, FACTOR_CODE_RULE.limit - failures) };
}
