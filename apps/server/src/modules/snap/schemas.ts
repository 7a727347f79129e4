import { z } from 'zod';

/**
 * The request bodies of the SNAP calls, as the standard names the fields. The routes parse with
 * these and /snap/openapi.json is generated from the same objects (openapi.ts), so the document
 * cannot drift from what the server accepts. Amounts are `{value: "10000.00", currency: "IDR"}`;
 * Gerbang moves whole rupiah, so the cents must be `.00`.
 */

export const amountSchema = z
  .object({
    value: z
      .string()
      .regex(/^\d{1,13}\.00$/, 'whole rupiah with two decimals, e.g. "10000.00"')
      .describe('Whole rupiah with two decimals'),
    currency: z.literal('IDR'),
  })
  .describe('Amount');

const text = (max: number) => z.string().trim().min(1).max(max);
const additionalInfo = z.record(z.string(), z.unknown()).optional();

export const accessTokenRequest = z
  .object({ grantType: z.literal('client_credentials') })
  .describe('B2B access-token request');

export const balanceInquiryRequest = z
  .object({
    partnerReferenceNo: z.string().max(64).optional(),
    accountNo: z.string().max(32).optional(),
    balanceTypes: z.array(z.string().max(16)).max(4).optional(),
    additionalInfo,
  })
  .describe('Balance inquiry');

export const accountInquiryExternalRequest = z
  .object({
    beneficiaryBankCode: z.string().regex(/^\d{3}$/, 'three-digit bank code'),
    beneficiaryAccountNo: z.string().regex(/^\d{5,24}$/, 'digits only'),
    partnerReferenceNo: z.string().max(64).optional(),
    additionalInfo,
  })
  .describe('External account inquiry');

export const transferInterbankRequest = z
  .object({
    partnerReferenceNo: text(64).regex(/^[\w-]+$/, 'letters, digits, - and _'),
    amount: amountSchema,
    beneficiaryAccountNo: z.string().regex(/^\d{5,24}$/, 'digits only'),
    beneficiaryBankCode: z.string().regex(/^\d{3}$/, 'three-digit bank code'),
    beneficiaryAccountName: z.string().max(100).optional(),
    sourceAccountNo: z.string().max(32).optional(),
    transactionDate: z.string().max(40).optional(),
    beneficiaryEmail: z.string().max(254).optional(),
    customerReference: z.string().max(64).optional(),
    remark: z.string().max(100).optional(),
    additionalInfo,
  })
  .describe('Interbank transfer');

export const transferStatusRequest = z
  .object({
    originalPartnerReferenceNo: text(64),
    originalReferenceNo: z.string().max(64).optional(),
    originalExternalId: z.string().max(36).optional(),
    serviceCode: z.literal('18'),
    transactionDate: z.string().max(40).optional(),
    additionalInfo,
  })
  .describe('Transfer status inquiry');

const vaKey = {
  partnerServiceId: z.string().max(8).describe('The VA prefix, left-padded with spaces to 8'),
  customerNo: z.string().regex(/^\d{1,20}$/),
  virtualAccountNo: z.string().max(28),
};

export const createVaRequest = z
  .object({
    partnerServiceId: z.string().max(8).optional(),
    customerNo: z
      .string()
      .regex(/^\d{1,10}$/)
      .optional()
      .describe('Digits that end the VA number; random when absent'),
    virtualAccountName: text(100),
    trxId: text(64).regex(/^[\w-]+$/, 'letters, digits, - and _'),
    totalAmount: amountSchema.optional().describe('Required for a closed VA (trx type C)'),
    virtualAccountTrxType: z.enum(['C', 'O']).default('C').describe('C closed amount, O open'),
    expiredDate: z.string().max(40).optional(),
    additionalInfo: z
      .object({ bankCode: z.string().regex(/^\d{3}$/) })
      .catchall(z.unknown())
      .describe('bankCode: the bank that issues the VA'),
  })
  .describe('Create virtual account');

