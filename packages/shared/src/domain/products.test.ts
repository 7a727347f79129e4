import { describe, expect, it } from 'vitest';
import { VA_CAPABLE_BANK_CODES } from './banks';
import {
  DEFAULT_ADMIN_FEE,
  EWALLET_PRODUCTS,
  findEwalletProduct,
  findProductCode,
  findRetailProduct,
  PRODUCT_CODES,
  RETAIL_PRODUCTS,
  railBankCodeFor,
  vaProductCode,
} from './products';

describe('products', () => {
  it('lists the five e-wallets with unique ids', () => {
    expect(EWALLET_PRODUCTS.map((product) => product.nama_produk)).toEqual([
      'OVO',
      'GoPay',
      'DANA',
      'ShopeePay',
      'LinkAja',
    ]);
    expect(new Set(EWALLET_PRODUCTS.map((product) => product.id_produk)).size).toBe(5);
    expect(findEwalletProduct('GOPAY')?.nama_produk).toBe('GoPay');
    expect(findEwalletProduct('IDMTARIKTUNAI')).toBeUndefined();
  });

  it('lists Indomaret cash withdrawal as the retail product', () => {
    expect(RETAIL_PRODUCTS).toEqual([
      { id_produk: 'IDMTARIKTUNAI', nama_produk: 'Indomaret Tarik Tunai' },
    ]);
    expect(findRetailProduct('IDMTARIKTUNAI')).toBeDefined();
  });

  it('maps IDMTARIKTUNAI to the INDOMARET rail code and passes banks through', () => {
    expect(railBankCodeFor('IDMTARIKTUNAI')).toBe('INDOMARET');
    expect(railBankCodeFor('014')).toBe('014');
  });

  it('has unique product codes, a VA code per VA-capable bank, and the default fee', () => {
    const codes = PRODUCT_CODES.map((product) => product.kode_produk);
    expect(new Set(codes).size).toBe(codes.length);
    for (const bankCode of VA_CAPABLE_BANK_CODES) {
      expect(findProductCode(vaProductCode(bankCode))?.category).toBe('VIRTUAL_ACCOUNT');
    }
    expect(findProductCode('VA014')?.nama_produk).toBe('Virtual Account Bank BCA');
    expect(findProductCode('QRIS')?.category).toBe('QRIS');
    expect(findProductCode('IDMTARIKTUNAI')?.category).toBe('RETAIL_WITHDRAWAL');
    expect(DEFAULT_ADMIN_FEE).toBe(2500);
    expect(PRODUCT_CODES.every((product) => product.defaultAdminFee === DEFAULT_ADMIN_FEE)).toBe(
      true,
    );
  });
});
