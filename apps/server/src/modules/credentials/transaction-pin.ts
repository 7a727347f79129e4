import { randomInt } from 'node:crypto';
import { refused } from '../../http/errors';
import type { RouteContext } from '../../http/route';
import type { GuessRule } from '../../platform/guess-budget';
import { requireOwnSecret } from '../account/own-password';

/** Wrong PINs a user may enter within the window before PIN-protected actions lock. */
export const PIN_RULE: GuessRule = { scope: 'transaction_pin', limit: 5, windowMs: 15 * 60 * 1000 };

/** Six digits, uniformly random (leading zeros kept). */
export function newTransactionPin(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * The transaction PIN check that bulk transfer, bulk VA and remittance ask for. The
 * PIN is set with `control/generate_pin` (mailed, stored argon2-hashed; the demo seed sets
 * 123456). Like the own-password check: a try is reserved before comparing (parallel guesses
 * cannot exceed the limit), five wrong ones in 15 minutes lock, failures are audited.
 */
export async function requireTransactionPin(
  ctx: Pick<RouteContext<unknown, unknown, unknown>, 'services' | 'auth' | 'ip' | 'userAgent'>,
  pin: string,
  purpose: string,
): Promise<void> {
  const { services, auth } = ctx;
  const stored = await services.db
    .selectFrom('transaction_pins')
    .select('pin_hash')
    .where('user_id', '=', auth.user.id)
    .executeTakeFirst();
  if (!stored) throw refused('credentials.pin.notSet');
  await requireOwnSecret(ctx, {
    rule: PIN_RULE,
    hash: stored.pin_hash,
    secret: pin,
    purpose,
    failureAction: 'transaction_pin_failure',
    wrongKey: 'credentials.pin.wrong',
  });
}
