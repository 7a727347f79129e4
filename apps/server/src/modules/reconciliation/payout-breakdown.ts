/**
 * Payout breakdowns (ADR 019, "Payout breakdown"): one payout — a withdrawal, a transfer, a bulk
 * row — with its ledger transfers, fee, reversal and gross → net; and a bulk transfer group with
 * every row and the group's gross, fees, refunds and net debited, whose sums must equal the
 * ledger's transfers of the group. Scoped to the caller's agent and environment; a figure that
 * does not add up refuses the answer (payout-figures.ts).
 */
import type { BulkBreakdown, PayoutBreakdown } from '@gerbang/shared/contract/payout-breakdown';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';
import { type PayoutFacts, payoutFigures } from './payout-figures';
import { groupHold, type Scope, sortTransfers, transfersByReference } from './payout-ledger';

type Row = BulkBreakdown['rows'][number];

const ROW_STATUS: Record<number, Row['status']> = {
  0: 'NEW',
  [-1]: 'QUEUED',
  [-2]: 'PROCESS',
  1: 'SUCCESS',
  2: 'FAILED',
};

/** The bulk row and group a payout belongs to, with the group's hold when it was held. */
async function bulkRowOf(db: Kysely<Database>, s: Scope, idTrx: string) {
  const row = await db
    .selectFrom('disbursement_details')
    .select(['group_id'])
    .where('agent_id', '=', s.agentId)
    .where('environment', '=', s.environment)
    .where('id_transaksi', '=', idTrx)
    .executeTakeFirst();
  if (!row) return null;
  const g = await groupHold(db, s, row.group_id);
  return { groupId: row.group_id, hold: g.hold && { ...g.hold, released: g.released > 0 } };
}

export async function payoutBreakdown(
  db: Kysely<Database>,
  s: Scope,
  idTransaksi: string,
): Promise<PayoutBreakdown> {
  const trx = await db
    .selectFrom('transactions')
    .select([
      'id',
      'id_transaksi',
      'nama_produk',
      'namabank',
      'nopelanggan1',
      'customername',
      'nominal_origin',
      'nominal_admin',
      'status_trx',
      'time_request',
    ])
    .where('id_transaksi', '=', idTransaksi)
    .where('agent_id', '=', s.agentId)
    .where('environment', '=', s.environment)
    .where('jenis_trx', '=', 'CASH OUT')
    .executeTakeFirst();
  if (!trx) throw notFound('recon.errors.payout');
  const bulk = await bulkRowOf(db, s, trx.id_transaksi);
  const transfers = await transfersByReference(db, s, [trx.id_transaksi]);
  const sorted = sortTransfers(transfers.get(trx.id_transaksi) ?? []);
  // A payout the customer paid for (a transfer order's line) is not the balance's: its order
  // page breaks it down. A success with no leg of the merchant's own is one of those too.
  const noLegs = sorted.legAmount + sorted.legFee === 0;
  if (!bulk?.hold && (sorted.otherSource || (trx.status_trx === 'SUCCESS' && noLegs)))
    throw notFound('recon.errors.notFromBalance');
  const figures = payoutFigures(
    {
      label: trx.id_transaksi,
      amount: Number(trx.nominal_origin),
      fee: Number(trx.nominal_admin),
      status: trx.status_trx,
      groupHold: bulk?.hold ?? null,
    },
    sorted,
  );
  return {
    payout: {
      id_transaksi: trx.id_transaksi,
      product: trx.nama_produk ?? '',
      bank: trx.namabank ?? '',
      account_number: trx.nopelanggan1 ?? '',
      account_name: trx.customername ?? '',
      requested_at: new Date(trx.time_request).toISOString(),
      status: trx.status_trx,
      group_id: bulk ? Number(bulk.groupId) : null,
      refund_pending: figures.refundPending,
    },
    transfers: figures.lines,
    totals: figures.totals,
  };
}

async function groupRows(db: Kysely<Database>, s: Scope, groupId: number) {
  const rows = await db
    .selectFrom('disbursement_details as d')
    .leftJoin('transactions as t', (j) =>
      j
        .onRef('t.id_transaksi', '=', 'd.id_transaksi')
        .onRef('t.agent_id', '=', 'd.agent_id')
        .onRef('t.environment', '=', 'd.environment'),
    )
    .select([
      'd.row_no',
      'd.id_transaksi',
      'd.customername',
      'd.namabank',
      'd.norekeningtujuan',
      'd.nominal',
      'd.admin_fee',
      'd.status',
      't.nominal_admin',
    ])
    .where('d.group_id', '=', groupId)
    .where('d.agent_id', '=', s.agentId)
    .where('d.environment', '=', s.environment)
    .orderBy('d.row_no')
    .orderBy('d.id')
    .execute();
  return rows.map((r, i) => ({
    ...r,
    row_no: r.row_no ?? i + 1,
    amount: Number(r.nominal),
    // The fee the row's payout was charged (its transaction), else the one the group planned.
    fee: Number(r.nominal_admin ?? r.admin_fee),
  }));
}

