/**
 * Domestic transfer orders (spec 02 §2.2, §3, §4, §7 `order_create`, `confirm_order`, the order
 * detail): service functions with plain inputs; routes only translate.
 *
 *   createOrder: replay by client key → channel → lines against their inquiries → voucher (read)
 *     → issue the instrument through the pay-in block → ONE transaction: order, lines, voucher use
 *     (voucher re-checked under its row lock; inquiry and client key unique) → answer the order.
 *   The pay-in block marks the order PAID when its instrument is paid; disburse.ts sends the lines.
 */
import { randomInt } from 'node:crypto';
import { formatWibDateTime, wibParts } from '@gerbang/shared';
import {
  displayStatus,
  type OrderCreateRequest,
  type OrderListItem,
  orderTotal,
  TRANSFER_LIMITS,
  type TransferOrder,
} from '@gerbang/shared/contract/transfer';
import { normaliseAccountNumber } from '@gerbang/shared/contract/withdraw';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound, refused, validationError } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit/audit';
import type { InboundPaymentNotification } from '../../rails';
import { claimUniqueTotal } from '../payins/expected-totals';
import { issuePayinCode, issueVirtualAccount } from '../payins/issue';
import { orderReff } from '../payins/orders';
import { receivePayment } from '../payins/receive';
import { END_USER, type PricedChannel, resolveChannel } from './channels';
import { assertSameOrderRequest } from './order-replay';
import { transferOrderRow } from './rows';
import { LINE_STATUS, type TransferOrderLinesTable, type TransferOrdersTable } from './tables';
import { claimVoucher } from './vouchers';

type OrderRow = Selectable<TransferOrdersTable>;
type LineRow = Selectable<TransferOrderLinesTable>;
type InquiryRow = Selectable<Database['withdraw_inquiries']>;
type OrderInput = {
  id_channel: string;
  description: string;
  username: string;
  kode_voucher: string;
  client_key: string;
  list_order: Array<{
    account_number: string;
    bank_code: string;
    amount: number;
    remark: string;
    id_inquiry: string;
  }>;
};

export type { OrderCreateRequest };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const ORDER_ID_ATTEMPTS = 3;

/** A unique violation on the order's own id (two orders drew the same random digits). */
function isOrderIdTaken(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === 'transfer_orders_pkey';
}

