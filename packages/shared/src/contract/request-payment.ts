import { z } from 'zod';

export * from './request-payment-paths';

/**
 * Request payment and the public payment link (spec 03 §2.5, §2.6, §3.4, §5.5, §5.6, §7.3, §7.4):
 * a merchant creates a payment request; anyone with its link (an unguessable `paymentSecret`, never
 * the sequential id) opens `/pay/{paymentSecret}`, picks a method and pays the instrument the
 * pay-in block issues. One contract for the server routes, the back-office pages and the pay page.
 */

// The zod-free rules live with the others the route table and menu read.
export { REQUEST_PAYMENT_ACCESS } from './access-rules';

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
