import { findEwalletProduct } from '@gerbang/shared/domain/products';
import type { EwalletRail } from '../ports';
import type { SimulatorConfig } from './config';
import { normalizePhoneNumber } from './destination-numbers';
import { createHolderNameBook, type HolderNameBook } from './holder-names';
import {
  acceptTransfer,
  isValidAmount,
  lookupBySending,
  type ScreenedDestination,
  screenDestination,
  statusReader,
} from './simulated-transfer';
import type { SimulatorStateStore } from './state-store';

export function checkWallet(productId: string, phoneNumber: string): ScreenedDestination {
  const product = findEwalletProduct(productId);
  if (!product) return { ok: false, code: 'UNKNOWN_DESTINATION' };
  const phone = normalizePhoneNumber(phoneNumber);
  if (!phone) return { ok: false, code: 'INVALID_ACCOUNT_NUMBER' };
  return screenDestination(phone, `${product.id_produk}:${phone}`);
}

/** E-wallets top up around the clock, so the banks' nightly window does not apply. */
export function createEwalletSimulator(
  config: SimulatorConfig,
  store: SimulatorStateStore,
  names: HolderNameBook = createHolderNameBook(),
): EwalletRail {
  const send: EwalletRail['send'] = async ({ reference, productId, phoneNumber, amount, now }) => {
    if (!isValidAmount(amount)) return { accepted: false, code: 'INVALID_AMOUNT' };
    const checked = checkWallet(productId, phoneNumber);
    if (!checked.ok) return { accepted: false, code: checked.code };
    const { plan, railReference } = acceptTransfer({
      kind: 'EWALLET',
      scenario: checked.scenario,
      identity: `${reference}|${checked.destination}|${amount}`,
      now,
      config,
    });
    return { accepted: true, railReference, expectedCompletionAt: plan.completesAt };
  };

  return {
    async inquiry({ productId, phoneNumber }) {
      const checked = checkWallet(productId, phoneNumber);
      if (!checked.ok) return checked;
      return { ok: true, accountName: names.nameFor(checked.destination) };
    },

    send,
    lookup: lookupBySending(send),
    status: statusReader('EWALLET', store),
  };
}
