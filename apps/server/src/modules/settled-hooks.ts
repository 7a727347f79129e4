import { wibDate } from '@gerbang/shared';
import { recoverAdvances } from './advance-funds/recovery';
import { bookSettlementShares } from './aggregator/shares';
import { onSettled } from './payins/settled-hooks';

/**
 * Every feature's hook into the transaction that completes a settlement (payins/settled-hooks.ts).
 * The pay-in block imports no feature: the composition root (bootstrap) calls this once when it
 * builds the services. The order is the booking order: the aggregator's share first, then the
 * recovery of advances taken back from the settled amount.
 */
export function registerSettledHooks(): void {
  // A member merchant's aggregator earns its share of each settled pay-in.
  onSettled('aggregator-shares', async (services, trx, settlement, now) => {
    await bookSettlementShares(services, trx, settlement, now, wibDate(now));
  });
  // Paid advances of this product (dana talangan) are taken back from the settlement.
  onSettled('advance-recovery', async (services, trx, settlement, now) => {
    await recoverAdvances(services, trx, settlement, now);
  });
}
