import { BALANCE_VIEW_PERMISSION } from '../../domain/permissions';
import type { DataPageDescriptor } from '../types';
import { enumCol, instant, money, numericId, rangeInstant, read, text } from './kit';

export const MERCHANT_MEMBER_PAGE: DataPageDescriptor = {
  path: 'merchant_member',
  titleKey: 'data.pages.merchant_member',
  access: {
    permission: read('merchant_member'),
    groups: [11],
    alsoPermissions: [BALANCE_VIEW_PERMISSION],
  },
  columns: [
    numericId('id_agen'),
    text('username'),
    text('nama_pemilik'),
    text('nickname'),
    text('nama_initial', { popupOnly: true }),
    text('email'),
    text('telp_pemilik'),
    text('nama_propinsi', { popupOnly: true }),
    text('nama_kota'),
    text('namagrupagen', { popupOnly: true }),
    text('namakomisi', { popupOnly: true }),
    money('balance'),
    money('minimum_balance'),
    text('id_refferer', { popupOnly: true }),
    enumCol('status', 'memberStatus', [
      ['0', 'secondary'],
      ['1', 'success'],
      ['2', 'danger'],
    ]),
    enumCol('is_blocked', 'blocked', [
      ['false', 'success'],
      ['true', 'danger'],
    ]),
    instant('tanggal_aktivasi'),
    rangeInstant('tanggal_registrasi'),
  ],
  rowKey: 'id_agen',
  defaultSort: { column: 'tanggal_registrasi', direction: 'desc' },
  exportable: true,
};
