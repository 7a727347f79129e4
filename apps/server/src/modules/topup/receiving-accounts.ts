import { findBank } from '@gerbang/shared/domain/banks';

/**
 * The provider's own bank accounts that receive manual top-ups (spec 02 §2.5 manual-transfer
 * tab; `data/bank_list`). An incoming transfer to one of them is matched to an open deposit by
 * its exact total (modules/payins/bank-transfer.ts). The demo history uses the same accounts.
 */
export interface ReceivingAccount {
  kodebank: string;
  namabank: string;
  norekening: string;
  atasnama: string;
}

const COMPANY = 'PT GERBANG PEMBAYARAN NUSANTARA';

export const RECEIVING_ACCOUNTS: readonly ReceivingAccount[] = Object.freeze(
  [
    { kodebank: '014', norekening: '8720155501' },
    { kodebank: '008', norekening: '1230009876543' },
    { kodebank: '009', norekening: '0987654321' },
  ].map((a) => ({
    ...a,
    namabank: findBank(a.kodebank)?.namabank ?? a.kodebank,
    atasnama: COMPANY,
  })),
);

export function findReceivingAccount(kodebank: string): ReceivingAccount | undefined {
  return RECEIVING_ACCOUNTS.find((a) => a.kodebank === kodebank);
}
