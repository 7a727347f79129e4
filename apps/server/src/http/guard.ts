import { type AccessSubject, evaluateAccess, RC } from '@gerbang/shared';
import type { AuthContext } from './auth-context';
import { ApiError, accessDenied } from './errors';
import { type AccessRule, isConsoleRule } from './route';

/** The session as the shared access rules see it (routes, and the live events' filter). */
export function accessSubjectOf(auth: AuthContext): AccessSubject {
  return {
    access: auth.access,
    userType: auth.agent.user_type,
    idGrup: auth.agent.id_grup,
    apiEnabled: auth.agent.enable_api,
    isMainUser: auth.user.parent_user_id === null,
    kycApproved: auth.agent.is_approved_kyc,
    businessActivated: auth.agent.business_activated,
    environment: auth.environment,
  };
}

/** Applies a route's access rule to the caller: session first, then the shared rule evaluation. */
export function enforceAccess(
  rule: AccessRule,
  auth: AuthContext | null,
  /** The route wrapper passes the clock's time: the second factor is checked there, once. */
  now?: Date,
): asserts auth is AuthContext {
  if (rule.public) return;
  if (!auth) throw new ApiError(RC.SESSION, 'common.errors.session');
  // A console rule is never met by a merchant session (the route wrapper checks staff instead).
  if (isConsoleRule(rule)) throw accessDenied();
  // A half session learns nothing about the call (not even whether it would be allowed).
  if (now) enforceSecondFactor({ halfSession: rule.halfSession }, auth, now);
  const verdict = evaluateAccess(rule, accessSubjectOf(auth));
  if (verdict === 'denied') throw accessDenied();
  if (verdict === 'sandbox') throw new ApiError(RC.ACCESS_DENIED, 'common.sandboxNotice');
  if (verdict === 'inactive') throw new ApiError(RC.ACCESS_DENIED, 'common.activationNotice');
  // Step-up last: only a caller the call is open to is asked for the second factor.
  if (now) enforceSecondFactor(rule, auth, now);
}

/**
 * The second factor (ADR 010), for merchant and console sessions alike: a half-logged-in session
 * (password passed, factor not yet; or a factor still to enrol) answers only the calls that name
 * its state in `halfSession`; a call with `stepUp` needs a live step-up proof of this session
 * when the caller has a factor. Checked before the body is read, so a refused call changes nothing.
 */
export function enforceSecondFactor(
  rule: { public?: boolean; stepUp?: boolean; halfSession?: readonly ('verify' | 'enrol')[] },
  session: {
    factorState: 'verify' | 'enrol' | null;
    steppedUpUntil: Date | null;
    hasFactor: boolean;
  },
  now: Date,
): void {
  if (session.factorState !== null) {
    if (!rule.halfSession?.includes(session.factorState)) {
      throw new ApiError(RC.SECOND_FACTOR, 'security.errors.secondFactorPending');
    }
    return;
  }
  if (!rule.stepUp || !session.hasFactor) return;
  if (session.steppedUpUntil && session.steppedUpUntil.getTime() > now.getTime()) return;
  throw new ApiError(RC.STEP_UP, 'security.errors.stepUpRequired');
}
