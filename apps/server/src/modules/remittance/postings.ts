import type { TransferInput } from '@gerbang/ledger';

/**
 * The ledger accounts of a remittance (ADR 006). The IDR leg and the currency leg each stay inside
 * one currency, so every currency balances on its own; the FX account is the position between
 * them (rupiah in, foreign currency out), one account per currency and side.
 */
export const REMITTANCE_ACCOUNT = {
  /** The gateway's FX position, `subkey` = the destination currency; one IDR and one foreign account. */
  fx: 'fx',
  /** Foreign currency on its way to the partner, debit-normal like every rail clearing account. */
  clearing: 'rail_clearing',
  clearingSubkey: 'REMITTANCE',
} as const;

export interface RemittanceAccounts {
  merchant: number;
  fees: number;
  /** fx / currency, in IDR. */
  fxIdr: number;
  /** fx / currency, in the currency. */
  fxForeign: number;
  /** rail_clearing / REMITTANCE, in the currency. */
  clearingForeign: number;
}

export interface RemittancePostingInput {
  id_transaksi: string;
  amount: number;
  admin_fee: number;
  currency: string;
  destination_amount: number;
  selling_rate: number;
  bank_name: string;
  account_number: string;
  account_name: string;
}

/** Minor units per unit: the six currencies all have two decimals. */
export const MINOR_UNITS = 100;

export function pendingTransferIds(idTransaksi: string, adminFee: number): string[] {
  return [
    `remittance:${idTransaksi}:idr`,
    ...(adminFee > 0 ? [`remittance:${idTransaksi}:fee`] : []),
    `remittance:${idTransaksi}:foreign`,
  ];
}

/**
 * A remittance's pending linked chain (pure): the rupiah amount from the merchant to the FX
 * account, the admin fee to fee revenue, and the destination amount (minor units) from the FX
 * account of the currency to the remittance clearing account. Every leg carries the rate.
 */
export function postings(x: RemittancePostingInput, accounts: RemittanceAccounts): TransferInput[] {
  const ids = pendingTransferIds(x.id_transaksi, x.admin_fee);
  const metadata = {
    currency: x.currency,
    selling_rate: x.selling_rate,
    idr_amount: x.amount,
    destination_amount: x.destination_amount,
  };
  const reference = x.id_transaksi;
  const description = `${x.currency} ${x.destination_amount} @ ${x.selling_rate} → ${x.bank_name} ${x.account_number} a.n. ${x.account_name}`;
  const inputs: TransferInput[] = [
    {
      id: `remittance:${x.id_transaksi}:idr`,
      debitAccountId: accounts.merchant,
      creditAccountId: accounts.fxIdr,
      amount: x.amount,
      flags: { pending: true, linked: true },
      kind: 'remittance',
      reference,
      description,
      metadata,
    },
  ];
  if (x.admin_fee > 0) {
    inputs.push({
      id: `remittance:${x.id_transaksi}:fee`,
      debitAccountId: accounts.merchant,
      creditAccountId: accounts.fees,
      amount: x.admin_fee,
      flags: { pending: true, linked: true },
      kind: 'remittance_fee',
      reference,
      description: `Admin fee ${reference}`,
    });
  }
  inputs.push({
    id: `remittance:${x.id_transaksi}:foreign`,
    debitAccountId: accounts.fxForeign,
    creditAccountId: accounts.clearingForeign,
    amount: x.destination_amount * MINOR_UNITS,
    flags: { pending: true },
    kind: 'remittance_fx',
    reference,
    description,
    metadata,
  });
  if (inputs.map((i) => i.id).join() !== ids.join()) throw new Error('remittance ids out of step');
  return inputs;
}
