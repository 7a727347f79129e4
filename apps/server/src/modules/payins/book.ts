/**
 * Receiving, step 2: book a checked payment, inside the receiving transaction. The amount net of
 * fees goes to the merchant's held account and the fee to fee revenue in one linked chain (both
 * from the channel's cash-in clearing account); then the rows the data pages read: the cash-in
 * transaction, the incoming hold, the VA bill (VA) or the paid code, and the callback to send.
 */
import { isTransferOk, type TransferInput } from '@gerbang/ledger';
import { wibDate } from '@gerbang/shared';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import type { InboundPaymentNotification } from '../../rails';
import type { IncomingHoldsTable } from '../settlement/tables';
import { describedColumns } from '../transactions/descriptions';
import type { TransactionsTable } from '../transactions/tables';
import type { VaBillsTable } from '../virtual-account/tables';
import { type CallbackInput, queueCallback } from './callbacks';
import { newPayinTransactionId } from './ids';
import { ACCOUNT } from './ledger';
import type { PayinPrice } from './pricing';
import { daysBetween, settlementDate } from './schedule';
import type { PayinTarget } from './targets';

type Trx = Kysely<Database>;
type BookServices = Pick<Services, 'db' | 'now' | 'ledger'>;

/** The ledger ids of a payment's chain: derived from our transaction id (idempotency keys). */
export function payinTransferIds(idTransaksi: string) {
  return { net: `payin:${idTransaksi}:net`, fee: `payin:${idTransaksi}:fee` };
}

/** The chain of one payment: pure, so the demo seed can book history the same way. */
export function payinPostings(input: {
  idTransaksi: string;
  clearing: number;
  held: number;
  fees: number;
  amount: number;
  fee: number;
  description: string;
}): TransferInput[] {
  const ids = payinTransferIds(input.idTransaksi);
  const net: TransferInput = {
    id: ids.net,
    debitAccountId: input.clearing,
    creditAccountId: input.held,
    amount: input.amount - input.fee,
    kind: 'payin',
    reference: input.idTransaksi,
    description: input.description,
    flags: { linked: input.fee > 0 },
  };
  if (input.fee === 0) return [net];
  return [
    net,
    {
      id: ids.fee,
      debitAccountId: input.clearing,
      creditAccountId: input.fees,
      amount: input.fee,
      kind: 'payment_fee',
      reference: input.idTransaksi,
      description: `Fee ${input.description}`,
    },
  ];
}

/** The ledger accounts of a payment's chain. */
export interface PayinAccounts {
  clearing: number;
  held: number;
  fees: number;
}

/** What a booked payment writes; `vaBill.paid` is what an existing unpaid close-VA bill becomes. */
export interface PayinRows {
  postings: TransferInput[];
  transaction: Insertable<TransactionsTable>;
  hold: Insertable<IncomingHoldsTable>;
  vaBill: { paid: PaidBill; row: Insertable<VaBillsTable> } | null;
  callback: CallbackInput;
}

type PaidBill = Pick<
  Insertable<VaBillsTable>,
  | 'transaction_type'
  | 'payment_time'
  | 'amount'
  | 'amount_origin'
  | 'admin'
  | 'biller_reff'
  | 'id_transaksi'
>;

type Paid = Pick<InboundPaymentNotification, 'amount' | 'paidAt' | 'railReference'>;

/** What one checked payment is booked from: the target, its price, the rail's notice, at `now`. */
interface PayinBooking {
  target: PayinTarget;
  price: PayinPrice;
  n: Paid;
  idTransaksi: string;
  now: Date;
}

/**
 * Every row and the ledger chain of one checked payment, booked at `now`: pure, so the live
 * receiving transaction and the demo seed (which books ninety days of history in bulk) write the
 * same rows.
 */
