import { sql } from 'kysely';
import { renderStatementRows } from '../statement-text';
import { at, type DataSource, n, ownerName, type SourceColumn, type SourceScope, s } from './kit';

/** The agent's merchant available account: the mutation pages read its ledger entries. */
const availableAccountId = (scope: SourceScope) => sql`(
  select la.id from ledger_accounts la
  where la.kind = 'merchant_available' and la.agent_id = ${scope.agentId}
    and la.environment = ${scope.environment} and la.currency = 'IDR' and la.subkey = '')`;

/**
 * The statement (spec 03 §3.1 mutation rows; docs/data-model.md "The statement"): one
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
export const statementSource: DataSource = {
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
