/**
 * The remittance partner of the simulator: a rate sheet that moves a little every period, a
 * beneficiary check and a send driven by magic suffixes of the account number (like the bank's),
 * and a status that reuses the bank's transfer plans. docs/rails-simulator.md lists the numbers.
 */
import type {
  InquiryResult,
  RemittanceCurrency,
  RemittanceRail,
  RemittanceRate,
  RemittanceSendRequest,
} from '../ports';
import type { SimulatorConfig } from './config';
import { digestWord } from './digest';
import { MAGIC_SUFFIXES } from './magic-numbers';
import {
  acceptTransfer,
  isValidAmount,
  lookupBySending,
  screenDestination,
  statusReader,
} from './simulated-transfer';
import type { SimulatorStateStore } from './state-store';

/** Whole rupiah per unit: the middle of each currency's simulated rate. */
export const BASE_RATES: Readonly<Record<RemittanceCurrency, number>> = {
  PHP: 281,
  INR: 189,
  MYR: 3_560,
  SGD: 12_085,
  CNY: 2_215,
  HKD: 2_045,
};

/** A rate holds for one period; the next period's rate is a small deterministic move from the base. */
export const RATE_PERIOD_MS = 30 * 60_000;
/** At most ±0.5 % around the base, in steps of 0.01 %. */
const MAX_MOVE_BASIS_POINTS = 50;

/** Remittance-only suffix: the beneficiary check passes, the send is refused by compliance. */
export const COMPLIANCE_SUFFIX = '6666';

export function simulatedRate(currency: RemittanceCurrency, now: Date): RemittanceRate {
  const period = Math.floor(now.getTime() / RATE_PERIOD_MS);
  const word = digestWord(`fx:${currency}:${period}`, 0);
  const basisPoints = (word % (2 * MAX_MOVE_BASIS_POINTS + 1)) - MAX_MOVE_BASIS_POINTS;
  const base = BASE_RATES[currency];
  const sellingRate = Math.max(1, Math.round(base + (base * basisPoints) / 10_000));
  return {
    currency,
    sellingRate,
    validFrom: new Date(period * RATE_PERIOD_MS),
    validUntil: new Date((period + 1) * RATE_PERIOD_MS),
  };
}

function accountDigits(accountNumber: string): string {
  return accountNumber.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
}

function screen(currency: string, bankId: string, accountNumber: string) {
  const digits = accountDigits(accountNumber);
  if (!digits) return { ok: false as const, code: 'INVALID_ACCOUNT_NUMBER' as const };
  if (!bankId) return { ok: false as const, code: 'UNKNOWN_DESTINATION' as const };
  return screenDestination(digits, `${currency}:${bankId}:${digits}`);
}

export function createRemittanceSimulator(
  config: SimulatorConfig,
  store: SimulatorStateStore,
): RemittanceRail {
  const send = async (request: RemittanceSendRequest) => {
    const { reference, currency, bankId, accountNumber, amountMinor, now } = request;
    if (!isValidAmount(amountMinor))
      return { accepted: false as const, code: 'INVALID_AMOUNT' as const };
    const checked = screen(currency, bankId, accountNumber);
    if (!checked.ok) return { accepted: false as const, code: checked.code };
    if (accountDigits(accountNumber).endsWith(COMPLIANCE_SUFFIX)) {
      return { accepted: false as const, code: 'COMPLIANCE_REFUSED' as const };
    }
    const { plan, railReference } = acceptTransfer({
      kind: 'REMITTANCE',
      scenario: checked.scenario,
      identity: `${reference}|${checked.destination}|${amountMinor}`,
      now,
      config,
    });
    return { accepted: true as const, railReference, expectedCompletionAt: plan.completesAt };
  };

  return {
    async rates({ now }) {
      return (Object.keys(BASE_RATES) as RemittanceCurrency[]).map((c) => simulatedRate(c, now));
    },
    async checkBeneficiary({
      currency,
      bankId,
      accountNumber,
      beneficiaryName,
    }): Promise<InquiryResult> {
      const checked = screen(currency, bankId, accountNumber);
      if (!checked.ok) return checked;
      // Banks abroad do not name their holders to us: the partner echoes the name it was given.
      return { ok: true, accountName: beneficiaryName.trim().toUpperCase() };
    },
    send,
    lookup: lookupBySending(send),
    status: statusReader('REMITTANCE', store),
  };
}

/** For the docs and tests: the suffixes the remittance simulator knows. */
export const REMITTANCE_SUFFIXES = { ...MAGIC_SUFFIXES, [COMPLIANCE_SUFFIX]: 'COMPLIANCE_REFUSED' };
