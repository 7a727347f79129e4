import { REQUEST_PAYMENT_REFF_PREFIX } from '@gerbang/shared/contract/request-payment';
import { onPayinPaid } from './payins/paid-hooks';
import { markRequestPaymentPaid } from './request-payment/paid';
import { SNAP_PAID_HOOKS } from './snap/notify';

/**
 * Every feature's hook into the pay-in block's receiving transaction, by the partner-reference
 * prefix of the instruments it issues (payins/paid-hooks.ts). The block imports no feature: the
 * composition root (bootstrap) calls this once when it builds the services, whatever routes are
 * loaded. A feature that issues pay-in instruments adds one line here.
 */
export function registerPaidHooks(): void {
  onPayinPaid(REQUEST_PAYMENT_REFF_PREFIX, markRequestPaymentPaid);
  // SNAP VAs and QRIS: the SNAP-shaped payment notification (modules/snap/notify.ts).
  for (const { prefix, hook } of SNAP_PAID_HOOKS) onPayinPaid(prefix, hook);
}
