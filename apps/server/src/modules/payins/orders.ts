/**
 * Receiving the payment of an order (a domestic transfer order today): the instrument the order
 * issued — a closed VA, a QRIS bill or a retail code whose partner reference names the order, or the
 * provider's bank account with the order's exact total — is paid once, before the order's expiry
 * and never after it was cancelled. Money that still arrives for a closed order goes back to the
 * agent's available balance (claimOrder, bookOrderPayment). The whole amount goes from the channel's clearing account to the agent's order-funds account
 * (no pay-in fee: the order's own fees are booked by the order), and the order row moves NEW → PAID
 * in the same receiving transaction. What the order table is called and which columns it moves is
 * data (`PAYIN_ORDER_SOURCES`), so this block imports no feature; the feature sends the money on.
 */
import { isTransferOk, type TransferInput } from '@gerbang/ledger';
import { wibDate } from '@gerbang/shared';
import { findPayinChannel } from '@gerbang/shared/domain/payin-channels';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import type { InboundPaymentNotification } from '../../rails';
import { describedColumns } from '../transactions/descriptions';
import { PAID_CLOSE_VA, paidCode } from './book';
import { queueCallback } from './callbacks';
import { newPayinTransactionId } from './ids';
import { ACCOUNT } from './ledger';
import {
  ORDER_REFF_PREFIX,
  orderOf,
  orderReff,
  PAYIN_ORDER_SOURCES,
  type PayinOrderKind,
} from './order-refs';
import { PayinRefused, type PayinTarget } from './targets';

type Trx = Kysely<Database>;
type OrderServices = Pick<Services, 'db' | 'now' | 'ledger'>;

/** The ledger account an order's payment waits in until the order sends it (credit-normal). */
export const ORDER_FUNDS_ACCOUNT = 'merchant_order_funds';

export { ORDER_REFF_PREFIX, orderOf, orderReff, PAYIN_ORDER_SOURCES, type PayinOrderKind };

/**
 * Takes a payment for an order under its row lock. 'paid': the order was open (NEW, not cancelled,
 * its expiry after both the bank's payment time and our receiving time, so an expired order never
 * becomes paid after its inquiries were given back) and the amount is its exact total — it moved
 * NEW → PAID. 'closed': the order was cancelled, expired or already paid — the money is the
 * agent's and goes back to its balance. A wrong amount is refused like any closed instrument's
 * (targets.ts AMOUNT_MISMATCH; a manual transfer with a wrong total never matches an order and
 * stays in suspense, as a top-up's would).
 */
async function claimOrder(
  trx: Trx,
  order: { kind: PayinOrderKind; orderId: string },
  agentId: number,
  n: InboundPaymentNotification,
  idTransaksi: string,
  now: Date,
): Promise<'paid' | 'closed'> {
  const source = PAYIN_ORDER_SOURCES[order.kind];
  const db = trx as unknown as Kysely<any>;
  const row = await db
    .selectFrom(source.table)
    .select([
      'status',
      `${source.totalColumn} as total`,
      `${source.expiresColumn} as expires`,
      `${source.cancelledColumn} as cancelled`,
    ])
    .where('id', '=', order.orderId)
    .where('agent_id', '=', agentId)
    .where('environment', '=', n.environment)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new PayinRefused('NOT_FOUND');
  if (Number(row.total) !== n.amount) throw new PayinRefused('AMOUNT_MISMATCH');
  const expires = new Date(row.expires).getTime();
  const open =
    row.status === 'NEW' &&
    !row.cancelled &&
    expires > n.paidAt.getTime() &&
    expires > now.getTime();
  if (!open) return 'closed';
  await db
    .updateTable(source.table)
    .set({ status: 'PAID', paid_at: n.paidAt, id_transaksi: idTransaksi })
    .where('id', '=', order.orderId)
    .where('status', '=', 'NEW')
    .execute();
  return 'paid';
}

