import { formatWibDateTime, type Language, translate, wibDate } from '@gerbang/shared';
import type {
  RemittanceCurrency,
  RemittanceReceipt,
  RemittanceTableData,
} from '@gerbang/shared/contract/remittance';
import type { Selectable } from 'kysely';
import type { Services } from '../../http/services';
import type { TransactionsTable } from '../transactions/tables';
import { foreignAmount, type RemittanceInquiryRow } from './inquiry';

type TransactionRow = Selectable<TransactionsTable>;

/** The KETERANGAN a user reads: success, why it failed, or that it is on its way. */
export function describeStatus(row: TransactionRow, lang: Language): string {
  if (row.status_trx === 'SUCCESS') return translate(lang, 'remittance.paymentSuccess');
  if (row.status_trx === 'FAILED') {
    const key = `remittance.rail.${row.response_code}`;
    const text = translate(lang, key);
    return text === key ? translate(lang, 'remittance.paymentFailed') : text;
  }
  return translate(lang, 'remittance.paymentProcessing');
}

export function receiptOf(
  row: TransactionRow,
  inquiry: RemittanceInquiryRow,
  lang: Language,
): RemittanceReceipt {
  const when = new Date(row.time_request);
  const tabledata: RemittanceTableData = {
    CATATAN: row.addinfo21 ?? '',
    'ID TRANSAKSI': row.id_transaksi,
    KETERANGAN: describeStatus(row, lang),
    'NAMA CHANNEL': row.nama_channel ?? '',
    'NAMA PELANGGAN': row.customername ?? '',
    'NAMA PRODUK': row.nama_produk ?? '',
    'NO PELANGGAN': row.nopelanggan1 ?? '',
    NOMINAL: row.nominal_origin,
    'NOMINAL ADMIN': row.nominal_admin,
    'NOMINAL TUJUAN': foreignAmount(inquiry),
    KURS: inquiry.selling_rate,
    'TANGGAL TRANSAKSI': formatWibDateTime(when),
    ...(row.token_code ? { 'KODE PENGAMBILAN': row.token_code, 'CARA BAYAR': row.note ?? '' } : {}),
  };
  return {
    id_transaksi: row.id_transaksi,
    tanggal_transaksi: formatWibDateTime(when),
    transaction_date: wibDate(when),
    nama_channel: row.nama_channel ?? '',
    nama_pelanggan: row.customername ?? '',
    no_pelanggan: row.nopelanggan1 ?? '',
    nominal: row.nominal_origin,
    nominal_admin: row.nominal_admin,
    total: row.nominal_origin + row.nominal_admin,
    nominal_destination: inquiry.destination_amount,
    currency: inquiry.currency as RemittanceCurrency,
    selling_rate: inquiry.selling_rate,
    token_code: row.token_code,
    note: row.token_code ? (row.note ?? '') : null,
    status_trx: row.status_trx,
    keterangan: describeStatus(row, lang),
    tabledata,
    produkname: row.nama_channel ?? '',
    checksum: inquiry.checksum,
    uuid_user: inquiry.uuid_user,
    id_produk: row.id_produk ?? '',
  };
}

export async function remittanceTransaction(services: Services, inquiry: RemittanceInquiryRow) {
  return services.db
    .selectFrom('transactions')
    .selectAll()
    .where('id_transaksi', '=', inquiry.id_transaksi)
    .where('agent_id', '=', inquiry.agent_id)
    .where('environment', '=', inquiry.environment)
    .executeTakeFirst();
}

export async function loadRemittanceReceipt(
  services: Services,
  inquiry: RemittanceInquiryRow,
  lang: Language,
): Promise<RemittanceReceipt | null> {
  const row = await remittanceTransaction(services, inquiry);
  return row ? receiptOf(row, inquiry, lang) : null;
}
