import type { DataPageDescriptor } from '../types';
import { col, enumCol, numericId, rangeInstant, read, text } from './kit';

export const NMID_PAGE: DataPageDescriptor = {
  path: 'nmid',
  titleKey: 'data.pages.nmid',
  access: { permission: read('nmid'), apiEnabled: true },
  columns: [
    numericId('id'),
    text('nama_nmid'),
    text('nmid'),
    text('nama'),
    text('nama_usaha'),
    text('jenis_usaha'),
    text('no_hp'),
    text('email'),
    text('kabupaten'),
    enumCol('status', 'nmidStatus', [
      ['0', 'warning'],
      ['1', 'info'],
      ['2', 'success'],
      ['3', 'danger'],
    ]),
    rangeInstant('created_at'),
    text('tempat_lahir', { popupOnly: true }),
    col('tgl_lahir', 'date', 'date', { popupOnly: true }),
    text('no_ktp', { popupOnly: true }),
    text('no_npwp', { popupOnly: true }),
    text('nama_aplikasi', { popupOnly: true }),
    text('url_website', { popupOnly: true }),
    text('alamat_usaha', { popupOnly: true }),
    text('kode_pos', { popupOnly: true }),
    text('pendapatan', { popupOnly: true }),
  ],
  rowKey: 'id',
  defaultSort: { column: 'created_at', direction: 'desc' },
  dateRange: { column: 'created_at', preset: 'today' },
  addButton: {
    labelKey: 'data.actions.add',
    to: '/add-nmid',
    requires: { permission: { module: 'data_nmid', action: 'ADD' }, apiEnabled: true },
  },
  actions: [
    {
      // The approved NMID's static QRIS sticker.
      kind: 'link',
      key: 'sticker',
      labelKey: 'nmid.sticker',
      href: '/nmid/sticker/{id}',
      whenPresent: 'nmid',
    },
  ],
  exportable: true,
};
