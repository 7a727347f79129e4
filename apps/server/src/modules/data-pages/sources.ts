import type { Environment, Language, PagePath } from '@gerbang/shared';
import { type RawBuilder, sql } from 'kysely';
import { describedSql } from '../transactions/descriptions';
import { renderStatementRows } from './statement-text';

/**
 * The server side of the data-page descriptors: for each path, the tables it reads and the SQL
 * expression of each column. Only code writes these fragments; what a request sends (column
 * names, operators, values) is matched against the descriptor and bound as parameters by the
 * engine, never spliced into SQL.
 */
export type Sql = RawBuilder<unknown>;

/**
 * How the engine compares a column: `instant` is a timestamptz (date filters become WIB day
 * boundaries), `date` a WIB business date column.
 */
export type ValueKind = 'number' | 'text' | 'instant' | 'date' | 'bool';

export interface SourceColumn {
  /** The column's value; filters and sorting use it. */
  raw: Sql;
  kind: ValueKind;
  /**
   * What the answer carries, when it differs from `raw` (dates as YYYY-MM-DD text). Defaults to
   * `raw`, or `to_char(raw, 'YYYY-MM-DD')` for `date`.
   */
  output?: Sql;
}

export interface SourceScope {
  agentId: number;
  environment: Environment;
  userId: number;
  now: Date;
  /** The date range applied, as WIB dates; sources that aggregate apply it inside. */
  range: { from: string; to: string } | null;
  /** The reader's language: server-written descriptions render in it (default Indonesian). */
  lang?: Language;
}

export interface DataSource {
  /** The FROM clause with its joins (or a derived table). */
  from(scope: SourceScope): Sql;
  /** Conditions every query of the page carries: the tenant scope first. */
  where(scope: SourceScope): Sql[];
  columns(scope: SourceScope): Record<string, SourceColumn>;
  /** A unique, non-null expression: the tie-breaker of every sort and the export cursor key. */
  tiebreak: Sql;
  /** The source applies the date range itself (aggregated pages); the engine must not. */
  rangeInside?: boolean;
  /** The `param` / `vaCode` pre-filter (the VA bank selector). */
  param?: (value: string) => Sql;
  /**
   * Turns stored kinds and parameters into the reader's words, in place, for the page and the
   * export alike (the statement's descriptions).
   */
  render?: (rows: Array<Record<string, unknown>>, lang: Language) => void;
  /** Counted exactly up to EXACT_COUNT_LIMIT rows, estimated above (count.ts); else exact. */
  cappedCount?: boolean;
}

const n = (raw: Sql): SourceColumn => ({ raw, kind: 'number' });
const s = (raw: Sql): SourceColumn => ({ raw, kind: 'text' });
const at = (raw: Sql): SourceColumn => ({ raw, kind: 'instant' });
const d = (raw: Sql): SourceColumn => ({ raw, kind: 'date' });
const b = (raw: Sql): SourceColumn => ({ raw, kind: 'bool' });

/** Standard tenant scope of a business table aliased `alias`. */
function tenant(alias: string) {
  const a = sql.raw(alias);
  return (scope: SourceScope): Sql[] => [
    sql`${a}.agent_id = ${scope.agentId}`,
    sql`${a}.environment = ${scope.environment}`,
  ];
}

/** The agent's merchant available account: the mutation pages read its ledger entries. */
const availableAccountId = (scope: SourceScope) => sql`(
  select la.id from ledger_accounts la
  where la.kind = 'merchant_available' and la.agent_id = ${scope.agentId}
    and la.environment = ${scope.environment} and la.currency = 'IDR' and la.subkey = '')`;

/**
 * The statement (spec 03 §3.1 mutation rows, issue 12 §2; docs/data-model.md "The statement"): one
 * row per ledger entry that changed the AVAILABLE balance, amount and direction from that change.
 * A payout hold (a pending debit) lowers the available balance when it is created, so it is the
 * row; posting it changes nothing (no row, never a second debit); voiding or expiring it gives the
 * money back (a credit row of the same amount, the pair nets to zero); a partial post gives back
 * the unposted rest. Pending credits do not count until posted. No entry moves 0, so no Rp 0 row.
 */
const entryChange = sql`(e.balance_after - e.balance_before)`;

