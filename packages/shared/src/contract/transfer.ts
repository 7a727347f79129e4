import { z } from 'zod';
import { findBank } from '../domain/banks';
import { TRANSFER_ACCESS } from './access-rules';
import { parseAmount, withdrawFormSchema } from './withdraw';

/** Kept in the zod-free ./access-rules (the route table and menu load them without zod). */
export { TRANSFER_ACCESS };

/**
 * The domestic transfer calls (spec 02 §2.2, §2.6, §3, §4, §5, §7): a transfer is an order the
 * user pays through a payment channel (a closed VA, QRIS, a retail code or a manual bank transfer
 * with a unique code); once paid, Gerbang sends every line to its destination. Messages are
 * catalog keys. One entry per call: method, path, access rule and request schema, used by the
 * server's routes and the page.
 */

export const TRANSFER_LIMITS = {
  /** Spec 02 §9: domestic status polling. */
  statusPollMs: 3_000,
  /** Spec 02 §9 placeholder admin fee when the agent has no pricing for the channel. */
  defaultAdminFee: 2_500,
  uniqueCodeMin: 100,
  uniqueCodeMax: 999,
  /** How long a NEW order's instrument takes money. */
  orderTtlMs: 60 * 60 * 1000,
  linesMax: 20,
  descriptionMax: 255,
  remarkMax: 64,
  voucherCodeMax: 32,
  clientKeyMax: 64,
} as const;

/** Payment channels of an order (spec 02 §3 "payment channel"): channel_type VA or TRANSFER. */
export type TransferChannelKind = 'VA' | 'QRIS' | 'RETAIL' | 'TRANSFER';

export interface TransferChannelDef {
  /** The `id` the page sends as id_channel. */
  id: string;
  kind: TransferChannelKind;
  /** The pay-in channel code (bank code, QRIS, ALFAMART) or the receiving bank code. */
  code: string;
  name: string;
  serviceFee: number;
  /** Product code of the agent's pricing row that overrides the admin fee. */
  productCode: string;
  /** Manual transfer: the provider's receiving account. */
  account?: { number: string; name: string };
}

const COMPANY = 'PT GERBANG PEMBAYARAN NUSANTARA';
const vaChannel = (code: string): TransferChannelDef => ({
  id: `VA${code}`,
  kind: 'VA',
  code,
  name: `Virtual Account ${findBank(code)?.namabank ?? code}`,
  serviceFee: 0,
  productCode: `TRFVA${code}`,
});
const manualChannel = (code: string, number: string): TransferChannelDef => ({
  id: `TRF${code}`,
  kind: 'TRANSFER',
  code,
  name: `Transfer ${findBank(code)?.namabank ?? code}`,
  serviceFee: 0,
  productCode: `TRFMANUAL${code}`,
  account: { number, name: COMPANY },
});

/** The channel catalog the method step lists (demo values). */
export const TRANSFER_CHANNELS: readonly TransferChannelDef[] = Object.freeze([
  ...['014', '008', '009', '002', '013', '022', '011'].map(vaChannel),
  {
    id: 'QRIS',
    kind: 'QRIS',
    code: 'QRIS',
    name: 'QRIS',
    serviceFee: 1_000,
    productCode: 'TRFQRIS',
  },
  {
    id: 'ALFAMART',
    kind: 'RETAIL',
    code: 'ALFAMART',
    name: 'Alfamart',
    serviceFee: 2_500,
    productCode: 'TRFALFAMART',
  },
  manualChannel('014', '8720155577'),
  manualChannel('008', '1230009871111'),
]);

export function findTransferChannel(id: string): TransferChannelDef | undefined {
  return TRANSFER_CHANNELS.find((c) => c.id === id);
}

const required = (key: string) => z.string({ error: key }).trim().min(1, { error: key });
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'common.errors.invalidInput' })
    .optional()
    .default('')
    .or(z.null().transform(() => ''));

/** GET transaction/channel_payment. */
export const channelPaymentQuery = z.object({
  id_transaksi: z.string().trim().max(64).optional().default(''),
});

/** One line of an order: it must match its inquiry. */
export const orderLine = z.object({
  account_number: required('transfer.lineMismatch').max(24, { error: 'transfer.lineMismatch' }),
  bank_code: required('transfer.lineMismatch').max(24, { error: 'transfer.lineMismatch' }),
  amount: z.preprocess(
    parseAmount,
    z.number({ error: 'withdraw.enterAmount' }).int().positive({ error: 'withdraw.enterAmount' }),
  ),
  remark: text(TRANSFER_LIMITS.remarkMax),
  id_inquiry: required('transfer.inquiryNotFound').max(64, { error: 'transfer.inquiryNotFound' }),
});

/** POST transaction/order_create. `client_key` makes a repeated submit answer the same order. */
export const orderCreateRequest = z.object({
  id_channel: required('transfer.selectChannel').max(32, { error: 'transfer.unknownChannel' }),
  description: text(TRANSFER_LIMITS.descriptionMax),
  username: text(100),
  kode_voucher: text(TRANSFER_LIMITS.voucherCodeMax),
  list_order: z
    .array(orderLine, { error: 'transfer.noLines' })
    .min(1, { error: 'transfer.noLines' })
    .max(TRANSFER_LIMITS.linesMax, { error: 'transfer.tooManyLines' }),
  client_key: required('transfer.clientKeyRequired').max(TRANSFER_LIMITS.clientKeyMax, {
    error: 'transfer.clientKeyRequired',
  }),
});
export type OrderCreateRequest = z.input<typeof orderCreateRequest>;

/** POST transaction/confirm_order. */
export const confirmOrderRequest = z.object({
  username: text(100),
  id_order: required('transfer.orderNotFound').max(64, { error: 'transfer.orderNotFound' }),
});