/** The ledger chain of a payment: into order funds, and for a closed order on to the balance. */
function paymentTransfers(
  idTransaksi: string,
  orderId: string,
  productName: string,
  amount: number,
  accounts: { clearing: number; funds: number; available: number },
  returned: boolean,
): TransferInput[] {
  const payment: TransferInput = {
    id: `payin:${idTransaksi}:order`,
    debitAccountId: accounts.clearing,
    creditAccountId: accounts.funds,
    amount,
    kind: 'order_payment',
    reference: orderId,
    description: `Payment of order ${orderId} via ${productName}`,
  };
  if (!returned) return [payment];
  return [
    { ...payment, flags: { linked: true } },
    {
      id: `payin:${idTransaksi}:order_return`,
      debitAccountId: accounts.funds,
      creditAccountId: accounts.available,
      amount,
      kind: 'order_payment_return',
      reference: orderId,
      description: `Payment of closed order ${orderId} back to the balance`,
    },
  ];
}

/**
 * Books a checked payment of an order's instrument; answers our transaction id. The payment of a
 * closed order (cancelled, expired, already paid) is not refused — the bank took the money — but
 * credited to the agent's available balance, once (the ids derive from our transaction id, which
 * the receipt of the bank's reference keeps).
 */
export async function bookOrderPayment(
  services: OrderServices,
  trx: Trx,
  input: {
    order: { kind: PayinOrderKind; orderId: string };
    agentId: number;
    clearingSubkey: string;
    productName: string;
    kind: 'VA' | 'QRIS' | 'RETAIL' | 'TRANSFER';
    /** The channel code (bank code, QRIS, retail code) the callback body names. */
    channelCode: string;
    target: PayinTarget | null;
    n: InboundPaymentNotification;
  },
): Promise<string> {
  const { n, agentId, order } = input;
  const now = services.now();
  const idTransaksi = await newPayinTransactionId(services, trx, now);
  const returned = (await claimOrder(trx, order, agentId, n, idTransaksi, now)) === 'closed';
  const [clearing, funds, available] = await services.ledger.ensureAccounts(
    [
      { kind: ACCOUNT.clearing, subkey: input.clearingSubkey, environment: n.environment },
      { kind: ORDER_FUNDS_ACCOUNT, agentId, environment: n.environment },
      { kind: ACCOUNT.available, agentId, environment: n.environment },
    ],
    { trx },
  );
  if (!clearing || !funds || !available) throw new Error('order payment accounts missing');
  const transfers = paymentTransfers(
    idTransaksi,
    order.orderId,
    input.productName,
    n.amount,
    { clearing: clearing.id, funds: funds.id, available: available.id },
    returned,
  );
  const results = await services.ledger.createTransfers(transfers, { trx });
  if (!results.every(isTransferOk)) {
    throw new Error(`ledger refused an order payment: ${results.map((r) => r.result).join(',')}`);
  }
  await trx
    .insertInto('transactions')
    .values({
      id_transaksi: idTransaksi,
      agent_id: agentId,
      environment: n.environment,
      user_id: null,
      kind: input.kind === 'TRANSFER' ? 'TRANSFER' : input.kind,
      jenis_produk: 'IPG',
      jenis_trx: 'CASH IN',
      jenis_transaksi: 1,
      status_trx: 'SUCCESS',
      time_request: n.paidAt,
      transaction_date: wibDate(n.paidAt),
      time_completed: now,
      invoicenumberext: order.orderId,
      partner_reff_va: order.orderId,
      nopelanggan1: n.paidTo.trim().slice(0, 64),
      id_produk: input.kind,
      nama_produk: input.productName,
      nama_channel: input.kind,
      namabank: input.productName,
      nominal_origin: n.amount,
      nominal_admin: 0,
      response_code: '00',
      responsebiller: 'SUCCESS',
      ...describedColumns(returned ? 'transfer.orderPaymentReturned' : 'transfer.orderPayment', {
        orderId: order.orderId,
      }),
      rail_reference: n.railReference,
      ledger_transfer_id: transfers[transfers.length - 1]?.id ?? null,
      updated_at: now,
    })
    .execute();
  await markInstrumentPaid(trx, input.target, n, idTransaksi);
  await queueCallback(trx, now, {
    agentId,
    environment: n.environment,
    idTransaksi,
    type: 'payment',
    timeRequest: n.paidAt,
    body: {
      id_transaksi: idTransaksi,
      status: 'SUCCESS',
      id_order: order.orderId,
      // The callback URL is chosen by the channel (credentials/callback-target.ts).
      channel: input.channelCode,
      channel_kind: input.kind,
      amount: n.amount,
      paid_at: n.paidAt.toISOString(),
      ...(returned ? { returned_to_balance: true } : {}),
    },
  });
  return idTransaksi;
}

