import { isAllowed, type LoginResult } from '@gerbang/shared';
import { BALANCE_VIEW_PERMISSION } from '@gerbang/shared/domain/permissions';
import type { AuthContext } from '../../http/auth-context';
import type { Services } from '../../http/services';

/** The login result of spec 01 §3, also answered by `auth/datauser` to refresh the page's state. */
export async function buildLoginResult(
  auth: AuthContext,
  services: Pick<Services, 'balances' | 'config'>,
): Promise<LoginResult> {
  const { user, agent } = auth;
  // The "no balance" flag: a user denied balance_view READ is never told a balance.
  const seesBalance = isAllowed(
    auth.access,
    BALANCE_VIEW_PERMISSION.module,
    BALANCE_VIEW_PERMISSION.action,
  );
  const money = seesBalance
    ? await services.balances.read(agent.id, auth.environment)
    : { balance: 0, hold_balance: 0 };
  return {
    // The credential stays in the HttpOnly cookie; scripts only get a reference to the session,
    // so a script injected into the page cannot lift a working session token.
    access_token: `session-${auth.sessionId}`,
    user: {
      id: user.id,
      username: user.username,
      nama: user.nama,
      sys_grup_user_id: user.sys_grup_user_id,
      username_agen: agent.username,
      id_user_parent: user.parent_user_id,
    },
    agent: {
      id_agen: agent.id,
      email: agent.email,
      nama_agen: agent.nama_agen,
      username: agent.username,
      id_grup: agent.id_grup,
      enable_api: agent.enable_api,
      balance: money.balance,
      hold_balance: money.hold_balance,
    },
    user_type: agent.user_type,
    status_reg: { status: agent.status_reg, auth_token: { personal: null, bisnis: null } },
    role_data: {
      id: user.sys_grup_user_id,
      nama: user.parent_user_id === null ? 'Main User' : 'Sub User',
    },
    access_data: auth.access,
    is_user_parent: user.parent_user_id === null,
    is_approved_kyc: agent.is_approved_kyc,
    rule_show_balance: agent.rule_show_balance,
    environment: auth.environment,
    language: user.language === 'en' ? 'en' : 'id',
    is_test_user: auth.isTest,
    business_status: agent.business_activated ? 2 : 1,
    features: {
      international: services.config.internationalAgents.includes(agent.username),
      cut_off: services.config.cutOffAgents.includes(agent.username),
    },
  };
}
