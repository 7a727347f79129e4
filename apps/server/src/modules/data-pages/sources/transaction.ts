import { sql } from 'kysely';
import { describedSql } from '../../transactions/descriptions';
import { at, type DataSource, n, s, tenant } from './kit';

export const transactionSource: DataSource = {
  from: () => sql`transactions t`,
  where: tenant('t'),
  columns: (scope) => ({
    id_transaksi: s(sql`t.id_transaksi`),
    time_request: at(sql`t.time_request`),
    transaction_date: { raw: sql`t.transaction_date`, kind: 'date' },
    invoicenumberext: s(sql`t.invoicenumberext`),
    addinfo21: s(sql`t.addinfo21`),
    partner_reff_va: s(sql`t.partner_reff_va`),
    nopelanggan1: s(sql`t.nopelanggan1`),
    nopelanggan2: s(sql`t.nopelanggan2`),
    nopelanggan3: s(sql`t.nopelanggan3`),
    jenis_transaksi: n(sql`t.jenis_transaksi`),
    jenis_trx: s(sql`t.jenis_trx`),
    status_trx: s(sql`t.status_trx`),
    response_code: s(sql`t.response_code`),
    responsebiller: s(sql`t.responsebiller`),
    keterangan: s(describedSql(scope.lang ?? 'id', 't')),
    nama_produk: s(sql`t.nama_produk`),
    kodebank: s(sql`t.kodebank`),
    namabank: s(sql`t.namabank`),
    customername: s(sql`t.customername`),
    nominal_origin: n(sql`t.nominal_origin`),
    nominal_admin: n(sql`t.nominal_admin`),
    is_void: s(sql`t.is_void`),
  }),
  tiebreak: sql`t.id`,
  cappedCount: true,
};
