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
  partnerServiceId: z
    .string()
    .max(8)
    .regex(/^ *\d+$/)
    .describe('The VA prefix, left-padded with spaces to 8'),
  customerNo: z.string().regex(/^\d{1,20}$/),
  virtualAccountNo: z
    .string()
    .max(28)
    .regex(/^ *\d+$/)
    .describe('partnerServiceId + customerNo'),
};

export const createVaRequest = z
  .object({
    partnerServiceId: z
      .string()
      .max(8)
      .regex(/^ *\d+$/, 'the bank prefix, left-padded with spaces to 8')
      .optional()
      .describe(
        'The issuing bank: its VA prefix (8 + bank code; Mandiri 87827; BSI 9001062), left-padded with spaces to 8',
      ),
    customerNo: z
      .string()
      .regex(/^\d{1,20}$/, 'up to 20 digits')
      .optional()
      .describe('Digits that follow the prefix; Gerbang draws them when absent'),
    virtualAccountNo: z
      .string()
      .max(28)
      .regex(/^ *\d+$/, 'partnerServiceId + customerNo')
      .optional()
      .describe('partnerServiceId + customerNo; when sent it must be exactly that'),
    virtualAccountName: text(100),
    trxId: text(64).regex(/^[\w-]+$/, 'letters, digits, - and _'),
    totalAmount: amountSchema.optional().describe('Required for a closed VA (trx type C)'),
    virtualAccountTrxType: z.enum(['C', 'O']).default('C').describe('C closed amount, O open'),
    expiredDate: z.string().max(40).optional(),
    additionalInfo: z
      .object({
        bankCode: z
          .string()
          .regex(/^\d{3}$/)
          .optional(),
      })
      .catchall(z.unknown())
      .optional()
      .describe('bankCode: the issuing bank, when partnerServiceId is absent'),
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

/*
 * The SUCCESS answers of the services (`answer` in services.ts): responseCode, responseMessage and
 * the service's fields. A VA is named as the standard writes it (SNAP "Virtual Account" field
 * rules): partnerServiceId 8 characters, the bank's prefix left-padded with spaces; customerNo up
 * to 20 digits; virtualAccountNo = partnerServiceId + customerNo exactly (up to 28, padding
 * included).
 */

const answerHead = (code: string) => ({
  responseCode: z.literal(code),
  responseMessage: z.string(),
});

const paddedServiceId = z
  .string()
  .regex(/^ *\d{1,8}$/)
  .length(8)
  .describe('The bank prefix, left-padded with spaces to 8');

const vaAnswerKey = {
  partnerServiceId: paddedServiceId,
  customerNo: z.string().regex(/^\d{1,20}$/),
  virtualAccountNo: z
    .string()
    .regex(/^ *\d+$/)
    .max(28)
    .describe('partnerServiceId + customerNo, padding included'),
};

/** virtualAccountNo must be exactly partnerServiceId + customerNo. */
const vaKeyHolds = (v: {
  partnerServiceId: string;
  customerNo: string;
  virtualAccountNo: string;
}) => v.virtualAccountNo === v.partnerServiceId + v.customerNo;

const virtualAccountData = z
  .object({
    ...vaAnswerKey,
    virtualAccountName: z.string(),
    trxId: z.string(),
    totalAmount: amountSchema,
    virtualAccountTrxType: z.enum(['C', 'O']),
    expiredDate: z.string().nullable(),
    additionalInfo: z.object({ bankCode: z.string(), active: z.boolean() }),
  })
  .refine(vaKeyHolds, 'virtualAccountNo is partnerServiceId + customerNo');

const vaAnswer = (code: string, description: string) =>
  z.object({ ...answerHead(code), virtualAccountData }).describe(description);

export const createVaAnswer = vaAnswer('2002700', 'Create virtual account: the VA created');
export const updateVaAnswer = vaAnswer('2002800', 'Update virtual account: the VA as changed');
export const deleteVaAnswer = vaAnswer('2003100', 'Delete virtual account: the VA, inactive');
export const inquiryVaAnswer = vaAnswer('2003000', 'Inquiry virtual account');

export const vaStatusAnswer = z
  .object({
    ...answerHead('2002600'),
    virtualAccountData: z
      .object({
        ...vaAnswerKey,
        trxId: z.string(),
        paymentRequestId: z.string(),
        paidAmount: amountSchema,
        paymentFlagStatus: z.enum(['00', '01']).describe('00 paid, 01 not paid'),
        paymentFlagReason: z.object({ english: z.string(), indonesia: z.string() }),
        trxDateTime: z.string().nullable(),
      })
      .refine(vaKeyHolds, 'virtualAccountNo is partnerServiceId + customerNo'),
  })
  .describe('Virtual account payment status');

export const accountInquiryInternalRequest = z
  .object({
    partnerReferenceNo: z.string().max(64).optional(),
    beneficiaryAccountNo: z
      .string()
      .max(34)
      .regex(/^ *\d+$/, 'digits (a SNAP virtualAccountNo may keep its left padding)')
      .describe('A virtual account number Gerbang issued'),
    additionalInfo,
  })
  .describe('Internal account inquiry');

export const accountInquiryInternalAnswer = z
  .object({
    ...answerHead('2001500'),
    referenceNo: z.string(),
    partnerReferenceNo: z.string(),
    beneficiaryAccountName: z.string().max(100),
    beneficiaryAccountNo: z.string().regex(/^\d{1,34}$/),
    beneficiaryAccountStatus: z.literal('Active'),
    currency: z.literal('IDR'),
    additionalInfo: z.object({ bankCode: z.string(), bankName: z.string() }),
  })
  .describe('Internal account inquiry: the name of a virtual account Gerbang issued');
