/**
 * The money of an advance (pure). Approval pays it from the provider's funding account into the
 * merchant's available balance; each later settlement of the product takes back what it can
 * (`merchant_available` → the funding account) until nothing is outstanding. Both directions use
 * the same two accounts, so once recovered the funding account is back where it started.
 * Ledger ids derive from the request (and settlement) id: they are the idempotency keys.
 */
import type { TransferInput } from '@gerbang/ledger';
import type { Environment } from '@gerbang/shared';

/** The provider's funding account of advances (one per environment; may go negative). */
export const ADVANCE_FUNDING_ACCOUNT = 'advance_funding';

export const advancePaymentId = (env: Environment, requestId: number) =>
  `advance:${env}:${requestId}`;
export const advanceRecoveryId = (env: Environment, requestId: number, settlementId: number) =>
  `advance_recovery:${env}:${requestId}:${settlementId}`;

export function advancePayment(
  req: { id: number; environment: Environment; nominal: number; id_produk: string },
  accounts: { funding: number; available: number },
): TransferInput {
  return {
    id: advancePaymentId(req.environment, req.id),
    debitAccountId: accounts.funding,
    creditAccountId: accounts.available,
    amount: req.nominal,
    kind: 'advance_payment',
    reference: `DT${req.id}`,
    description: `Dana talangan ${req.id_produk} #${req.id}`,
  };
}

export function advanceRecovery(
  req: { id: number; environment: Environment },
  settlementId: number,
  amount: number,
  accounts: { funding: number; available: number },
): TransferInput {
  return {
    id: advanceRecoveryId(req.environment, req.id, settlementId),
    debitAccountId: accounts.available,
    creditAccountId: accounts.funding,
    amount,
    kind: 'advance_recovery',
    reference: `DT${req.id}`,
    description: `Pengembalian dana talangan #${req.id}`,
  };
}

/**
 * How one settlement of `amount` is split over the outstanding advances (oldest first): each takes
 * at most what it still owes, and together never more than the settlement brought in.
 */
export function recoveryPlan(
  amount: number,
  outstanding: Array<{ id: number; owed: number }>,
): Array<{ id: number; amount: number }> {
  const plan: Array<{ id: number; amount: number }> = [];
  let left = amount;
  for (const advance of outstanding) {
    if (left <= 0) break;
    const take = Math.min(left, advance.owed);
    if (take > 0) plan.push({ id: advance.id, amount: take });
    left -= take;
  }
  return plan;
}