/** TRF + WIB yymmddHHMMSS + 5 random digits. */
function newOrderId(now: Date): string {
  const p = wibParts(now);
  const stamp = `${String(p.year).slice(2)}${pad(p.month)}${pad(p.day)}${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
  return `TRF${stamp}${pad(randomInt(0, 100_000), 5)}`;
}

async function findByClientKey(services: Services, actor: UserActor, key: string) {
  return services.db
    .selectFrom('transfer_orders')
    .selectAll()
    .where('agent_id', '=', actor.auth.agent.id)
    .where('environment', '=', actor.auth.environment)
    .where('client_key', '=', key)
    .executeTakeFirst();
}

/** The first order of a client key, for a repeat of the same request only (else 409). */
async function replayAnswer(
  services: Services,
  first: Selectable<TransferOrdersTable>,
  input: OrderInput,
): Promise<TransferOrder> {
  await assertSameOrderRequest(services.db, first, input);
  return orderAnswer(services, first);
}

/** Each line must match its domestic inquiry: this user's, same destination and amount, fresh. */
async function checkLines(
  services: Services,
  actor: UserActor,
  input: OrderInput,
): Promise<InquiryRow[]> {
  const now = services.now();
  const ids = input.list_order.map((line) => line.id_inquiry);
  if (new Set(ids).size !== ids.length) throw refused('transfer.inquiryUsed');
  const rows = await services.db
    .selectFrom('withdraw_inquiries')
    .selectAll()
    .where('agent_id', '=', actor.auth.agent.id)
    .where('environment', '=', actor.auth.environment)
    .where('user_id', '=', actor.auth.user.id)
    .where('type_inq', '=', 'domestic')
    .where('id_transaksi', 'in', ids)
    .execute();
  const usedIds = await usedInquiries(
    services.db,
    rows.map((r) => r.id),
    now,
  );
  return input.list_order.map((line) => {
    const inquiry = rows.find((r) => r.id_transaksi === line.id_inquiry);
    if (!inquiry) throw notFound('transfer.inquiryNotFound');
    const sameBank = line.bank_code.trim().toUpperCase() === inquiry.code.toUpperCase();
    const sameNumber = normaliseAccountNumber(line.account_number) === inquiry.account_number;
    if (!sameBank || !sameNumber || line.amount !== inquiry.amount) {
      throw validationError('transfer.lineMismatch');
    }
    if (new Date(inquiry.expires_at).getTime() <= now.getTime()) {
      throw refused('transfer.inquiryExpired');
    }
    if (usedIds.has(inquiry.id) || inquiry.paid_at) throw refused('transfer.inquiryUsed');
    return inquiry;
  });
}

/**
 * Inquiries already on a live order: paid, or NEW and not expired. A cancelled ("change method")
 * or expired unpaid order gives its inquiries back.
 */
async function usedInquiries(db: Kysely<Database>, ids: number[], now: Date): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const used = await db
    .selectFrom('transfer_order_lines as l')
    .innerJoin('transfer_orders as o', 'o.id', 'l.order_id')
    .select('l.inquiry_id')
    .where('l.inquiry_id', 'in', ids)
    .where((eb) => eb.or([eb('o.status', '<>', 'NEW'), eb('o.time_expired', '>', now)]))
    .execute();
  return new Set(used.map((u) => Number(u.inquiry_id)));
}

interface Instrument {
  payNumber: string;
  payAccountName: string;
  qrisPayload: string | null;
  uniqueAmount: number;
  /** Undo when the order is not written after all. */
  cancel: () => Promise<void>;
}

/**
 * Unique codes of open expectations on this account written without a claim (rows from before
 * migration 0103, seeded ones): open manual orders and open top-ups with a total in the range.
 */
async function unclaimedCodes(
  trx: Kysely<Database>,
  environment: OrderRow['environment'],
  payNumber: string,
  base: number,
  now: Date,
): Promise<number[]> {
  const min = base + TRANSFER_LIMITS.uniqueCodeMin;
  const max = base + TRANSFER_LIMITS.uniqueCodeMax;
  const orders = await trx
    .selectFrom('transfer_orders')
    .select('total_amount as total')
    .where('environment', '=', environment)
    .where('channel_kind', '=', 'TRANSFER')
    .where('pay_number', '=', payNumber)
    .where('status', '=', 'NEW')
    .where('time_expired', '>', now)
    .where('total_amount', '>=', min)
    .where('total_amount', '<=', max)
    .execute();
  const deposits = await trx
    .selectFrom('deposits')
    .select('nominal_unik as total')
    .where('environment', '=', environment)
    .where('norekening', '=', payNumber)
    .where('kind', '=', 'topup')
    .where('status', '=', 0)
    .where('nominal_unik', '>=', min)
    .where('nominal_unik', '<=', max)
    .execute();
  return [...orders, ...deposits].map((r) => Number(r.total) - base);
}

/** What the payer pays, issued through the pay-in block for the exact total. */
async function issueInstrument(
  services: Services,
  actor: UserActor,
  input: { orderId: string; channel: PricedChannel; total: number; expiresAt: Date },
): Promise<Instrument> {
  const { channel, total, expiresAt, orderId } = input;
  const owner = { agentId: actor.auth.agent.id, environment: actor.auth.environment };
  const partnerReff = orderReff('transfer_order', orderId);
  const def = channel.def;
  if (def.kind === 'VA') {
    const va = await issueVirtualAccount(services, owner, {
      bankCode: def.code,
      kind: 'close',
      customerName: actor.auth.user.nama || actor.auth.agent.nama_agen,
      amount: total,
      expiresAt,
      partnerReff,
    });
    return {
      payNumber: va.vaNumber,
      payAccountName: actor.auth.user.nama || actor.auth.agent.nama_agen,
      qrisPayload: null,
      uniqueAmount: 0,
      cancel: async () => {
        await services.db
          .updateTable('virtual_accounts')
          .set({ status: 0 })
          .where('environment', '=', owner.environment)
          .where('va_number', '=', va.vaNumber)
          .execute();
      },
    };
  }
  if (def.kind === 'QRIS' || def.kind === 'RETAIL') {
    const code = await issuePayinCode(services, owner, {
      channelCode: def.code,
      amount: total,
      expiresAt,
      partnerReff,
      customerName: actor.auth.user.nama,
    });
    return {
      payNumber: code.code,
      payAccountName: def.name,
      qrisPayload: code.payload,
      uniqueAmount: 0,
      cancel: async () => {
        await services.db
          .updateTable('payin_codes')
          .set({ status: 2 })
          .where('environment', '=', owner.environment)
          .where('code', '=', code.code)
          .execute();
      },
    };
  }
  const account = def.account;
  if (!account) throw new Error(`manual channel ${def.id} has no account`);
  // The unique code is claimed with the order, in its transaction (claimUniqueTotal).
  return {
    payNumber: account.number,
    payAccountName: account.name,
    qrisPayload: null,
    uniqueAmount: 0,
    cancel: async () => {},
  };
}

/**
 * POST transaction/order_create. Idempotent on `client_key`: a repeat (even a concurrent one)
 * answers the first order and creates nothing; another request under the same key answers 409.
 */
export async function createOrder(
  services: Services,
  actor: UserActor,
  input: OrderInput,
): Promise<TransferOrder> {
  const earlier = await findByClientKey(services, actor, input.client_key);
  if (earlier) return replayAnswer(services, earlier, input);
  try {
    // An order id is the WIB second plus 5 random digits: orders made in the same second may draw
    // the same one. The loser's transaction rolled back, so it simply goes again with a new id.
    for (let attempt = 1; ; attempt++) {
      try {
        return await createNewOrder(services, actor, input);
      } catch (error) {
        if (!isOrderIdTaken(error) || attempt >= ORDER_ID_ATTEMPTS) throw error;
      }
    }
  } catch (error) {
    // A concurrent submit with the same client key may have won between our first look and any
    // refusal (its inquiries are then used): answer its order.
    const first = await findByClientKey(services, actor, input.client_key);
    if (first) return replayAnswer(services, first, input);
    throw error;
  }
}

async function createNewOrder(
  services: Services,
  actor: UserActor,
  input: OrderInput,
): Promise<TransferOrder> {
  const plan = await planOrder(services, actor, input);
  const instrument = await issueInstrument(services, actor, {
    orderId: plan.orderId,
    channel: plan.channel,
    total: plan.base,
    expiresAt: plan.expiresAt,
  });
  try {
    const row = await services.db
      .transaction()
      .execute((trx) => recordOrder(trx, actor, input, plan, instrument));
    return orderAnswer(services, row);
  } catch (error) {
    await instrument.cancel();
    // A concurrent submit with the same client key won: answer its order.
    const first = await findByClientKey(services, actor, input.client_key);
    if (first) return replayAnswer(services, first, input);
    if ((error as { code?: string }).code === '23505' && !isOrderIdTaken(error)) {
      throw refused('transfer.inquiryUsed');
    }
    throw error;
  }
}

type OrderPlan = Awaited<ReturnType<typeof planOrder>>;

/** Guards and totals, before anything is issued: channel, voucher rights, lines, the base total. */
async function planOrder(services: Services, actor: UserActor, input: OrderInput) {
  const channel = await resolveChannel(services.db, actor, input.id_channel);
  const voucherCode = input.kode_voucher.trim().toUpperCase();
  if (voucherCode && actor.auth.agent.user_type === END_USER) {
    throw refused('transfer.voucherNotAllowed');
  }
  const inquiries = await checkLines(services, actor, input);
  const nominal = inquiries.reduce((sum, i) => sum + Number(i.amount), 0);
  const fees = channel.adminFee + channel.serviceFee;
  // Read first (cheap refusal before anything is issued); claimed again under its lock below.
  const voucher = voucherCode
    ? await services.db
        .transaction()
        .execute((trx) => claimVoucher(trx, actor, voucherCode, services.now()))
    : null;
  // A voucher lowers the fees and the nominal, never the total below Rp 1.
  const voucherAmount = voucher ? Math.min(voucher.nominal, nominal + fees - 1) : 0;
  const base = orderTotal({
    nominal,
    adminFee: channel.adminFee,
    serviceFee: channel.serviceFee,
    voucher: voucherAmount,
    unique: 0,
  });
  const now = services.now();
  const expiresAt = new Date(now.getTime() + TRANSFER_LIMITS.orderTtlMs);
  return {
    channel,
    voucherCode,
    inquiries,
    nominal,
    voucherAmount,
    base,
    now,
    expiresAt,
    orderId: newOrderId(now),
  };
}

/**
 * The order in one transaction: its inquiries locked and unused, the voucher and the unique total
 * claimed, the order, its lines, the voucher use and the audit row.
 */
async function recordOrder(
  trx: Transaction<Database>,
  actor: UserActor,
  input: OrderInput,
  plan: OrderPlan,
  instrument: Instrument,
): Promise<OrderRow> {
  const { now, inquiries, voucherCode } = plan;
  // Concurrent orders of the same inquiries queue here; the second finds them used.
  const inquiryIds = inquiries.map((i) => i.id);
  await trx
    .selectFrom('withdraw_inquiries')
    .select('id')
    .where('id', 'in', inquiryIds)
    .orderBy('id')
    .forUpdate()
    .execute();
  if ((await usedInquiries(trx, inquiryIds, now)).size > 0) throw refused('transfer.inquiryUsed');
  const claimed = voucherCode ? await claimVoucher(trx, actor, voucherCode, now) : null;
  const unique = await uniqueCodeOf(trx, actor, plan, instrument);
  if (unique === null) throw refused('transfer.noUniqueCode');
  const order = await trx
    .insertInto('transfer_orders')
    .values(
      orderRow(
        {
          actor,
          input,
          orderId: plan.orderId,
          now,
          expiresAt: plan.expiresAt,
          channel: plan.channel,
          inquiries,
          instrument: { ...instrument, uniqueAmount: unique },
        },
        {
          nominal: plan.nominal,
          voucherCode: claimed ? voucherCode : '',
          voucherAmount: plan.voucherAmount,
          total: plan.base + unique,
        },
      ),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('transfer_order_lines')
    .values(inquiries.map((inquiry, i) => lineRow(order, inquiry, i + 1, input)))
    .execute();
  if (claimed) {
    await trx
      .insertInto('voucher_uses')
      .values({
        voucher_id: claimed.id,
        user_id: actor.auth.user.id,
        order_id: order.id,
        created_at: now,
      })
      .execute();
  }
  await auditCreate(trx, actor, now, order);
  return order;
}

/** A manual transfer's unique code (0 for other channels; null when none is free). */
async function uniqueCodeOf(
  trx: Transaction<Database>,
  actor: UserActor,
  plan: OrderPlan,
  instrument: Instrument,
): Promise<number | null> {
  if (plan.channel.def.kind !== 'TRANSFER') return 0;
  const environment = actor.auth.environment;
  return claimUniqueTotal(trx, {
    environment,
    accountNumber: instrument.payNumber,
    base: plan.base,
    minCode: TRANSFER_LIMITS.uniqueCodeMin,
    maxCode: TRANSFER_LIMITS.uniqueCodeMax,
    taken: await unclaimedCodes(trx, environment, instrument.payNumber, plan.base, plan.now),
    source: { kind: 'transfer_order', id: plan.orderId },
    expiresAt: plan.expiresAt,
    now: plan.now,
  });
}

function orderRow(
  ctx: {
    actor: UserActor;
    input: OrderInput;
    orderId: string;
    now: Date;
    expiresAt: Date;
    channel: PricedChannel;
    inquiries: InquiryRow[];
    instrument: Instrument;
  },
  money: { nominal: number; voucherCode: string; voucherAmount: number; total: number },
): Insertable<TransferOrdersTable> {
  const { actor, input, channel, inquiries, instrument, now } = ctx;
  const first = inquiries[0] as InquiryRow;
  return transferOrderRow({
    id: ctx.orderId,
    agentId: actor.auth.agent.id,
    environment: actor.auth.environment,
    userId: actor.auth.user.id,
    username: actor.auth.user.username,
    clientKey: input.client_key,
    description: input.description,
    now,
    expiresAt: ctx.expiresAt,
    first: {
      accountName: first.account_name,
      accountNumber: first.account_number,
      bankCode: first.code,
      bankName: first.product_name,
    },
    lineCount: inquiries.length,
    channel,
    instrument,
    money,
  });
}

/** A line's transaction id: the order's id and the line number (unique, `transactions.id_transaksi`). */
export function lineTransactionId(orderId: string, lineNo: number): string {
  return `${orderId}-${pad(lineNo, 3)}`;
}

function lineRow(
  order: OrderRow,
  inquiry: InquiryRow,
  lineNo: number,
  input: OrderInput,
): Insertable<TransferOrderLinesTable> {
  const line = input.list_order[lineNo - 1];
  return {
    order_id: order.id,
    agent_id: order.agent_id,
    environment: order.environment,
    line_no: lineNo,
    inquiry_id: inquiry.id,
    // Its own id: an inquiry given back by a cancelled or expired order may serve another order.
    id_transaksi: lineTransactionId(order.id, lineNo),
    rail: inquiry.kind,
    rail_code: inquiry.rail_code,
    account_type: inquiry.account_type,
    bank_code: inquiry.code,
    bank_name: inquiry.product_name,
    account_number: inquiry.account_number,
    account_name: inquiry.account_name,
    amount: inquiry.amount,
    remark: line?.remark || inquiry.note,
  };
}

async function auditCreate(
  trx: Transaction<Database>,
  actor: UserActor,
  now: Date,
  order: OrderRow,
) {
  await writeAudit(trx, {
    at: now,
    agentId: actor.auth.agent.id,
    userId: actor.auth.user.id,
    username: actor.auth.user.username,
    action: 'transfer_order_create',
    target: order.id,
    detail: {
      channel: order.channel_id,
      lines: order.line_count,
      total: Number(order.total_amount),
      voucher: order.kode_voucher || null,
    },
    ip: actor.ip,
    userAgent: actor.userAgent,
    environment: actor.auth.environment,
  });
}

/**
 * The order of this agent (made by any of its users, TRANSFER_ACCESS.page), or not found (another
 * agent's id answers the same).
 */
export async function ownOrder(
  services: Services,
  actor: UserActor,
  id: string,
): Promise<OrderRow> {
  const row = await services.db
    .selectFrom('transfer_orders')
    .selectAll()
    .where('id', '=', id)
    .where('agent_id', '=', actor.auth.agent.id)
    .where('environment', '=', actor.auth.environment)
    .executeTakeFirst();
  if (!row) throw notFound('transfer.orderNotFound');
  return row;
}

const logoUrl = (code: string) => `/api/transaction/bank_logo/${encodeURIComponent(code)}`;

/** Spec 02 §3 "transfer order" of a row and its lines. */
export async function orderAnswer(services: Services, order: OrderRow): Promise<TransferOrder> {
  const lines: LineRow[] = await services.db
    .selectFrom('transfer_order_lines')
    .selectAll()
    .where('order_id', '=', order.id)
    .orderBy('line_no')
    .execute();
  const extras = await lineExtras(services, lines);
  const inquiryIds = lines.map((l) => l.inquiry_id);
  const inquiries =
    inquiryIds.length === 0
      ? []
      : await services.db
          .selectFrom('withdraw_inquiries')
          .select(['id', 'id_transaksi'])
          .where('id', 'in', inquiryIds)
          .execute();
  const inquiryRef = new Map(inquiries.map((i) => [Number(i.id), i.id_transaksi]));
  const now = services.now();
  const expired = new Date(order.time_expired);
  // Demo-history orders carry no channel: shown as a VA order without an instrument.
  const kind = order.channel_kind ?? 'VA';
  return {
    id_order: order.id,
    status: displayStatus(order.status, expired, now),
    time_created: new Date(order.time_created).toISOString(),
    time_payment: order.paid_at ? new Date(order.paid_at).toISOString() : null,
    time_completed: order.completed_at ? new Date(order.completed_at).toISOString() : null,
    expired: expired.toISOString(),
    expired_str: formatWibDateTime(expired),
    is_confirm_transfer: order.is_confirm_transfer,
    description: order.description,
    amount: Number(order.amount),
    feeamount: Number(order.fee_admin),
    service_fee: Number(order.service_fee),
    kode_voucher: order.kode_voucher,
    voucher_amount: Number(order.voucher_amount),
    payment_amount: Number(order.total_amount),
    returned_amount: lines.reduce((sum, l) => sum + (l.refunded_at ? Number(l.amount) : 0), 0),
    channel: {
      id: order.channel_id ?? '',
      channel_name: order.channel_name,
      kind,
      channel_type: kind === 'TRANSFER' ? 'TRANSFER' : 'VA',
      code: order.channel_code,
      virtual_account_number: kind === 'TRANSFER' ? '' : order.pay_number,
      account_number: order.pay_number,
      account_number_name: order.pay_account_name,
      total_amount: Number(order.total_amount),
      unique_amount: Number(order.unique_amount),
      url_image: logoUrl(order.channel_code),
      qris_payload: order.qris_payload,
    },
    list_order: lines.map((line) => ({
      id_inquiry: inquiryRef.get(Number(line.inquiry_id)) ?? line.id_transaksi,
      account_name: line.account_name,
      account_number: line.account_number,
      bank_code: line.bank_code,
      bank_name: line.bank_name,
      amount: Number(line.amount),
      fee_amount: 0,
      service_fee: 0,
      token_code: extras.get(line.id)?.token ?? null,
      note: line.remark,
      url_image: logoUrl(line.bank_code),
      status:
        line.status === LINE_STATUS.onProcess && extras.get(line.id)?.queued
          ? LINE_STATUS.queue
          : line.status,
    })),
  };
}

/**
 * What the lines' transaction rows add: a retail pickup code, and -1 Queue for a line the bank
 * queued during its 23:00–06:00 WIB downtime.
 */
async function lineExtras(
  services: Services,
  lines: LineRow[],
): Promise<Map<number, { token: string | null; queued: boolean }>> {
  const ids = lines.flatMap((l) => (l.transaction_id ? [l.transaction_id] : []));
  if (ids.length === 0) return new Map();
  const rows = await services.db
    .selectFrom('transactions')
    .select(['id', 'token_code', 'response_code'])
    .where('id', 'in', ids)
    .execute();
  const byTrx = new Map(rows.map((r) => [Number(r.id), r]));
  const out = new Map<number, { token: string | null; queued: boolean }>();
  for (const line of lines) {
    const row = line.transaction_id ? byTrx.get(Number(line.transaction_id)) : undefined;
    if (row) {
      out.set(line.id, {
        token: row.token_code,
        queued: row.response_code === 'QUEUED_BANK_DOWNTIME',
      });
    }
  }
  return out;
}

/** The agent's orders, newest first (the `/transaction/transfer` page; TRANSFER_ACCESS.page). */
export async function listOrders(
  services: Services,
  actor: UserActor,
  page: { offset: number; limit: number },
): Promise<OrderListItem[]> {
  const now = services.now();
  const rows = await services.db
    .selectFrom('transfer_orders')
    .selectAll()
    .where('agent_id', '=', actor.auth.agent.id)
    .where('environment', '=', actor.auth.environment)
    .orderBy('time_created', 'desc')
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const sent = await sentLineCounts(
    services,
    rows.map((o) => o.id),
  );
  return rows.map((o) => ({
    id_order: o.id,
    status: displayStatus(o.status, new Date(o.time_expired), now),
    time_created: new Date(o.time_created).toISOString(),
    expired: new Date(o.time_expired).toISOString(),
    channel_name: o.channel_name,
    account_name: o.account_name,
    account_number: o.account_number,
    lines: o.line_count,
    sent_lines: sent.get(o.id) ?? 0,
    payment_amount: Number(o.total_amount) || Number(o.amount) + Number(o.fee_admin),
  }));
}

/** How many lines of each order the bank accepted: a failed order with some is partly sent. */
async function sentLineCounts(
  services: Services,
  orderIds: string[],
): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const counts = await services.db
    .selectFrom('transfer_order_lines')
    .select(['order_id', (eb) => eb.fn.countAll<string>().as('sent')])
    .where('order_id', 'in', orderIds)
    .where('status', '=', LINE_STATUS.success)
    .groupBy('order_id')
    .execute();
  return new Map(counts.map((c) => [c.order_id, Number(c.sent)]));
}

/**
 * POST transaction/confirm_order: "I have paid" for a manual transfer, while the order waits for
 * its money. Once confirmed, it stays confirmed (a repeat answers the same).
 */
export async function confirmOrder(
  services: Services,
  actor: UserActor,
  input: { id_order: string },
): Promise<TransferOrder> {
  const order = await ownOrder(services, actor, input.id_order);
  if (order.channel_kind !== 'TRANSFER') throw refused('transfer.confirmManualOnly');
  const now = services.now();
  if (order.status !== 'NEW') return orderAnswer(services, order);
  if (new Date(order.time_expired).getTime() <= now.getTime()) {
    throw refused('transfer.orderExpired');
  }
  const row = await services.db
    .updateTable('transfer_orders')
    .set({ is_confirm_transfer: true, confirmed_at: now })
    .where('id', '=', order.id)
    .where('is_confirm_transfer', '=', false)
    .returningAll()
    .executeTakeFirst();
  if (row) {
    await writeAudit(services.db, {
      at: now,
      agentId: actor.auth.agent.id,
      userId: actor.auth.user.id,
      username: actor.auth.user.username,
      action: 'transfer_order_confirm',
      target: order.id,
      detail: { total: Number(order.total_amount) },
      ip: actor.ip,
      userAgent: actor.userAgent,
      environment: actor.auth.environment,
    });
  }
  await checkManualTransfer(services, order);
  return orderAnswer(services, await ownOrder(services, actor, order.id));
}

/**
 * Asks the bank (the rail's statement check) whether the order's exact total reached its account
 * since the order was made; each transfer found goes through the ordinary receive path, which is
 * idempotent on the bank's reference and moves the order NEW → PAID once. A rail that does not
 * answer leaves the order waiting for the bank's own notification.
 */
async function checkManualTransfer(services: Services, order: OrderRow): Promise<void> {
  let found: readonly InboundPaymentNotification[];
  try {
    found = await services.rails.inboundTransfers.check({
      environment: order.environment,
      accountNumber: order.pay_number,
      amount: Number(order.total_amount),
      since: new Date(order.time_created),
      now: services.now(),
    });
  } catch {
    return;
  }
  for (const notification of found) {
    await receivePayment(services, notification);
    const now = await services.db
      .selectFrom('transfer_orders')
      .select('status')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    if (now.status !== 'NEW') return;
  }
}

export type { Kysely };

/**
 * POST transaction/order_cancel ("change method", spec 02 §4): a NEW order stops waiting now — it
 * shows EXPIRED, its VA or code takes no money, and its voucher use is given back.
 */
export async function cancelOrder(
  services: Services,
  actor: UserActor,
  input: { id_order: string },
): Promise<TransferOrder> {
  const order = await ownOrder(services, actor, input.id_order);
  const now = services.now();
  if (order.status !== 'NEW' || new Date(order.time_expired).getTime() <= now.getTime()) {
    return orderAnswer(services, order);
  }
  const reff = orderReff('transfer_order', order.id);
  const row = await services.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('transfer_orders')
      .set({ time_expired: now, cancelled_at: now })
      .where('id', '=', order.id)
      .where('status', '=', 'NEW')
      .where('cancelled_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!moved) return undefined;
    await trx
      .updateTable('virtual_accounts')
      .set({ status: 0, expired_at: now })
      .where('environment', '=', order.environment)
      .where('partner_reff_id', '=', reff)
      .where('status', '=', 1)
      .execute();
    await trx
      .updateTable('payin_codes')
      .set({ status: 2 })
      .where('environment', '=', order.environment)
      .where('partner_reff', '=', reff)
      .where('status', '=', 0)
      .execute();
    return moved;
  });
  return orderAnswer(services, row ?? (await ownOrder(services, actor, order.id)));
}
