import { findBank, isVaCapable } from '@gerbang/shared/domain/banks';
import {
  findEwalletProduct,
  findRetailProduct,
  INDOMARET_RAIL_BANK_CODE,
  RETAIL_CASH_WITHDRAWAL_CODE,
} from '@gerbang/shared/domain/products';
import { validationError } from '../../http/errors';
import type { WithdrawKind } from './tables';

/** Where a withdrawal goes, resolved from what the form sent. */
export interface Destination {
  kind: WithdrawKind;
  /** The code as the form knows it: bank code, e-wallet id_produk or IDMTARIKTUNAI. */
  code: string;
  /** The code the rail is told: bank code, e-wallet id_produk or INDOMARET. */
  railCode: string;
  accountType: 'NORMAL' | 'VA';
  /** Bank, e-wallet or retailer name ("NAMA CHANNEL"). */
  channelName: string;
}

/** cashout_inquiry: a bank, or Indomaret cash pick-up (IDMTARIKTUNAI, mapped to INDOMARET). */
export function resolveCashoutDestination(code: string, jenisRekening: 'VA' | ''): Destination {
  const normalised = code.trim().toUpperCase();
  if (normalised === RETAIL_CASH_WITHDRAWAL_CODE || normalised === INDOMARET_RAIL_BANK_CODE) {
    if (jenisRekening === 'VA') throw validationError('withdraw.vaNotSupported');
    const product = findRetailProduct(RETAIL_CASH_WITHDRAWAL_CODE);
    return {
      kind: 'RETAIL',
      code: RETAIL_CASH_WITHDRAWAL_CODE,
      railCode: INDOMARET_RAIL_BANK_CODE,
      accountType: 'NORMAL',
      channelName: product?.nama_produk ?? 'Indomaret',
    };
  }
  const bank = findBank(code.trim());
  if (!bank) throw validationError('withdraw.unknownBank');
  if (jenisRekening === 'VA' && !isVaCapable(bank.kodebank)) {
    throw validationError('withdraw.vaNotSupported');
  }
  return {
    kind: 'BANK',
    code: bank.kodebank,
    railCode: bank.kodebank,
    accountType: jenisRekening === 'VA' ? 'VA' : 'NORMAL',
    channelName: bank.namabank,
  };
}

/** ewallet_inquiry: an e-wallet product; the number is the wallet's phone number. */
export function resolveEwalletDestination(produk: string): Destination {
  const product = findEwalletProduct(produk.trim().toUpperCase());
  if (!product) throw validationError('withdraw.unknownEwallet');
  return {
    kind: 'EWALLET',
    code: product.id_produk,
    railCode: product.id_produk,
    accountType: 'NORMAL',
    channelName: product.nama_produk,
  };
}

/** Digits with optional dashes or spaces (and a leading + for phones), at most 24 characters. */
export function shapeAccountNumber(kind: WithdrawKind, raw: string): string {
  const trimmed = raw.trim();
  const pattern = kind === 'EWALLET' ? /^\+?[\d\s-]+$/ : /^[\d\s-]+$/;
  if (trimmed.length > 24 || !pattern.test(trimmed)) {
    throw validationError('withdraw.checkAccountNumber');
  }
  const digits = trimmed.replace(/\D/g, '');
  if (!digits) throw validationError('withdraw.checkAccountNumber');
  return digits;
}
