import { refused } from '../../http/errors';
import type { RouteContext } from '../../http/route';
import type { GuessRule } from '../../platform/guess-budget';
import { requireOwnSecret } from '../account/own-password';

/** Wrong PINs a user may enter within the window before PIN-protected actions lock. */
export const PIN_RULE: GuessRule = { scope: 'transaction_pin', limit: 5, windowMs: 15 * 60 * 1000 };

/**
 * The transaction PIN check (spec 03 §5.7 group save). Users set their PIN in the credentials
 * area (a later issue); until then the demo seed sets one (seed/seed-transaction-pins.ts). Like
 * the own-password check: a try is reserved before comparing, five wrong ones in 15 minutes lock,
 * failures are audited.
 */
export async function requireTransactionPin(
  ctx: RouteContext<unknown, unknown, unknown>,
  pin: string,
  purpose: string,
): Promise<void> {
  const { services, auth } = ctx;
  const stored = await services.db
    .selectFrom('transaction_pins')
    .select('pin_hash')
    .where('user_id', '=', auth.user.id)
    .executeTakeFirst();
  if (!stored) throw refused('bulkva.errors.noPin');
  await requireOwnSecret(ctx, {
    rule: PIN_RULE,
    hash: stored.pin_hash,
    secret: pin,
    purpose,
    failureAction: 'transaction_pin_failure',
    wrongKey: 'bulkva.errors.pinWrong',
  });
}
