import type { DataPageDescriptor } from '../types';
import { day, enumCol, instant, money, read, text } from './kit';

/**
 * The charge history of the agent's products (spec 03 §3.1 "charge row"): one row per pricing
 * version, the active one being the fees charged now. Reached from a /data/produk row, pre-filtered
 * to that product; it shows the same agent's pricing, so the produk page's rule guards it.
 */
export const PRODUK_CHARGE_PAGE: DataPageDescriptor = {
  path: 'produk_charge',
  titleKey: 'data.pages.produk_charge',
  access: { permission: read('produk'), apiEnabled: true },
  columns: [
    text('kode_produk'),
    // The spec's transaction_date is the date the fees apply from: labelled as such.
    { ...day('transaction_date'), labelKey: 'data.columns.charge_from' },
    instant('created_date'),
    money('charge_nominal'),
    text('charge_percentage'),
    enumCol('is_active', 'active', [
      ['true', 'success'],
      ['false', 'secondary'],
    ]),
  ],
  rowKey: 'id',
  defaultSort: { column: 'created_date', direction: 'desc' },
  backTo: '/data/produk',
  preFilterKeys: ['kode_produk'],
  exportable: true,
};