/** What kind of movement a row is (`keterangan_detail`): the transfer's kind, or its reversal. */
const movementKind = sql`(case when (lt.flags & 8) <> 0 then 'hold_void'
  when (lt.flags & 4) <> 0 then 'hold_release' else lt.kind end)`;

/**
 * The description's kind and parameters (rendered in the reader's language by `render`): what the
 * ledger, the transaction and the settlement know of the movement. Scalar sub-queries run only for
 * the rows returned.
 */
const movementParams = sql`json_build_object(
  'k', lt.kind,
  'f', lt.flags,
  'ref', lt.reference,
  'd', lt.description,
  'bank', coalesce(t.namabank, t.nama_produk),
  'account', t.nopelanggan1,
  'name', t.customername,
  'settlement', (select json_build_object('product', st.nama_produk,
      'date', to_char(st.tgltrx, 'YYYY-MM-DD'))
    from settlements st where st.reference = lt.reference and lt.kind = 'settlement' limit 1)
)::text`;

const mutationColumns = {
  id_mutasi: n(sql`e.id`),
  id_transaksi: s(sql`lt.reference`),
  tanggal_mutasi: at(sql`e.created_at`),
  tipe_mutasi: s(
    sql`(case when e.balance_after < e.balance_before then 'debit' else 'credit' end)`,
  ),
  // The side a row does not move is empty, not Rp 0 (filters compare it as 0).
  debet: {
    raw: sql`greatest(-${entryChange}, 0)`,
    kind: 'number',
    output: sql`nullif(greatest(-${entryChange}, 0), 0)`,
  } as SourceColumn,
  kredit: {
    raw: sql`greatest(${entryChange}, 0)`,
    kind: 'number',
    output: sql`nullif(greatest(${entryChange}, 0), 0)`,
  } as SourceColumn,
  // Filters match the stored text; the answer carries the parameters, rendered per language.
  keterangan: { raw: sql`lt.description`, kind: 'text', output: movementParams } as SourceColumn,
  keterangan_detail: s(movementKind),
  last_balance: n(sql`e.balance_before`),
  current_balance: n(sql`e.balance_after`),
};

/** Ledger entries of the agent's available account that changed it, with their transaction. */
const mutationSource: DataSource = {
  from: () => sql`ledger_entries e
    join ledger_transfers lt on lt.id = e.transfer_id
    left join transactions t on t.id_transaksi = lt.reference`,
  where: (scope) => [
    sql`e.account_id = ${availableAccountId(scope)}`,
    sql`e.balance_after <> e.balance_before`,
  ],
  columns: (scope) => ({
    ...mutationColumns,
    invoicenumber: s(sql`t.invoicenumberext`),
    nama_pemilik: s(ownerName(scope)),
    nama_produk: s(sql`t.nama_produk`),
    namabank: s(sql`t.namabank`),
    nopelanggan1: s(sql`t.nopelanggan1`),
    customername: s(sql`t.customername`),
    nominal_origin: n(sql`t.nominal_origin`),
    nominal_admin: n(sql`t.nominal_admin`),
  }),
  tiebreak: sql`e.id`,
  render: renderStatementRows,
};

/** The agent's own name, for pages whose rows all belong to the caller. */
function ownerName(scope: SourceScope): Sql {
  return sql`(select nama_agen from agents where id = ${scope.agentId})`;
}
function ownerUsername(scope: SourceScope): Sql {
  return sql`(select username from agents where id = ${scope.agentId})`;
}

