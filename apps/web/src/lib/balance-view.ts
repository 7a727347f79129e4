import type { LoginResult } from '@gerbang/shared';
import { BALANCE_VIEW_PERMISSION, isAllowed } from '@gerbang/shared/domain/permissions';

/** The "no balance" flag: false when the user is denied balance_view READ. */
export function seesBalances(session: Pick<LoginResult, 'access_data'>): boolean {
  return isAllowed(
    session.access_data,
    BALANCE_VIEW_PERMISSION.module,
    BALANCE_VIEW_PERMISSION.action,
  );
}