export function payinRows(input: PayinBooking & { accounts: PayinAccounts }): PayinRows {
  const { target, price, n, idTransaksi, accounts } = input;
  const postings = payinPostings({
    idTransaksi,
    clearing: accounts.clearing,
    held: accounts.held,
    fees: accounts.fees,
    amount: n.amount,
    fee: price.fee,
    description: `${target.productName} ${paidToOf(target) ?? ''}`.trim(),
  });
  return {
    postings,
    transaction: payinTransaction(input),
    hold: payinHold(input),
    vaBill: payinVaBill(input),
    callback: payinCallback(input),
  };
}

/** Where the payer paid: the VA number or the paid code. */
function paidToOf(target: PayinTarget): string | null {
  return target.va?.number ?? target.code?.code ?? null;
}

/** The cash-in row the transaction pages read. */
function payinTransaction({
  target,
  price,
  n,
  idTransaksi,
  now,
}: PayinBooking): Insertable<TransactionsTable> {
  return {
    id_transaksi: idTransaksi,
    agent_id: target.agentId,
    environment: target.environment,
    user_id: null,
    kind: price.channel.kind,
    jenis_produk: 'IPG',
    jenis_trx: 'CASH IN',
    jenis_transaksi: 1,
    status_trx: 'SUCCESS',
    time_request: n.paidAt,
    transaction_date: wibDate(n.paidAt),
    time_completed: now,
    invoicenumberext: target.partnerReff,
    partner_reff_va: target.partnerReff,
    nopelanggan1: paidToOf(target),
    nopelanggan2: target.customerRef,
    id_produk: price.channel.productCode,
    nama_produk: target.productName,
    nama_channel: price.channel.kind,
    kodebank: target.va?.bankCode ?? null,
    namabank: target.va?.bankName ?? price.channel.name,
    customername: target.customerName || null,
    nominal_origin: n.amount,
    nominal_admin: price.fee,
    response_code: '00',
    responsebiller: 'SUCCESS',
    ...describedColumns('descriptions.payment', { product: target.productName }),
    rail_reference: n.railReference,
    ledger_transfer_id: payinTransferIds(idTransaksi).net,
    created_at: now,
    updated_at: now,
  };
}

/** The incoming hold: the net amount waiting for its settlement date. */
function payinHold({
  target,
  price,
  n,
  idTransaksi,
  now,
}: PayinBooking): Insertable<IncomingHoldsTable> {
  const created = wibDate(n.paidAt);
  const settles = settlementDate(n.paidAt, price.channel.settlementDays);
  return {
    agent_id: target.agentId,
    environment: target.environment,
    id_transaksi: idTransaksi,
    partner_reff: target.partnerReff,
    addinfo1: target.customerRef,
    id_produk: price.channel.productCode,
    nama_produk: target.productName,
    nominal_origin: n.amount,
    hold_amount: n.amount - price.fee,
    date_created: now,
    created_date: created,
    days_settlement: daysBetween(created, settles),
    date_settlement: settles,
    is_sent: 0,
    ledger_transfer_id: payinTransferIds(idTransaksi).net,
  };
}

/** A VA payment's bill: what an unpaid close-VA bill becomes, or the new row of an open VA. */
function payinVaBill({ target, price, n, idTransaksi, now }: PayinBooking): PayinRows['vaBill'] {
  const va = target.va;
  if (!va) return null;
  const paid: PaidBill = {
    transaction_type: 1,
    payment_time: n.paidAt,
    amount: n.amount,
    amount_origin: n.amount - price.fee,
    admin: price.fee,
    biller_reff: n.railReference,
    id_transaksi: idTransaksi,
  };
  return {
    paid,
    row: {
      agent_id: target.agentId,
      environment: target.environment,
      kodebank: va.bankCode,
      namabank: va.bankName,
      virtual_account_no: va.number,
      bill_type: va.billType === 'open' ? ('o' as const) : ('c' as const),
      created_time: now,
      created_date: wibDate(now),
      customer_name: target.customerName,
      partner_reff: target.partnerReff,
      ...paid,
    },
  };
}