/** A closed VA takes no more payments and its bill is paid; a code is paid. */
async function markInstrumentPaid(
  trx: Trx,
  target: PayinTarget | null,
  n: InboundPaymentNotification,
  idTransaksi: string,
) {
  if (target?.va) {
    await trx
      .updateTable('va_bills')
      .set({
        transaction_type: 1,
        payment_time: n.paidAt,
        amount: n.amount,
        amount_origin: n.amount,
        admin: 0,
        biller_reff: n.railReference,
        id_transaksi: idTransaksi,
      })
      .where('environment', '=', n.environment)
      .where('kodebank', '=', target.va.bankCode)
      .where('virtual_account_no', '=', target.va.number)
      .where('transaction_type', '=', 0)
      .execute();
    await trx
      .updateTable('virtual_accounts')
      .set(PAID_CLOSE_VA)
      .where('id', '=', target.va.id)
      .execute();
  }
  if (target?.code) {
    await trx
      .updateTable('payin_codes')
      .set(paidCode(n, idTransaksi))
      .where('id', '=', target.code.id)
      .execute();
  }
}

/** A checked VA/QRIS/retail payment whose instrument belongs to an order. */
export async function bookTargetOrderPayment(
  services: OrderServices,
  trx: Trx,
  target: PayinTarget,
  order: { kind: PayinOrderKind; orderId: string },
  n: InboundPaymentNotification,
) {
  const channel = findPayinChannel(target.channelCode);
  const kind = target.va ? 'VA' : channel?.kind === 'QRIS' ? 'QRIS' : 'RETAIL';
  return bookOrderPayment(services, trx, {
    order,
    agentId: target.agentId,
    clearingSubkey: channel?.clearingSubkey ?? target.channelCode,
    productName: target.productName,
    kind,
    channelCode: target.channelCode,
    target,
    n,
  });
}

/** How long after a manual order closed a transfer of its exact total is still taken as its. */
const LATE_MANUAL_MS = 24 * 60 * 60 * 1000;

/**
 * A manual bank transfer of exactly an order's total to the account the order named; null when no
 * order matches (the caller goes on to suspense). An open order (NEW, not cancelled, not expired)
 * is matched first and becomes PAID. Otherwise the most recent order closed without payment
 * (cancelled or expired, at most a day before the transfer) is matched, and the money goes back
 * to that agent's balance: the bank took it, so it is never lost.
 */
export async function matchManualOrder(
  services: OrderServices,
  trx: Trx,
  n: InboundPaymentNotification,
): Promise<{ idTransaksi: string; agentId: number } | null> {
  const now = services.now();
  for (const [kind, source] of Object.entries(PAYIN_ORDER_SOURCES)) {
    const base = () =>
      (trx as unknown as Kysely<any>)
        .selectFrom(source.table)
        .select(['id', 'agent_id', `${source.channelCodeColumn} as channel_code`])
        .where('environment', '=', n.environment)
        .where(source.channelKindColumn, '=', source.manualKind)
        .where(source.payNumberColumn, '=', n.paidTo.replace(/[\s-]/g, ''))
        .where(source.totalColumn, '=', n.amount)
        .where('status', '=', 'NEW');
    const row =
      (await base()
        .where(source.cancelledColumn, 'is', null)
        .where(source.expiresColumn, '>', n.paidAt)
        .where(source.expiresColumn, '>', now)
        .orderBy('time_created')
        .limit(1)
        .forUpdate()
        .executeTakeFirst()) ??
      (await base()
        .where('time_created', '<=', n.paidAt)
        .where(source.expiresColumn, '>', new Date(n.paidAt.getTime() - LATE_MANUAL_MS))
        .orderBy('time_created', 'desc')
        .limit(1)
        .forUpdate()
        .executeTakeFirst());
    if (!row) continue;
    const agentId = Number(row.agent_id);
    const idTransaksi = await bookOrderPayment(services, trx, {
      order: { kind: kind as PayinOrderKind, orderId: String(row.id) },
      agentId,
      clearingSubkey: String(row.channel_code),
      productName: 'Transfer',
      kind: 'TRANSFER',
      channelCode: String(row.channel_code),
      target: null,
      n,
    });
    return { idTransaksi, agentId };
  }
  return null;
}