/** GET the order-detail call. */
export const orderDetailQuery = z.object({
  id_order: required('transfer.orderNotFound').max(64, { error: 'transfer.orderNotFound' }),
});

export const orderListQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────

const channelKind = z.enum(['VA', 'QRIS', 'RETAIL', 'TRANSFER']);

/** Spec 02 §3 "payment channel" as the method step lists it. */
export const paymentChannel = z.object({
  id: z.string(),
  namaChannel: z.string(),
  codeChannel: z.string(),
  url_image: z.string(),
  admin_fee: z.number(),
  service_fee: z.number(),
  text_help: z.string(),
  channel_type: z.enum(['VA', 'TRANSFER']),
  /**
   * Spec 02 §3 "payment channel": the holder of the account the payer transfers to — the
   * provider's receiving account for a manual transfer; '' where the number is issued per order
   * (VA, QRIS, retail: the order's channel carries it then).
   */
  account_number_name: z.string(),
  kind: channelKind,
});
export type PaymentChannel = z.infer<typeof paymentChannel>;

/** Spec 02 §3 "voucher". */
export const voucherItem = z.object({
  voucher_kode: z.string(),
  voucher_keterangan: z.string(),
  voucher_nominal: z.number(),
  valid_until: z.string(),
  uses_left: z.number(),
});
export type VoucherItem = z.infer<typeof voucherItem>;

export const transferPurpose = z.object({ id: z.number(), name: z.string() });
export type TransferPurpose = z.infer<typeof transferPurpose>;

export type OrderStatus = 'NEW' | 'PAID' | 'PROCESS_COMPLETED' | 'COMPLETED' | 'FAILED';
/** What the page shows: a NEW order past its expiry is EXPIRED. */
const orderDisplayStatus = z.enum([
  'NEW',
  'PAID',
  'PROCESS_COMPLETED',
  'COMPLETED',
  'FAILED',
  'EXPIRED',
]);
export type OrderDisplayStatus = z.infer<typeof orderDisplayStatus>;

/** Spec 02 §3 "transfer order", plus the order info. */
export const transferOrder = z.object({
  id_order: z.string(),
  status: orderDisplayStatus,
  time_created: z.string(),
  time_payment: z.string().nullable(),
  time_completed: z.string().nullable(),
  expired: z.string(),
  expired_str: z.string(),
  is_confirm_transfer: z.boolean(),
  description: z.string(),
  amount: z.number(),
  feeamount: z.number(),
  service_fee: z.number(),
  kode_voucher: z.string(),
  voucher_amount: z.number(),
  payment_amount: z.number(),
  /** What the failed lines gave back to the balance (each once, after the line failed). */
  returned_amount: z.number(),
  channel: z.object({
    id: z.string(),
    channel_name: z.string(),
    kind: channelKind,
    channel_type: z.enum(['VA', 'TRANSFER']),
    code: z.string(),
    virtual_account_number: z.string(),
    account_number: z.string(),
    /** Spec 02 §3 "payment channel" `account_number_name`: the holder of `account_number`. */
    account_number_name: z.string(),
    total_amount: z.number(),
    unique_amount: z.number(),
    url_image: z.string(),
    qris_payload: z.string().nullable(),
  }),
  list_order: z.array(
    z.object({
      id_inquiry: z.string(),
      account_name: z.string(),
      account_number: z.string(),
      bank_code: z.string(),
      bank_name: z.string(),
      amount: z.number(),
      fee_amount: z.number(),
      service_fee: z.number(),
      token_code: z.string().nullable(),
      note: z.string(),
      url_image: z.string(),
      /** Spec 02 §4 disbursement detail statuses: -2 On Process, -1 Queue, 0 New, 1 Success, 2 Failed. */
      status: z.number(),
    }),
  ),
});
export type TransferOrder = z.infer<typeof transferOrder>;

export const orderListItem = z.object({
  id_order: z.string(),
  status: orderDisplayStatus,
  time_created: z.string(),
  expired: z.string(),
  channel_name: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  lines: z.number(),
  /** Lines the bank accepted: a FAILED order with some reads "partly sent". */
  sent_lines: z.number(),
  payment_amount: z.number(),
});
export type OrderListItem = z.infer<typeof orderListItem>;

/** The total of an order (spec 02 §9): nominal + admin fee + service fee − voucher (+ unique code). */
export function orderTotal(input: {
  nominal: number;
  adminFee: number;
  serviceFee: number;
  voucher: number;
  unique: number;
}): number {
  return input.nominal + input.adminFee + input.serviceFee - input.voucher + input.unique;
}

/** The display status (spec 02 §4): a NEW order past its expiry is EXPIRED. */
export function displayStatus(status: OrderStatus, expiresAt: Date, now: Date): OrderDisplayStatus {
  return status === 'NEW' && expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : status;
}

/** Spec 02 §5 rule 7 (domestic only): digits and hyphens only. */
export function isDomesticAccountNumber(value: string): boolean {
  return /^[\d-]+$/.test(value.trim()) && /\d/.test(value);
}

/**
 * The domestic transfer form (spec 02 §5 rules 1–7): the withdraw form's rules in their order,
 * then rule 7 (digits and hyphens only). The refinement runs after the fields, so its issue comes
 * after theirs and the first issue stays the spec's first message.
 */
export function domesticFormSchema(kind: 'cashout' | 'ewallet', isTestUser: boolean) {
  return withdrawFormSchema(kind, isTestUser).superRefine((form, ctx) => {
    if (!isDomesticAccountNumber(form.number))
      ctx.addIssue({ code: 'custom', message: 'withdraw.checkAccountNumber', path: ['number'] });
  });
}
