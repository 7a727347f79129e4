import { z } from 'zod';
import { INQUIRY_ROUTE_ACCESS, WITHDRAW_ACCESS } from './access-rules';
import { bulkInquiryResult, withBulkRowInquiry } from './bulk-transfer';
import { defineCall, RAW_ANSWER } from './call';
import {
  bankListItem,
  cashoutInquiryRequest,
  createOtpRequest,
  createOtpResult,
  ewalletInquiryRequest,
  favouriteDestination,
  productCodeItem,
  productListItem,
  storedDestinationsQuery,
  WITHDRAW_LIMITS,
  withdrawDetailQuery,
  withdrawDetailResult,
  withdrawInquiryResult,
  withdrawPaymentRequest,
  withdrawPaymentResult,
  withdrawStatusQuery,
  withdrawStatusResult,
} from './withdraw';

/**
 * The withdraw calls of spec 02 §7 and the page's lookups. The inquiries are shared by withdraw,
 * domestic order lines and bulk rows: the rule of the use named by `type_inq` is checked by the
 * handler after the route's own.
 */
export const withdrawCalls = {
  /**
   * Bank or Indomaret. The same path also takes the spec's bulk-row variant (type_inq bulk + the
   * Check's token): `cashoutInquiryRoute` is what the server reads.
   */
  cashoutInquiry: defineCall({
    method: 'POST',
    path: '/transaction/cashout_inquiry',
    access: INQUIRY_ROUTE_ACCESS,
    request: cashoutInquiryRequest,
    response: withdrawInquiryResult,
  }),
  ewalletInquiry: defineCall({
    method: 'POST',
    path: '/transaction/ewallet_inquiry',
    access: INQUIRY_ROUTE_ACCESS,
    request: ewalletInquiryRequest,
    response: withdrawInquiryResult,
  }),
  createOtp: defineCall({
    method: 'POST',
    path: '/transaction/create_otp',
    access: WITHDRAW_ACCESS.page,
    request: createOtpRequest,
    response: createOtpResult,
  }),
  cashoutPayment: defineCall({
    method: 'POST',
    path: '/transaction/cashout_payment',
    access: { ...WITHDRAW_ACCESS.page, stepUp: true },
    request: withdrawPaymentRequest,
    response: withdrawPaymentResult,
  }),
  ewalletPayment: defineCall({
    method: 'POST',
    path: '/transaction/ewallet_payment',
    access: { ...WITHDRAW_ACCESS.page, stepUp: true },
    request: withdrawPaymentRequest,
    response: withdrawPaymentResult,
  }),
  status: defineCall({
    method: 'GET',
    path: '/transaction/status',
    access: WITHDRAW_ACCESS.page,
    query: withdrawStatusQuery,
    response: withdrawStatusResult,
  }),
  detail: defineCall({
    method: 'GET',
    path: '/transaction/detail',
    access: WITHDRAW_ACCESS.page,
    query: withdrawDetailQuery,
    response: withdrawDetailResult,
  }),
  banks: defineCall({
    method: 'GET',
    path: '/transaction/list_bank',
    access: {},
    response: z.array(bankListItem),
  }),
  ewallets: defineCall({
    method: 'GET',
    path: '/data/ewallet_list_web',
    access: {},
    response: z.array(productListItem),
  }),
  retailProducts: defineCall({
    method: 'GET',
    path: '/data/retail_list_web',
    access: {},
    response: z.array(productListItem),
  }),
  productCodes: defineCall({
    method: 'GET',
    path: '/data/kode_produk',
    access: {},
    response: z.array(productCodeItem),
  }),
  favourites: defineCall({
    method: 'GET',
    path: '/data/transaction_destination_stored',
    access: {},
    query: storedDestinationsQuery(WITHDRAW_LIMITS.favouritesMax),
    response: z.array(favouriteDestination),
  }),
  /** The favourites the withdraw page offers (fewer than the data page lists). */
  favouritesOnWithdraw: defineCall({
    method: 'GET',
    path: '/data/transaction_destination_stored_mobile',
    access: {},
    query: storedDestinationsQuery(WITHDRAW_LIMITS.favouritesOnWithdraw),
    response: z.array(favouriteDestination),
  }),
  /** A generated badge with the bank's short name (SVG): `:code` is a bank or product code. */
  bankLogo: defineCall({
    method: 'GET',
    path: '/transaction/bank_logo/:code',
    access: { public: true, reason: 'a generated badge image with a bank name; no data' },
    response: RAW_ANSWER,
  }),
};

/**
 * The server's route of `transaction/cashout_inquiry`: the standard inquiry, or the bulk-row
 * variant, each with its own schema so the first failing rule's message is the one the
 * user reads; it answers the inquiry of the one that was asked.
 */
export const cashoutInquiryRoute = defineCall({
  ...withdrawCalls.cashoutInquiry,
  request: withBulkRowInquiry(cashoutInquiryRequest),
  response: z.union([withdrawInquiryResult, bulkInquiryResult]),
});