/** Aggregated fee pages: one derived table grouped by period (and member for the mitra pages). */
function feeSource(period: 'day' | 'month', byMember: boolean): DataSource {
  const bucket = period === 'day' ? sql`f.fee_date` : sql`date_trunc('month', f.fee_date)::date`;
  return {
    rangeInside: true,
    from: (scope) => {
      const range = scope.range
        ? sql`and f.fee_date between ${scope.range.from}::date and ${scope.range.to}::date`
        : sql``;
      const member = byMember ? sql`f.member_agent_id` : sql`0`;
      return sql`(
        select ${bucket} as period, ${member} as member_id,
          count(*) filter (where f.fee_type = 'VA') as trxva,
          coalesce(sum(f.fee) filter (where f.fee_type = 'VA'), 0) as feeva,
          count(*) filter (where f.fee_type = 'TRF') as trxtrf,
          coalesce(sum(f.fee) filter (where f.fee_type = 'TRF'), 0) as feetrf,
          count(*) as totaltrx,
          coalesce(sum(f.fee), 0) as totalfee
        from aggregator_fees f
        where f.agent_id = ${scope.agentId} and f.environment = ${scope.environment} ${range}
        group by 1, 2) g`;
    },
    where: () => [],
    columns: (scope) => ({
      [period === 'day' ? 'tanggal' : 'bulan']: {
        raw: sql`g.period`,
        kind: 'date',
        output:
          period === 'day'
            ? sql`to_char(g.period, 'YYYY-MM-DD')`
            : sql`to_char(g.period, 'YYYY-MM')`,
      },
      nama_pemilik: s(
        byMember ? sql`(select nama_agen from agents where id = g.member_id)` : ownerName(scope),
      ),
      trxva: n(sql`g.trxva`),
      feeva: n(sql`g.feeva`),
      trxtrf: n(sql`g.trxtrf`),
      feetrf: n(sql`g.feetrf`),
      totaltrx: n(sql`g.totaltrx`),
      totalfee: n(sql`g.totalfee`),
      row_id: s(sql`(to_char(g.period, 'YYYYMMDD') || '-' || g.member_id::text)`),
    }),
    tiebreak: sql`g.member_id`,
  };
}

const holdsColumns = (scope: SourceScope) => ({
  id_hold: n(sql`h.id_hold`),
  id_transaksi: s(sql`h.id_transaksi`),
  partner_reff: s(sql`h.partner_reff`),
  nama_produk: s(sql`h.nama_produk`),
  id_produk: s(sql`h.id_produk`),
  addinfo1: s(sql`h.addinfo1`),
  nominal_origin: n(sql`h.nominal_origin`),
  hold_amount: n(sql`h.hold_amount`),
  date_created: at(sql`h.date_created`),
  date_settlement: d(sql`h.date_settlement`),
  days_settlement: n(sql`h.days_settlement`),
  date_flag: at(sql`h.date_flag`),
  is_sent: n(sql`h.is_sent`),
  nama_pemilik: s(ownerName(scope)),
  username: s(ownerUsername(scope)),
});

const settlementSource = (statuses: readonly string[]): DataSource => ({
  from: () => sql`settlements st`,
  where: (scope) => [
    ...tenant('st')(scope),
    sql`st.status in (${sql.join(statuses.map((v) => sql`${v}`))})`,
  ],
  columns: (scope) => ({
    id: n(sql`st.id`),
    tgltrx: d(sql`st.tgltrx`),
    tglsettle: d(sql`st.tglsettle`),
    username: s(ownerUsername(scope)),
    nama_pemilik: s(ownerName(scope)),
    nama_produk: s(sql`st.nama_produk`),
    rekonnum: n(sql`st.rekonnum`),
    nominal: n(sql`st.nominal`),
    status: s(sql`st.status`),
  }),
  tiebreak: sql`st.id`,
});

const vaBillType = sql`va.bill_type`;

