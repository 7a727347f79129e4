import type { DataPageDescriptor } from '../types';
import { enumCol, money, read, text } from './kit';

export const PRODUK_PAGE: DataPageDescriptor = {
  path: 'produk',
  titleKey: 'data.pages.produk',
  access: { permission: read('produk'), apiEnabled: true },
  columns: [
    text('username'),
    text('kode_produk'),
    text('nama_produk'),
    enumCol('jenis_trx', 'jenisTrx', [
      ['CASH IN', 'success'],
      ['CASH OUT', 'primary'],
    ]),
    money('fee_admin'),
    text('fee_admin_prosen'),
    enumCol('is_gangguan', 'gangguan', [
      ['false', 'success'],
      ['true', 'danger'],
    ]),
  ],
  rowKey: 'kode_produk',
  defaultSort: { column: 'nama_produk', direction: 'asc' },
  actions: [
    {
      kind: 'link',
      key: 'charges',
      labelKey: 'data.actions.chargeHistory',
      href: '/data/produk_charge?key=0&value={kode_produk}',
    },
  ],
  exportable: true,
};
