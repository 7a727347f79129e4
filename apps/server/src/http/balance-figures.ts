import { isAllowed } from '@gerbang/shared';
import { BALANCE_VIEW_PERMISSION } from '@gerbang/shared/domain/permissions';
import type { AuthContext } from './auth-context';
import { ApiError } from './errors';

/**
 * The refusals whose message tells the balance, and the same refusal without the figure. A user
 * flagged "no balance" (denied balance_view READ) must not learn the balance from a refused
 * payout either: "more than your balance (Rp 1.234.567)" tells it, and the total with it tells the
 * shortfall. A catalog test keeps this list whole (every error message with a {{balance}}).
 */
export const BALANCE_HIDDEN_KEYS: Readonly<Record<string, string>> = {
  'withdraw.insufficientBalance': 'withdraw.insufficientBalanceHidden',
  'remittance.insufficientBalance': 'remittance.insufficientBalanceHidden',
  'bulk.errors.insufficientBalance': 'bulk.errors.insufficientBalanceHidden',
};

/** The refusal as the caller may read it: its balance figures dropped when they may not see them. */
export function withoutHiddenBalance(error: ApiError, auth: AuthContext | null): ApiError {
  const hidden = BALANCE_HIDDEN_KEYS[error.messageKey];
  if (!hidden || !auth) return error;
  if (isAllowed(auth.access, BALANCE_VIEW_PERMISSION.module, BALANCE_VIEW_PERMISSION.action)) {
    return error;
  }
  const { balance: _balance, ...vars } = error.vars ?? {};
  return new ApiError(error.rc, hidden, vars, error.data, error.httpStatus);
}