export const SOURCES: Record<PagePath, DataSource> = {
  transaction: {
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
  },
  transfer: {
    from: () => sql`transfer_orders o`,
    where: tenant('o'),
    columns: (scope) => ({
      id: s(sql`o.id`),
      time_created: at(sql`o.time_created`),
      account_name: s(sql`o.account_name`),
      account_number: s(sql`o.account_number`),
      namabank: s(sql`o.namabank`),
      amount: n(sql`o.amount`),
      time_expired: at(sql`o.time_expired`),
      // A NEW order past its expiry shows (and filters) as EXPIRED (spec 03 §4).
      status: s(
        sql`(case when o.status = 'NEW' and o.time_expired < ${scope.now.toISOString()}::timestamptz then 'EXPIRED' else o.status end)`,
      ),
    }),
    tiebreak: sql`o.id`,
  },
  balance: mutationSource,
  balance_detail: mutationSource,
  balance_detail_hold: {
    from: () => sql`incoming_holds h`,
    where: tenant('h'),
    columns: holdsColumns,
    tiebreak: sql`h.id_hold`,
  },
  monitor_hold_balance: {
    from: () => sql`incoming_holds h`,
    where: tenant('h'),
    columns: holdsColumns,
    tiebreak: sql`h.id_hold`,
  },
  export_data: {
    from: () => sql`export_jobs x`,
    // Each user sees the exports they asked for: an export holds the data of a page the user
    // was allowed to read, which another user of the agent may not be.
    where: (scope) => [...tenant('x')(scope), sql`x.user_id = ${scope.userId}`],
    columns: () => ({
      id: n(sql`x.id`),
      tanggal_waktu_dibuat: at(sql`x.tanggal_waktu_dibuat`),
      nama_menu: s(sql`x.nama_menu`),
      status: n(sql`x.status`),
      tanggal_waktu_selesai: at(sql`x.tanggal_waktu_selesai`),
      row_count: n(sql`x.row_count`),
      lokasi_file: s(sql`x.lokasi_file`),
      lokasi_file_xlsx: s(sql`x.lokasi_file_xlsx`),
    }),
    tiebreak: sql`x.id`,
  },
  virtual_account_transaction: {
    from: () => sql`va_bills vb`,
    where: tenant('vb'),
    columns: () => ({
      id: n(sql`vb.id`),
      virtual_account_no: s(sql`vb.virtual_account_no`),
      id_outlet: s(sql`vb.id_outlet`),
      bill_type: s(sql`vb.bill_type`),
      transaction_type: n(sql`vb.transaction_type`),
      created_time: at(sql`vb.created_time`),
      expired_time: at(sql`vb.expired_time`),
      payment_time: at(sql`vb.payment_time`),
      customer_name: s(sql`vb.customer_name`),
      amount: n(sql`vb.amount`),
      amount_origin: n(sql`vb.amount_origin`),
      admin: n(sql`vb.admin`),
      partner_reff: s(sql`vb.partner_reff`),
      biller_reff: s(sql`vb.biller_reff`),
      url_payment: s(sql`vb.url_payment`),
    }),
    tiebreak: sql`vb.id`,
    param: (value) => sql`vb.kodebank = ${value}`,
  },
  virtual_account_reserved: {
    from: () => sql`virtual_accounts va`,
    where: tenant('va'),
    columns: () => ({
      customer_id: s(sql`va.customer_id`),
      nama_pemilik: s(sql`va.nama_pemilik`),
      va_number: s(sql`va.va_number`),
      nama_pemilik_va: s(sql`va.nama_pemilik_va`),
      partner_reff_id: s(sql`va.partner_reff_id`),
      bill_type: s(vaBillType),
      amount: n(sql`va.amount`),
      status: n(sql`va.status`),
      created_at: at(sql`va.created_at`),
    }),
    tiebreak: sql`va.id`,
    param: (value) => sql`va.kodebank = ${value}`,
  },
  callback: {
    from: () => sql`callbacks c`,
    where: tenant('c'),
    columns: () => ({
      id_callback: n(sql`c.id_callback`),
      id_transaksi: s(sql`c.id_transaksi`),
      time_request: at(sql`c.time_request`),
      date_created: at(sql`c.date_created`),
      date_sent: at(sql`c.date_sent`),
      status_sent: n(sql`c.status_sent`),
      type_callback: s(sql`c.type_callback`),
      url_callback: s(sql`c.url_callback`),
      request_raw: s(sql`c.request_raw`),
      response_raw: s(sql`c.response_raw`),
    }),
    tiebreak: sql`c.id_callback`,
  },
  deposit: {
    from: () => sql`deposits dp`,
    where: tenant('dp'),
    columns: () => ({
      id_deposit: s(sql`dp.id_deposit`),
      tanggal_transaksi: at(sql`dp.tanggal_transaksi`),
      username: s(sql`dp.username`),
      atasnama: s(sql`dp.atasnama`),
      norekening: s(sql`dp.norekening`),
      namabank: s(sql`dp.namabank`),
      nominal: n(sql`dp.nominal`),
      nominal_unik: n(sql`dp.nominal_unik`),
      status: n(sql`dp.status`),
      tanggal_transfer: at(sql`dp.tanggal_transfer`),
    }),
    tiebreak: sql`dp.id`,
  },
  disbursement: {
    from: () => sql`disbursement_groups dg`,
    where: tenant('dg'),
    columns: () => ({
      id: n(sql`dg.id`),
      group_name: s(sql`dg.group_name`),
      group_desc: s(sql`dg.group_desc`),
      created_date: at(sql`dg.created_date`),
      detail_count: n(sql`dg.detail_count`),
      total_amount: n(sql`dg.total_amount`),
      status: s(sql`dg.status`),
    }),
    tiebreak: sql`dg.id`,
  },
  disbursement_detail: {
    from: () => sql`disbursement_details dd`,
    where: tenant('dd'),
    columns: () => ({
      id: n(sql`dd.id`),
      group_id: n(sql`dd.group_id`),
      customername: s(sql`dd.customername`),
      phone: s(sql`dd.phone`),
      email: s(sql`dd.email`),
      namabank: s(sql`dd.namabank`),
      norekeningtujuan: s(sql`dd.norekeningtujuan`),
      nominal: n(sql`dd.nominal`),
      id_transaksi: s(sql`dd.id_transaksi`),
      payment_id: s(sql`dd.payment_id`),
      processed_time: at(sql`dd.processed_time`),
      status: n(sql`dd.status`),
      created_date: at(sql`dd.created_date`),
    }),
    tiebreak: sql`dd.id`,
  },
  bulk_virtual_account: {
    from: () => sql`va_requests vr`,
    where: tenant('vr'),
    columns: () => ({
      id: n(sql`vr.id`),
      date_created: at(sql`vr.date_created`),
      date_complete: at(sql`vr.date_complete`),
      group_name: s(sql`vr.group_name`),
      amount: n(sql`vr.amount`),
      partner_reff: s(sql`vr.partner_reff`),
      customer_id: s(sql`vr.customer_id`),
      customer_name: s(sql`vr.customer_name`),
      customer_phone: s(sql`vr.customer_phone`),
      customer_email: s(sql`vr.customer_email`),
      nova: s(sql`vr.nova`),
      kodebank: s(sql`vr.kodebank`),
      expired: at(sql`vr.expired`),
      username: s(sql`vr.username`),
      // Spec 03 §3.1: 1 COMPLETED, 2 FAILED, anything else PROCESS.
      status: n(sql`(case when vr.status in (1, 2) then vr.status else 0 end)`),
      bill_type: s(sql`vr.bill_type`),
    }),
    tiebreak: sql`vr.id`,
  },
  settlement_merchant_sent: settlementSource(['completed']),
  settlement_merchant_process: settlementSource(['waiting', 'process', 'failed']),
  merchant_member: {
    from: () => sql`agents m left join merchant_members mm on mm.agent_id = m.id`,
    where: (scope) => [sql`m.aggregator_agent_id = ${scope.agentId}`],
    columns: (scope) => ({
      id_agen: n(sql`m.id`),
      username: s(sql`m.username`),
      nama_pemilik: s(sql`m.nama_agen`),
      nickname: s(sql`mm.nickname`),
      nama_initial: s(sql`mm.nama_initial`),
      email: s(sql`m.email`),
      telp_pemilik: s(sql`mm.telp_pemilik`),
      nama_propinsi: s(sql`mm.nama_propinsi`),
      nama_kota: s(sql`mm.nama_kota`),
      namagrupagen: s(sql`('Grup ' || m.id_grup::text)`),
      namakomisi: s(sql`mm.namakomisi`),
      balance: n(
        sql`coalesce((select la.credits_posted - la.debits_posted - la.debits_pending
          from ledger_accounts la where la.kind = 'merchant_available' and la.agent_id = m.id
            and la.environment = ${scope.environment} and la.currency = 'IDR' and la.subkey = ''), 0)`,
      ),
      minimum_balance: n(sql`coalesce(mm.minimum_balance, 0)`),
      id_refferer: s(sql`mm.id_refferer`),
      status: n(sql`coalesce(mm.status, 1)`),
      is_blocked: b(sql`coalesce(mm.is_blocked, false)`),
      tanggal_aktivasi: at(sql`mm.tanggal_aktivasi`),
      tanggal_registrasi: at(sql`coalesce(mm.tanggal_registrasi, m.created_at)`),
    }),
    tiebreak: sql`m.id`,
  },
  aggregator_fee_daily: feeSource('day', false),
  aggregator_fee_monthly: feeSource('month', false),
  resume_share_profit_by_mitra_daily: feeSource('day', true),
  resume_share_profit_by_mitra_monthly: feeSource('month', true),
  setting_account_favourite: {
    from: () => sql`favourite_accounts fa`,
    where: tenant('fa'),
    columns: () => ({
      // The page's id_accounts is the row's id: the toggle action names the row by it.
      id_accounts: n(sql`fa.id`),
      accountname: s(sql`fa.accountname`),
      accountnumber: s(sql`fa.accountnumber`),
      namabank: s(sql`fa.namabank`),
      type: s(sql`fa.type`),
      is_active: b(sql`fa.is_active`),
    }),
    tiebreak: sql`fa.id`,
  },
  dana_talangan: {
    from: () => sql`dana_talangan_requests dt`,
    where: (scope) => [...tenant('dt')(scope), sql`dt.deleted_at is null`],
    columns: () => ({
      id: n(sql`dt.id`),
      username: s(sql`dt.username`),
      date_from: d(sql`dt.date_from`),
      date_to: d(sql`dt.date_to`),
      id_produk: s(sql`dt.id_produk`),
      nama_produk: s(sql`dt.nama_produk`),
      nominal: n(sql`dt.nominal`),
      outstanding: n(
        sql`case when dt.paid_transfer_id is null then 0 else dt.nominal - dt.recovered end`,
      ),
      status: n(sql`dt.status`),
      created_at: at(sql`dt.created_at`),
    }),
    tiebreak: sql`dt.id`,
  },
  nmid: {
    from: () => sql`nmid_requests nr`,
    where: tenant('nr'),
    columns: () => ({
      id: n(sql`nr.id`),
      nama_nmid: s(sql`nr.nama_nmid`),
      nmid: s(sql`nr.nmid`),
      nama: s(sql`nr.nama`),
      nama_usaha: s(sql`nr.nama_usaha`),
      jenis_usaha: s(sql`nr.jenis_usaha`),
      no_hp: s(sql`nr.no_hp`),
      email: s(sql`nr.email`),
      kabupaten: s(sql`nr.kabupaten`),
      status: n(sql`nr.status`),
      created_at: at(sql`nr.created_at`),
      tempat_lahir: s(sql`nr.tempat_lahir`),
      tgl_lahir: { raw: sql`nr.tgl_lahir`, kind: 'date' },
      no_ktp: s(sql`nr.no_ktp`),
      no_npwp: s(sql`nr.no_npwp`),
      nama_aplikasi: s(sql`nr.nama_aplikasi`),
      url_website: s(sql`nr.url_website`),
      alamat_usaha: s(sql`nr.alamat_usaha`),
      kode_pos: s(sql`nr.kode_pos`),
      pendapatan: s(sql`nr.pendapatan`),
    }),
    tiebreak: sql`nr.id`,
  },
  produk: {
    // Pricing rows are per agent (not per environment): the fee applies in both.
    from: () => sql`product_pricing pp join agents pa on pa.id = pp.agent_id`,
    where: (scope) => [sql`pp.agent_id = ${scope.agentId}`],
    columns: () => ({
      username: s(sql`pa.username`),
      kode_produk: s(sql`pp.kode_produk`),
      nama_produk: s(sql`pp.nama_produk`),
      jenis_trx: s(sql`pp.jenis_trx`),
      fee_admin: n(sql`pp.fee_admin`),
      fee_admin_prosen: s(sql`pp.fee_admin_prosen::text`),
      is_gangguan: b(sql`pp.is_gangguan`),
    }),
    tiebreak: sql`pp.id`,
  },
  activity_log: {
    from: () => sql`audit_log al`,
    // Account events (login, settings) carry no environment; business events carry the session's.
    where: (scope) => [
      sql`al.agent_id = ${scope.agentId}`,
      sql`(al.environment = ${scope.environment} or al.environment is null)`,
    ],
    columns: () => ({
      id: n(sql`al.id`),
      created_at: at(sql`al.created_at`),
      username: s(sql`al.username`),
      action: s(sql`al.action`),
      target: s(sql`al.target`),
      ip: s(sql`al.ip`),
      user_agent: s(sql`al.user_agent`),
      detail: s(sql`al.detail::text`),
    }),
    tiebreak: sql`al.id`,
  },
};
