import { ApiError, refused } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { requireOwnPassword } from '../account/own-password';

/**
 * The account password a withdrawal asks for. It shares the account area's budget of wrong
 * attempts (audited, five in 15 minutes, then 429), so an open session cannot be used to guess the
 * password through the withdraw calls either.
 */
export async function checkAccountPassword(
  services: Services,
  actor: UserActor,
  password: string,
  purpose: 'withdraw_inquiry' | 'withdraw_otp',
): Promise<void> {
  try {
    await requireOwnPassword({ services, ...actor }, password, purpose);
  } catch (error) {
    if (error instanceof ApiError && error.messageKey === 'account.ownPasswordWrong') {
      throw refused('withdraw.wrongPassword');
    }
    throw error;
  }
}
