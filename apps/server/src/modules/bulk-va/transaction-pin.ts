import { RC } from '@gerbang/shared';
import { ApiError, refused } from '../../http/errors';
import type { RouteContext } from '../../http/route';
import { type GuessRule, recordFailure, releaseTry, reserveTry } from '../../platform/guess-budget';
import { writeAudit } from '../audit/audit';
import { verifyPassword } from '../auth/passwords';

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
  const now = services.now();
  const stored = await services.db
    .selectFrom('transaction_pins')
    .select('pin_hash')
    .where('user_id', '=', auth.user.id)
    .executeTakeFirst();
  if (!stored) throw refused('bulkva.errors.noPin');
  const reservation = await reserveTry(services.db, PIN_RULE, auth.user.id, now);
  if (!reservation.ok) throw new ApiError(RC.THROTTLED, 'common.errors.tooManyRequests');
  if (await verifyPassword(stored.pin_hash, pin)) {
    await releaseTry(services.db, reservation);
    return;
  }
  const { failures } = await recordFailure(services.db, reservation, now);
  await writeAudit(services.db, {
    at: services.now(),
    agentId: auth.agent.id,
    userId: auth.user.id,
    username: auth.user.username,
    action: 'transaction_pin_failure',
    target: auth.user.username,
    detail: { purpose, failures },
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    environment: auth.environment,
  });
  throw refused('bulkva.errors.pinWrong');
}