export const updateVaRequest = z
  .object({
    ...vaKey,
    trxId: text(64),
    virtualAccountName: z.string().trim().min(1).max(100).optional(),
    totalAmount: amountSchema.optional(),
    expiredDate: z.string().max(40).optional(),
    additionalInfo,
  })
  .describe('Update virtual account');

export const vaKeyRequest = z
  .object({ ...vaKey, trxId: text(64), additionalInfo })
  .describe('Virtual account by trxId');

export const vaStatusRequest = z
  .object({
    ...vaKey,
    inquiryRequestId: z.string().max(64).optional(),
    paymentRequestId: z.string().max(64).optional(),
    trxId: text(64).optional(),
    additionalInfo,
  })
  .describe('Virtual account payment status');

export const qrisGenerateRequest = z
  .object({
    partnerReferenceNo: text(64).regex(/^[\w-]+$/, 'letters, digits, - and _'),
    amount: amountSchema,
    merchantId: z.string().max(64).optional(),
    terminalId: z.string().max(16).optional(),
    validityPeriod: z.string().max(40).optional(),
    additionalInfo,
  })
  .describe('QRIS MPM generate');

export const qrisQueryRequest = z
  .object({
    originalPartnerReferenceNo: text(64),
    originalReferenceNo: z.string().max(64).optional(),
    serviceCode: z.literal('47'),
    merchantId: z.string().max(64).optional(),
    additionalInfo,
  })
  .describe('QRIS MPM query');

const reference = z.string().trim().min(1).max(64);

export const qrisRefundRequest = z
  .object({
    merchantId: z.string().max(64).optional(),
    subMerchantId: z.string().max(32).optional(),
    originalPartnerReferenceNo: reference
      .optional()
      .describe('The partnerReferenceNo of qr-mpm-generate; this or originalReferenceNo'),
    originalReferenceNo: reference
      .optional()
      .describe('The referenceNo qr-mpm-generate answered; this or originalPartnerReferenceNo'),
    originalExternalId: z.string().max(36).optional(),
    partnerRefundNo: text(64)
      .regex(/^[\w-]+$/, 'letters, digits, - and _')
      .describe('Unique per partner: a repeat answers the first refund and moves nothing'),
    refundAmount: amountSchema.describe('At most what is left of the paid amount'),
    reason: z.string().max(256).optional(),
    additionalInfo,
  })
  .describe('QRIS MPM refund');

export const qrisRefundAnswer = z
  .object({
    responseCode: z.string().regex(/^2007800$/),
    responseMessage: z.string(),
    originalPartnerReferenceNo: z.string(),
    originalReferenceNo: z.string(),
    partnerRefundNo: z.string(),
    refundNo: z.string().describe("Gerbang's refund reference"),
    refundAmount: amountSchema,
    refundTime: z.string().describe('ISO 8601 in WIB (+07:00)'),
    additionalInfo: z.object({
      paymentRequestId: z.string().describe('The refunded payment (as in the notification)'),
    }),
  })
  .describe('QRIS MPM refund: the refund (the same answer for a repeated partnerRefundNo)');

/** The SNAP payment notification Gerbang sends to the partner (VA and QRIS). */
export const paymentNotification = z
  .object({
    type: z.enum(['va_payment', 'qris_payment']),
    partnerServiceId: z.string().optional(),
    customerNo: z.string().optional(),
    virtualAccountNo: z.string().optional(),
    virtualAccountName: z.string().optional(),
    trxId: z.string().optional(),
    originalPartnerReferenceNo: z.string().optional(),
    paymentRequestId: z.string(),
    paidAmount: amountSchema,
    trxDateTime: z.string(),
    latestTransactionStatus: z.literal('00'),
  })
  .describe('Payment notification (sent to the partner, signed like every callback)');

export const snapAnswer = z
  .object({
    responseCode: z.string().regex(/^\d{7}$/),
    responseMessage: z.string(),
  })
  .catchall(z.unknown())
  .describe('Every SNAP answer: responseCode (HTTP status + service + case) and responseMessage');
