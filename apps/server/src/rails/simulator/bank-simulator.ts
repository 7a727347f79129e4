import { findBank } from '@gerbang/shared/domain/banks';
import type { AccountType, BankTransferRail } from '../ports';
import type { SimulatorConfig } from './config';
import { normalizeAccountNumber } from './destination-numbers';
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

export function checkBankAccount(
  bankCode: string,
  accountNumber: string,
  accountType: AccountType,
): ScreenedDestination {
  const bank = findBank(bankCode);
  if (!bank) return { ok: false, code: 'UNKNOWN_DESTINATION' };
  if (accountType === 'VA' && !bank.vaCapable)
    return { ok: false, code: 'UNSUPPORTED_ACCOUNT_TYPE' };
  const digits = normalizeAccountNumber(accountNumber);
  if (!digits) return { ok: false, code: 'INVALID_ACCOUNT_NUMBER' };
  return screenDestination(digits, `${bank.kodebank}:${digits}`);
}

export function createBankSimulator(
  config: SimulatorConfig,
  store: SimulatorStateStore,
  names: HolderNameBook = createHolderNameBook(),
): BankTransferRail {
  const send: BankTransferRail['send'] = async ({
    reference,
    bankCode,
    accountNumber,
    accountType = 'NORMAL',
    amount,
    now,
  }) => {
    if (!isValidAmount(amount)) return { accepted: false, code: 'INVALID_AMOUNT' };
    const checked = checkBankAccount(bankCode, accountNumber, accountType);
    if (!checked.ok) return { accepted: false, code: checked.code };
    const { plan, railReference } = acceptTransfer({
      kind: 'BANK',
      scenario: checked.scenario,
      identity: `${reference}|${checked.destination}|${amount}`,
      now,
      config,
    });
    return { accepted: true, railReference, expectedCompletionAt: plan.completesAt };
  };

  return {
    async inquiry({ bankCode, accountNumber, accountType }) {
      const checked = checkBankAccount(bankCode, accountNumber, accountType);
      if (!checked.ok) return checked;
      return { ok: true, accountName: names.nameFor(checked.destination) };
    },

    send,
    lookup: lookupBySending(send),
    status: statusReader('BANK', store),
  };
}
