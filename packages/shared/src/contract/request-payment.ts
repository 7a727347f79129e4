import { z } from 'zod';

/**
 * Request payment and the public payment link (spec 03 §2.5, §2.6, §3.4, §5.5, §5.6, §7.3, §7.4):
 * a merchant creates a payment request; anyone with its link (an unguessable `paymentSecret`, never
 * the sequential id) opens `/pay/{paymentSecret}`, picks a method and pays the instrument the
 * pay-in block issues. One contract for the server routes, the back-office pages and the pay page.
 */

// The zod-free rules live with the others the route table and menu read.
export { REQUEST_PAYMENT_ACCESS } from './access-rules';

/** Partner reference of an instrument issued by a payment link: `RP:<customerReff>`. */
export const REQUEST_PAYMENT_REFF_PREFIX = 'RP:';

export const REQUEST_PAYMENT_LIMITS = {
  /** List page sizes (spec 03 §9): 10, 50, 100, 200, default 10. */
  listSizes: [10, 50, 100, 200] as const,
  /** Customer list page sizes (spec 03 §9): 5, 10, 100, 200, default 5. */
  customerSizes: [5, 10, 100, 200] as const,
  nameMax: 100,
  descMax: 255,
  amountMin: 10_000,
  amountMax: 100_000_000,
  /** Max uses of one link. */
  usesMax: 10_000,
  /** Public payer fields. */
  payerNameMax: 100,
  emailMax: 254,
  phoneMax: 20,
  /** A secret is 32 url-safe characters (192 bits). */
  secretLength: 32,
} as const;

const invalid = 'paylink.errors.invalid';
const text = (max: number) => z.string({ error: invalid }).trim().min(1, invalid).max(max, invalid);
const pageSize = (sizes: readonly number[], fallback: number) =>
  z.coerce
    .number({ error: 'paylink.errors.pageSize' })
    .int('paylink.errors.pageSize')
    .refine((n) => sizes.includes(n), 'paylink.errors.pageSize')
    .default(fallback);
const page = z.coerce.number({ error: 'paylink.errors.page' }).int().min(1).max(100_000).default(1);

/** POST data/request_payment (spec 03 §5.5; fields in the spec's order). */
export const createRequestPaymentBody = z.object({
  username: z.string({ error: invalid }).max(254, invalid).default(''),
  paymentName: text(REQUEST_PAYMENT_LIMITS.nameMax),
  expiredDate: z
    .string({ error: 'paylink.errors.expiredDate' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'paylink.errors.expiredDate'),
  paymentLimit: z.coerce
    .number({ error: invalid })
    .int(invalid)
    .min(1, invalid)
    .max(REQUEST_PAYMENT_LIMITS.usesMax, invalid)
    .default(1),
  amount: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: invalid })
      .int(invalid)
      .min(REQUEST_PAYMENT_LIMITS.amountMin, 'paylink.errors.amountMin')
      .max(REQUEST_PAYMENT_LIMITS.amountMax, 'paylink.errors.amountMax'),
  ),
  paymentDesc: text(REQUEST_PAYMENT_LIMITS.descMax),
  recaptcha: z.string({ error: 'paylink.errors.captcha' }).max(2048).default(''),
});
export type CreateRequestPaymentBody = z.infer<typeof createRequestPaymentBody>;

/** GET data/request_payment_list */
export const requestPaymentListQuery = z.object({
  idAgen: z.string().max(32).optional(),
  filter: z.string().max(100).default(''),
  limit: pageSize(REQUEST_PAYMENT_LIMITS.listSizes, 10),
  page,
});

/** GET data/list_payment */
export const requestPaymentCustomersQuery = z.object({
  idPayment: z.coerce
    .number({ error: 'paylink.errors.notFound' })
    .int()
    .min(1)
    .max(2 ** 53 - 1),
  limit: pageSize(REQUEST_PAYMENT_LIMITS.customerSizes, 5),
  page,
});

/** The shape of every issued payment secret: a typed id of another shape names no link. */
export const PAYMENT_SECRET_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

const secret = z
  .string({ error: 'paylink.errors.notFound' })
  .regex(PAYMENT_SECRET_SHAPE, 'paylink.errors.notFound');

/**
 * GET public/request_payment_detail. Any id a payer may type is looked up: a link that does not
 * exist, whatever its shape, is "not found" (404), never a malformed request (400). The length
 * bound only keeps a pasted page of text out of the query.
 */
export const publicDetailQuery = z.object({
  paymentSecret: z
    .string({ error: 'paylink.errors.notFound' })
    .max(2048, 'paylink.errors.notFound'),
});

const code = z
  .string({ error: 'paylink.errors.method' })
  .regex(/^[A-Z0-9]{2,12}$/, 'paylink.errors.method');

/** POST public/generated_va (a BISNIS payer page: name, e-mail and phone, spec 03 §5.6). */
export const publicGenerateBody = z.object({
  id_payment: secret,
  code_bank: code,
  email: z
    .string({ error: 'paylink.errors.emailEmpty' })
    .trim()
    .min(1, 'paylink.errors.emailEmpty')
    .max(REQUEST_PAYMENT_LIMITS.emailMax, 'paylink.errors.emailInvalid')
    .email('paylink.errors.emailInvalid'),
  name: z
    .string({ error: 'paylink.errors.nameEmpty' })
    .trim()
    .min(1, 'paylink.errors.nameEmpty')
    .max(REQUEST_PAYMENT_LIMITS.payerNameMax, 'paylink.errors.nameEmpty'),
  notelp: z
    .string({ error: 'paylink.errors.phoneEmpty' })
    .trim()
    .min(1, 'paylink.errors.phoneEmpty')
    .regex(/^\+?[0-9]{6,19}$/, 'paylink.errors.phoneInvalid'),
});
export type PublicGenerateBody = z.infer<typeof publicGenerateBody>;