/** The merchant's payment callback. */
function payinCallback({ target, price, n, idTransaksi }: PayinBooking): CallbackInput {
  return {
    agentId: target.agentId,
    environment: target.environment,
    idTransaksi,
    type: 'payment',
    timeRequest: n.paidAt,
    body: {
      id_transaksi: idTransaksi,
      status: 'SUCCESS',
      channel: price.channel.code,
      paid_to: paidToOf(target) ?? undefined,
      partner_reff: target.partnerReff,
      amount: n.amount,
      fee: price.fee,
      hold_amount: n.amount - price.fee,
      paid_at: n.paidAt.toISOString(),
    },
  };
}

async function payinAccounts(
  services: BookServices,
  trx: Trx,
  target: PayinTarget,
  price: PayinPrice,
): Promise<PayinAccounts> {
  const [clearing, held, fees] = await services.ledger.ensureAccounts(
    [
      {
        kind: ACCOUNT.clearing,
        subkey: price.channel.clearingSubkey,
        environment: target.environment,
      },
      { kind: ACCOUNT.held, agentId: target.agentId, environment: target.environment },
      { kind: ACCOUNT.fees, environment: target.environment },
    ],
    { trx },
  );
  if (!clearing || !held || !fees) throw new Error('pay-in accounts missing');
  return { clearing: clearing.id, held: held.id, fees: fees.id };
}

/** A VA payment: the open bill of a close VA becomes paid; any other payment is a new bill row. */
async function writeVaBill(trx: Trx, target: PayinTarget, bill: NonNullable<PayinRows['vaBill']>) {
  const va = target.va;
  if (!va) return;
  const open = await trx
    .selectFrom('va_bills')
    .select('id')
    .where('environment', '=', target.environment)
    .where('kodebank', '=', va.bankCode)
    .where('virtual_account_no', '=', va.number)
    .where('transaction_type', '=', 0)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (va.billType === 'close' && open) {
    await trx.updateTable('va_bills').set(bill.paid).where('id', '=', open.id).execute();
  } else {
    await trx.insertInto('va_bills').values(bill.row).execute();
  }
  // A close VA is one bill: paid once, it takes no more payments.
  if (va.billType === 'close') {
    await trx.updateTable('virtual_accounts').set(PAID_CLOSE_VA).where('id', '=', va.id).execute();
  }
}

/** What a close VA becomes once paid. */
export const PAID_CLOSE_VA = { status: 0 } as const;

/** What a paid QRIS bill, retail code or checkout reference becomes. */
export function paidCode(n: Pick<Paid, 'paidAt'>, idTransaksi: string) {
  return { status: 1, paid_at: n.paidAt, id_transaksi: idTransaksi };
}

/** Books a checked payment; answers our transaction id. */
export async function bookHeldPayment(
  services: BookServices,
  trx: Trx,
  target: PayinTarget,
  price: PayinPrice,
  n: InboundPaymentNotification,
): Promise<string> {
  const now = services.now();
  const idTransaksi = await newPayinTransactionId(services, trx, now);
  const accounts = await payinAccounts(services, trx, target, price);
  const rows = payinRows({ target, price, n, idTransaksi, now, accounts });
  const results = await services.ledger.createTransfers(rows.postings, { trx });
  if (!results.every(isTransferOk)) {
    throw new Error(`ledger refused a pay-in: ${results.map((r) => r.result).join(', ')}`);
  }
  await trx.insertInto('transactions').values(rows.transaction).execute();
  await trx.insertInto('incoming_holds').values(rows.hold).execute();
  if (rows.vaBill) await writeVaBill(trx, target, rows.vaBill);
  if (target.code) {
    await trx
      .updateTable('payin_codes')
      .set(paidCode(n, idTransaksi))
      .where('id', '=', target.code.id)
      .execute();
  }
  await queueCallback(trx, now, rows.callback);
  return idTransaksi;
}
