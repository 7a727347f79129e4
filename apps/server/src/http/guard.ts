import { evaluateAccess, RC } from '@gerbang/shared';
import type { AuthContext } from './auth-context';
import { ApiError, accessDenied } from './errors';
import { type AccessRule, isConsoleRule } from './route';

/** Applies a route's access rule to the caller: session first, then the shared rule evaluation. */
export function enforceAccess(
  rule: AccessRule,
  auth: AuthContext | null,
): asserts auth is AuthContext {
  if (rule.public) return;
  if (!auth) throw new ApiError(RC.SESSION, 'common.errors.session');
  // A console rule is never met by a merchant session (the route wrapper checks staff instead).
  if (isConsoleRule(rule)) throw accessDenied();
  const verdict = evaluateAccess(rule, {
    access: auth.access,
    userType: auth.agent.user_type,
    idGrup: auth.agent.id_grup,
    apiEnabled: auth.agent.enable_api,
    isMainUser: auth.user.parent_user_id === null,
    kycApproved: auth.agent.is_approved_kyc,
    businessActivated: auth.agent.business_activated,
    environment: auth.environment,
  });
  if (verdict === 'denied') throw accessDenied();
  if (verdict === 'sandbox') throw new ApiError(RC.ACCESS_DENIED, 'common.sandboxNotice');
  if (verdict === 'inactive') throw new ApiError(RC.ACCESS_DENIED, 'common.activationNotice');
}