/** GET public/payment_status: an instrument, by the link's secret and its customer reference. */
export const publicStatusQuery = z.object({
  paymentSecret: secret,
  customerReff: z
    .string({ error: 'paylink.errors.notFound' })
    .regex(/^RP\d{14}$/, 'paylink.errors.notFound'),
});

/** GET public/generated_va (other payers: the e-mail prompt only). */
export const publicGenerateQuery = z.object({
  id_payment: secret,
  code_bank: code,
  email_user: z
    .string({ error: 'paylink.errors.emailFirst' })
    .trim()
    .min(1, 'paylink.errors.emailFirst')
    .max(REQUEST_PAYMENT_LIMITS.emailMax, 'paylink.errors.emailInvalid')
    .email('paylink.errors.emailInvalid'),
  brand: z.string().max(32).optional(),
});

// ---------------------------------------------------------------- answers

/** `YYYY-MM-DD HH:mm:ss` WIB, as the pages show it. */
const wibText = z.string();
const rupiah = z.number().int();

/** A payment request (link) as the merchant's list shows it. */
export const requestPaymentRow = z.object({
  id: z.number().int(),
  namePayment: z.string(),
  descPayment: z.string(),
  amount: rupiah,
  /** Max uses. */
  number: z.number().int(),
  /** Uses paid so far. */
  count: z.number().int(),
  /** Sum paid so far. */
  total: rupiah,
  via: z.string(),
  timeRequest: wibText,
  timeExpired: wibText,
  paymentSecret: z.string(),
});
export type RequestPaymentRow = z.infer<typeof requestPaymentRow>;

/** One page of the merchant's links. */
export const requestPaymentList = z.object({
  data: z.array(requestPaymentRow),
  total: z.number().int().min(0),
});

/** A payer of a link: the instrument issued to them and whether it was paid. */
export const requestPaymentCustomerRow = z.object({
  id: z.number().int(),
  bankName: z.string(),
  kodeBank: z.string(),
  customerReff: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  /** 0 unpaid, 1 paid, 2 cancelled. */
  isPaid: z.number().int(),
  vaNumber: z.string(),
  linkPayment: z.string().nullable(),
  amount: rupiah,
  timeExpired: wibText,
  paidAt: wibText.nullable(),
});
export type RequestPaymentCustomerRow = z.infer<typeof requestPaymentCustomerRow>;

/** The link and one page of its payers. */
export const requestPaymentCustomers = z.object({
  payment: requestPaymentRow,
  data: z.array(requestPaymentCustomerRow),
  total: z.number().int().min(0),
});

/** `payment-request` of the public detail (spec 03 §3.4). */
export const publicPaymentRequest = z.object({
  id: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  customer_notelp: z.string(),
  namePayment: z.string(),
  descPayment: z.string(),
  amount: rupiah,
  totalAmount: rupiah,
  timeRequest: wibText,
  timeExpired: wibText,
  count: z.number().int(),
  number: z.number().int(),
  url_callback: z.string(),
  url_image_merchant: z.string(),
  merchant_name: z.string(),
});
export type PublicPaymentRequest = z.infer<typeof publicPaymentRequest>;

/** The public detail: the link and the merchant's kind (BISNIS asks the payer for more). */
export const publicDetailAnswer = z.object({
  'payment-request': publicPaymentRequest,
  'type-user': z.enum(['BISNIS', 'PERSONAL']),
});
export type PublicDetailAnswer = z.infer<typeof publicDetailAnswer>;

/** Where one issued instrument stands: the payer's page polls it and flips to "paid". */
export const publicPaymentStatus = z.enum(['OPEN', 'PAID', 'CANCELLED']);
export type PublicPaymentStatus = z.infer<typeof publicPaymentStatus>;

export const publicStatusAnswer = z.object({
  customerReff: z.string(),
  status: publicPaymentStatus,
});

/** A pay-in channel the payer may choose (spec 03 §3.4). */
export const publicPayMethod = z.object({
  kodeBank: z.string(),
  namaBank: z.string(),
  isActive: z.boolean(),
  url_image: z.string(),
  /** VA, QRIS, RETAIL, EWALLET, CREDIT_CARD. */
  kind: z.string(),
});
export type PublicPayMethod = z.infer<typeof publicPayMethod>;

/** The generated payment (spec 03 §3.4). */
export const generatedPayment = z.object({
  vaNumber: z.string(),
  kodBank: z.string(),
  namaBank: z.string(),
  kind: z.string(),
  amount: rupiah,
  /** The QRIS text; the page draws it as a QR image. */
  imageQris: z.string().nullable(),
  linkPayment: z.string().nullable(),
  timeExpired: wibText,
  customerReff: z.string(),
});
export type GeneratedPayment = z.infer<typeof generatedPayment>;
