/**
 * The zod-free part of the request-payment contract (paths, constants, answer types): the public
 * payment page imports only this, so its small bundle carries no schema library.
 */
export const REQUEST_PAYMENT_PATHS = {
  create: '/data/request_payment',
  list: '/data/request_payment_list',
  customers: '/data/list_payment',
  publicDetail: '/public/request_payment_detail',
  publicMethods: '/public/list_va',
  publicGenerate: '/public/generated_va',
  publicStatus: '/public/payment_status',
} as const;

/** Where one issued instrument stands: the payer's page polls it and flips to "paid". */
export type PublicPaymentStatus = 'OPEN' | 'PAID' | 'CANCELLED';

/** Codes that the public page lists apart (spec 03 §7.4). */
export const PAY_SEPARATE_CODES = ['523', 'QRISB', 'PAYGOPAY'] as const;

/** Partner reference of an instrument issued by a payment link: `RP:<customerReff>`. */
export const REQUEST_PAYMENT_REFF_PREFIX = 'RP:';

export interface RequestPaymentRow {
  id: number;
  namePayment: string;
  descPayment: string;
  amount: number;
  /** Max uses. */
  number: number;
  /** Uses paid so far. */
  count: number;
  /** Sum paid so far. */
  total: number;
  via: string;
  timeRequest: string;
  timeExpired: string;
  paymentSecret: string;
}

export interface RequestPaymentCustomerRow {
  id: number;
  bankName: string;
  kodeBank: string;
  customerReff: string;
  customerName: string;
  customerEmail: string;
  /** 0 unpaid, 1 paid, 2 cancelled. */
  isPaid: number;
  vaNumber: string;
  linkPayment: string | null;
  amount: number;
  timeExpired: string;
  paidAt: string | null;
}

/** `payment-request` of the public detail (spec 03 §3.4). */
export interface PublicPaymentRequest {
  id: string;
  customer_name: string;
  customer_email: string;
  customer_notelp: string;
  namePayment: string;
  descPayment: string;
  amount: number;
  totalAmount: number;
  /** `YYYY-MM-DD HH:mm:ss` WIB. */
  timeRequest: string;
  timeExpired: string;
  count: number;
  number: number;
  url_callback: string;
  url_image_merchant: string;
  merchant_name: string;
}

export interface PublicPayMethod {
  kodeBank: string;
  namaBank: string;
  isActive: boolean;
  url_image: string;
  /** VA, QRIS, RETAIL, EWALLET, CREDIT_CARD. */
  kind: string;
}

/** The generated payment (spec 03 §3.4). */
export interface GeneratedPayment {
  vaNumber: string;
  kodBank: string;
  namaBank: string;
  kind: string;
  amount: number;
  /** The QRIS text; the page draws it as a QR image. */
  imageQris: string | null;
  linkPayment: string | null;
  timeExpired: string;
  customerReff: string;
}
