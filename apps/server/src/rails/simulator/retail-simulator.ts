import { formatWibDateTime } from '@gerbang/shared';
import { INDOMARET_RAIL_BANK_CODE } from '@gerbang/shared/domain/products';
import type { BilingualText, RetailCashRail } from '../ports';
import type { SimulatorConfig } from './config';
import { normalizeAccountNumber } from './destination-numbers';
import { digestDigits } from './digest';
import {
  acceptTransfer,
  isValidAmount,
  lookupBySending,
  screenDestination,
  statusReader,
} from './simulated-transfer';
import type { SimulatorStateStore } from './state-store';

export const PICKUP_CODE_LENGTH = 12;

/** KODE PENGAMBILAN: 12 digits, always the same for the same reference, so a replay shows the same code. */
export function pickupCodeFor(reference: string): string {
  return digestDigits(`pickup:${reference}`, PICKUP_CODE_LENGTH);
}

/** CARA BAYAR: what the customer does at the till. */
export function howToCollect(pickupCode: string, expiresAt: Date): BilingualText {
  const deadline = formatWibDateTime(expiresAt);
  return {
    id:
      `Tunjukkan KODE PENGAMBILAN ${pickupCode} kepada kasir Indomaret mana pun beserta KTP ` +
      `Anda, lalu terima uang tunai. Kode berlaku sampai ${deadline}.`,
    en:
      `Show the pickup code ${pickupCode} and your ID card (KTP) to the cashier at any ` +
      `Indomaret and collect the cash. The code is valid until ${deadline}.`,
  };
}

/** Indomaret is open around the clock, so the banks' nightly window does not apply. */
export function createRetailSimulator(
  config: SimulatorConfig,
  store: SimulatorStateStore,
): RetailCashRail {
  const createPickup: RetailCashRail['createPickup'] = async ({
    reference,
    retailerCode,
    customerNumber,
    amount,
    now,
  }) => {
    if (!isValidAmount(amount)) return { accepted: false, code: 'INVALID_AMOUNT' };
    if (retailerCode !== INDOMARET_RAIL_BANK_CODE) {
      return { accepted: false, code: 'UNKNOWN_DESTINATION' };
    }
    const digits = normalizeAccountNumber(customerNumber);
    if (!digits) return { accepted: false, code: 'INVALID_ACCOUNT_NUMBER' };
    const checked = screenDestination(digits, `${retailerCode}:${digits}`);
    if (!checked.ok) return { accepted: false, code: checked.code };
    const { railReference } = acceptTransfer({
      kind: 'RETAIL',
      scenario: checked.scenario,
      identity: `${reference}|${checked.destination}|${amount}`,
      now,
      config,
    });
    const pickupCode = pickupCodeFor(reference);
    const expiresAt = new Date(now.getTime() + config.pickupValidMs);
    return {
      accepted: true,
      railReference,
      pickupCode,
      expiresAt,
      howToCollect: howToCollect(pickupCode, expiresAt),
    };
  };

  return {
    createPickup,
    lookup: lookupBySending(createPickup),
    status: statusReader('RETAIL', store),
  };
}