/** A row's status as the figures read it: not yet sent is held in a held group, else nothing. */
function factsStatus(status: number, held: boolean): PayoutFacts['status'] {
  if (status === 1) return 'SUCCESS';
  if (status === 2) return 'FAILED';
  if (status === -2 || held) return 'PROCESS';
  return 'NEW';
}

export async function bulkBreakdown(
  db: Kysely<Database>,
  s: Scope,
  groupId: number,
): Promise<BulkBreakdown> {
  const group = await db
    .selectFrom('disbursement_groups')
    .select(['id', 'group_name', 'group_desc', 'status', 'created_date', 'total_amount'])
    .where('id', '=', groupId)
    .where('agent_id', '=', s.agentId)
    .where('environment', '=', s.environment)
    .executeTakeFirst();
  if (!group) throw notFound('recon.errors.bulkGroup');
  const [details, ledger] = await Promise.all([
    groupRows(db, s, groupId),
    groupHold(db, s, groupId),
  ]);
  const refs = details.flatMap((d) => (d.id_transaksi ? [d.id_transaksi] : []));
  const transfers = await transfersByReference(db, s, refs);
  const hold = ledger.hold && { ...ledger.hold, released: ledger.released > 0 };
  let left = 0;
  let refunded = 0;
  let rowsNet = 0;
  const rows: Row[] = details.map((d) => {
    const sorted = sortTransfers(d.id_transaksi ? (transfers.get(d.id_transaksi) ?? []) : []);
    const status = factsStatus(d.status, hold !== null && !hold.released);
    const label = `${groupId}/${d.row_no}`;
    const f = payoutFigures(
      { label, amount: d.amount, fee: d.fee, status, groupHold: hold },
      sorted,
    );
    left += sorted.fromAvailable - sorted.backToAvailable;
    refunded += sorted.refunds;
    rowsNet += f.totals.net;
    return {
      row_no: d.row_no,
      id_transaksi: d.id_transaksi,
      name: d.customername,
      bank: d.namabank,
      account_number: d.norekeningtujuan,
      amount: d.amount,
      fee: d.fee,
      status: ROW_STATUS[d.status] ?? 'NEW',
      refunded: sorted.refunds,
    };
  });
  const gross = rows.reduce((a, r) => a + r.amount, 0);
  const fees = rows.reduce((a, r) => a + r.fee, 0);
  return {
    group: {
      id: Number(group.id),
      name: group.group_name,
      description: group.group_desc,
      status: group.status,
      created_at: new Date(group.created_date).toISOString(),
    },
    rows,
    totals: groupTotals(groupId, {
      gross,
      fees,
      planned: Number(group.total_amount),
      held: hold ? hold.amount : left,
      fromHold: hold !== null,
      refunded,
      released: ledger.released,
      rowsNet,
    }),
  };
}

/** The group's gross → net, checked against its rows and its ledger transfers. */
function groupTotals(
  groupId: number,
  g: {
    gross: number;
    fees: number;
    planned: number;
    held: number;
    /** The group was held in one transfer (rows made before bulk groups were held were not). */
    fromHold: boolean;
    refunded: number;
    released: number;
    rowsNet: number;
  },
): BulkBreakdown['totals'] {
  const total = g.gross + g.fees;
  const net = g.held - g.refunded - g.released;
  const wrong = (why: string) => new Error(`bulk breakdown ${groupId}: ${why}`);
  if (g.gross !== g.planned) throw wrong(`rows ${g.gross} ≠ group amount ${g.planned}`);
  if (g.fromHold && g.held !== total) throw wrong(`held ${g.held} ≠ rows' total ${total}`);
  if (g.released !== 0 && g.released !== g.held) throw wrong(`released ${g.released} ≠ held`);
  if (net !== g.rowsNet) throw wrong(`ledger net ${net} ≠ rows' net ${g.rowsNet}`);
  return {
    gross: g.gross,
    fees: g.fees,
    total,
    held: g.held,
    refunded: g.refunded,
    released: g.released,
    net,
  };
}
