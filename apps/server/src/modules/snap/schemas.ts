import { z } from 'zod';

/**
 * The request bodies of the SNAP calls, as the standard names the fields, and the success answer
 * of each (`…Answer`). The routes parse with the requests and /snap/openapi.json is generated from
 * both (openapi.ts), so the document cannot drift from what the server accepts; the API tests
 * check every answer against the document. Amounts are `{value: "10000.00", currency: "IDR"}`;
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

/** A time as Gerbang answers it: ISO 8601 in WIB, `2026-11-23T10:00:00+07:00`. */
const wibTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/)
  .meta({ format: 'date-time' });

/**
 * The two fields every answer starts with: responseCode is the HTTP status, the service code and
 * the case (`2001800`); the document pins the codes each status of each call can carry.
 */
const answerHead = {
  responseCode: z.string().regex(/^\d{7}$/),
  responseMessage: z.string(),
};

/** A refusal: only the code and the standard's message (with the field or reason after it). */
export const snapRefusal = z
  .object(answerHead)
  .describe('A refusal: responseCode (HTTP status + service + case) and responseMessage');

/** A success answer: the code, the message and the call's own fields, nothing else. */
const answer = <T extends z.ZodRawShape>(shape: T) => z.object({ ...answerHead, ...shape });

export const accessTokenRequest = z
  .object({ grantType: z.literal('client_credentials') })
  .describe('B2B access-token request');

export const accessTokenAnswer = answer({
  accessToken: z.string().min(20),
  tokenType: z.literal('Bearer'),
  expiresIn: z.literal('900').describe('Seconds, as a string'),
}).describe('B2B access token');

export const balanceInquiryRequest = z
  .object({
    partnerReferenceNo: z.string().max(64).optional(),
    accountNo: z.string().max(32).optional(),
    balanceTypes: z.array(z.string().max(16)).max(4).optional(),
    additionalInfo,
  })
  .describe('Balance inquiry');

export const balanceInquiryAnswer = answer({
  referenceNo: z.string().describe("Gerbang's reference: the call's X-EXTERNAL-ID"),
  partnerReferenceNo: z.string(),
  accountNo: z.string().describe('The requested accountNo, else the client id'),
  name: z.string(),
  accountInfos: z
    .array(
      z.object({
        balanceType: z.literal('Cash'),
        amount: amountSchema.describe('Available plus held'),
        availableBalance: amountSchema,
        holdAmount: amountSchema.describe('Incoming funds held until settlement'),
        status: z.literal('0001').describe('0001 active'),
      }),
    )
    .length(1),
}).describe('Balance inquiry answer');

export const accountInquiryExternalRequest = z
  .object({
    beneficiaryBankCode: z.string().regex(/^\d{3}$/, 'three-digit bank code'),
    beneficiaryAccountNo: z.string().regex(/^\d{5,24}$/, 'digits only'),
    partnerReferenceNo: z.string().max(64).optional(),
    additionalInfo,
  })
  .describe('External account inquiry');

export const accountInquiryExternalAnswer = answer({
  referenceNo: z.string(),
  partnerReferenceNo: z.string(),
  beneficiaryAccountName: z.string().describe("The account holder's name from the bank"),
  beneficiaryAccountNo: z.string(),
  beneficiaryBankCode: z.string(),
  beneficiaryBankName: z.string(),
  currency: z.literal('IDR'),
}).describe('External account inquiry answer');

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

/** SNAP latestTransactionStatus of a transfer: 00 success, 03 pending, 06 failed. */
const transferState = z.enum(['00', '03', '06']);

export const transferInterbankAnswer = answer({
  referenceNo: z.string().describe("Gerbang's transaction id"),
  partnerReferenceNo: z.string(),
  amount: amountSchema,
  beneficiaryAccountNo: z.string(),
  beneficiaryBankCode: z.string(),
  sourceAccountNo: z.string(),
  transactionDate: wibTime,
  additionalInfo: z.object({
    fee: amountSchema.describe('The fee charged on top of the amount'),
    latestTransactionStatus: transferState,
  }),
}).describe('Interbank transfer answer');

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

export const transferStatusAnswer = answer({
  originalReferenceNo: z.string(),
  originalPartnerReferenceNo: z.string(),
  originalExternalId: z.string(),
  serviceCode: z.literal('18'),
  transactionDate: wibTime,
  amount: amountSchema,
  beneficiaryAccountNo: z.string(),
  beneficiaryBankCode: z.string(),
  latestTransactionStatus: transferState,
  transactionStatusDesc: z.enum(['Success', 'Pending', 'Failed']),
  additionalInfo: z.object({
    fee: amountSchema,
    beneficiaryAccountName: z.string(),
    completedAt: z
      .string()
      .regex(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2} WIB$/)
      .nullable()
      .describe('When the bank finished, "23-11-2026 10:05 WIB"; null while pending'),
  }),
}).describe('Transfer status answer');

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
    expiredDate: z
      .string()
      .max(40)
      .optional()
      .meta({ format: 'date-time' })
      .describe('Required for a closed VA (trx type C): ISO 8601 with offset, in the future'),
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
  // The route requires these two for a closed VA (the default type); zod's JSON schema cannot say
  // so, hence the condition in JSON Schema for the document: an open VA, or both fields.
  .meta({
    anyOf: [
      {
        type: 'object',
        properties: { virtualAccountTrxType: { const: 'O' } },
        required: ['virtualAccountTrxType'],
      },
      { type: 'object', required: ['totalAmount', 'expiredDate'] },
    ],
  })
  .describe('Create virtual account');

/** A VA as every VA call answers it. */
/**
 * A VA as the standard names it in answers (SNAP "Virtual Account" field rules): partnerServiceId
 * 8 characters, the bank's prefix left-padded with spaces; customerNo up to 20 digits;
 * virtualAccountNo = partnerServiceId + customerNo exactly (up to 28, padding included).
 */
const vaAnswerKey = {
  partnerServiceId: z
    .string()
    .regex(/^ *\d{1,8}$/)
    .length(8)
    .describe('The bank prefix, left-padded with spaces to 8'),
  customerNo: z.string().regex(/^\d{1,20}$/),
  virtualAccountNo: z
    .string()
    .regex(/^ *\d+$/)
    .max(28)
    .describe('partnerServiceId + customerNo, padding included'),
};

const virtualAccountData = z.object({
  ...vaAnswerKey,
  virtualAccountName: z.string(),
  trxId: z.string(),
  totalAmount: amountSchema.describe('0.00 for an open VA'),
  virtualAccountTrxType: z.enum(['C', 'O']),
  expiredDate: wibTime.nullable(),
  additionalInfo: z.object({
    bankCode: z.string(),
    active: z.boolean().describe('false once deleted or paid'),
  }),
});

export const createVaAnswer = answer({ virtualAccountData }).describe('Created virtual account');

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

export const updateVaAnswer = answer({ virtualAccountData }).describe('Updated virtual account');

export const vaKeyRequest = z
  .object({ ...vaKey, trxId: text(64), additionalInfo })
  .describe('Virtual account by trxId');

export const deleteVaAnswer = answer({ virtualAccountData }).describe('Deleted virtual account');

export const inquiryVaAnswer = answer({ virtualAccountData }).describe('Virtual account');

export const vaStatusRequest = z
  .object({
    ...vaKey,
    inquiryRequestId: z.string().max(64).optional(),
    paymentRequestId: z.string().max(64).optional(),
    trxId: text(64).optional(),
    additionalInfo,
  })
  .describe('Virtual account payment status');

export const vaStatusAnswer = answer({
  virtualAccountData: z.object({
    ...vaAnswerKey,
    trxId: z.string(),
    paymentRequestId: z.string().describe("Gerbang's payment id; empty until paid"),
    paidAmount: amountSchema,
    paymentFlagStatus: z.enum(['00', '01']).describe('00 paid, 01 not paid'),
    paymentFlagReason: z.object({ english: z.string(), indonesia: z.string() }),
    trxDateTime: wibTime.nullable().describe('When it was paid'),
  }),
}).describe('Virtual account payment status answer');

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

export const qrisGenerateAnswer = answer({
  referenceNo: z.string().describe("Gerbang's code of the bill"),
  partnerReferenceNo: z.string(),
  qrContent: z
    .string()
    .regex(/^000201/)
    .describe('The QRIS payload (EMVCo MPM) to render as a QR'),
  merchantName: z.string(),
  additionalInfo: z.object({ validUntil: wibTime, amount: amountSchema }),
}).describe('QRIS MPM generate answer');

export const qrisQueryRequest = z
  .object({
    originalPartnerReferenceNo: text(64),
    originalReferenceNo: z.string().max(64).optional(),
    serviceCode: z.literal('47'),
    merchantId: z.string().max(64).optional(),
    additionalInfo,
  })
  .describe('QRIS MPM query');

export const qrisQueryAnswer = answer({
  originalReferenceNo: z.string(),
  originalPartnerReferenceNo: z.string(),
  serviceCode: z.literal('47'),
  latestTransactionStatus: z
    .enum(['00', '03', '04', '05'])
    .describe('00 paid, 03 pending, 04 refunded in full, 05 expired'),
  transactionStatusDesc: z.enum(['Success', 'Pending', 'Refunded', 'Cancelled']),
  paidTime: wibTime.nullable(),
  amount: amountSchema,
  additionalInfo: z.object({
    paymentRequestId: z.string().nullable(),
    refundedAmount: amountSchema.describe('What qr-mpm-refund gave back so far'),
  }),
}).describe('QRIS MPM query answer');

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

export const qrisRefundAnswer = answer({
  originalPartnerReferenceNo: z.string(),
  originalReferenceNo: z.string(),
  partnerRefundNo: z.string(),
  refundNo: z.string().describe("Gerbang's refund reference"),
  refundAmount: amountSchema,
  refundTime: z.string().describe('ISO 8601 in WIB (+07:00)'),
  additionalInfo: z.object({
    paymentRequestId: z.string().describe('The refunded payment (as in the notification)'),
  }),
}).describe('QRIS MPM refund: the refund (the same answer for a repeated partnerRefundNo)');

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

export const accountInquiryInternalAnswer = answer({
  referenceNo: z.string(),
  partnerReferenceNo: z.string(),
  beneficiaryAccountName: z.string().max(100),
  beneficiaryAccountNo: z.string().regex(/^\d{1,34}$/),
  beneficiaryAccountStatus: z.literal('Active'),
  currency: z.literal('IDR'),
  additionalInfo: z.object({ bankCode: z.string(), bankName: z.string() }),
}).describe('Internal account inquiry: the name of a virtual account Gerbang issued');

/** The SNAP payment notifications Gerbang sends to the partner (notify.ts), by `type`. */
const paidFields = {
  paymentRequestId: z.string().describe("Gerbang's payment id"),
  paidAmount: amountSchema,
  trxDateTime: wibTime,
  latestTransactionStatus: z.literal('00'),
};

export const paymentNotification = z
  .discriminatedUnion('type', [
    z
      .object({
        type: z.literal('va_payment'),
        ...vaAnswerKey,
        virtualAccountName: z.string(),
        trxId: z.string(),
        ...paidFields,
        additionalInfo: z.object({ fee: amountSchema, bankCode: z.string() }),
      })
      .describe('A SNAP virtual account was paid'),
    z
      .object({
        type: z.literal('qris_payment'),
        originalPartnerReferenceNo: z.string(),
        originalReferenceNo: z.string(),
        ...paidFields,
        additionalInfo: z.object({ fee: amountSchema }),
      })
      .describe('A SNAP QRIS was paid'),
  ])
  .describe('Payment notification (sent to the partner, signed like every callback)');

/**
 * The SNAP-signed payment notifications (snap-notification.ts): the body Gerbang POSTs to the
 * partner's SNAP notification URL, in the standard's shape for the service — VA payment (service
 * 25, `/v1.0/transfer-va/payment`: the VA, the payment and its flag) and QRIS MPM payment
 * notification (service 52, `/v1.0/qr/qr-mpm-notify`: the QR's references, its latest status
 * and the amount) — and the answer the partner gives (2002500 / 2005200 takes it).
 */
const bilingual = z.object({ english: z.string(), indonesia: z.string() });

export const snapVaPaymentNotice = z
  .object({
    ...vaAnswerKey,
    virtualAccountName: z.string(),
    trxId: z.string().describe("The partner's trxId of create-va"),
    paymentRequestId: z.string().describe("Gerbang's payment id (as in the status answer)"),
    paidAmount: amountSchema,
    totalAmount: amountSchema
      .optional()
      .describe('The bill of a closed VA; absent for an open one'),
    trxDateTime: wibTime.describe('When the payer paid, ISO 8601 in WIB'),
    paymentFlagStatus: z.literal('00').describe('00: paid'),
    paymentFlagReason: bilingual,
    additionalInfo: z.object({ fee: amountSchema, bankCode: z.string() }),
  })
  .describe('VA payment notification (service 25)');

export const snapQrisPaymentNotice = z
  .object({
    originalReferenceNo: z.string().describe("Gerbang's referenceNo of qr-mpm-generate"),
    originalPartnerReferenceNo: z.string().describe("The partner's partnerReferenceNo"),
    latestTransactionStatus: z.literal('00').describe('00: paid'),
    transactionStatusDesc: z.literal('Success'),
    amount: amountSchema,
    additionalInfo: z.object({
      paymentRequestId: z.string().describe("Gerbang's payment id"),
      paidTime: wibTime.describe('When the payer paid, ISO 8601 in WIB'),
      fee: amountSchema,
    }),
  })
  .describe('QRIS MPM payment notification (service 52)');

export const snapPaymentNotice = z
  .union([snapVaPaymentNotice, snapQrisPaymentNotice])
  .describe('SNAP payment notification: a VA (service 25) or a QRIS (service 52) was paid');

/** What the partner answers: only responseCode is read; anything else is kept in the log. */
export const snapPaymentNoticeAnswer = z
  .looseObject({
    responseCode: z
      .enum(['2002500', '2005200'])
      .describe('2002500 takes a VA notification, 2005200 a QRIS one; anything else is retried'),
    responseMessage: z.string().optional(),
  })
  .describe("The partner's answer to a SNAP payment notification");

/** Gerbang's own call (no SNAP service): the callbacks not delivered yet, to catch up. */
export const callbackUndeliveredRequest = z
  .object({
    fromDateTime: z.string().datetime({ offset: true }).optional(),
    toDateTime: z.string().datetime({ offset: true }).optional(),
    status: z.enum(['waiting', 'failed', 'paused']).optional(),
    type: z.string().max(40).optional(),
    cursor: z
      .string()
      .regex(/^\d{1,18}$/)
      .optional(),
    limit: z.number().int().min(1).max(200).optional(),
    additionalInfo,
  })
  .describe('Undelivered callbacks (Gerbang extension)');

export const callbackUndeliveredAnswer = answer({
  referenceNo: z.string(),
  events: z.array(
    z.object({
      eventId: z.string().describe('X-Callback-Event-Id of the callback'),
      idCallback: z.string(),
      idTransaksi: z.string(),
      type: z.string(),
      status: z.enum(['waiting', 'failed', 'paused']),
      test: z.boolean(),
      attempts: z.number().int(),
      createdAt: wibTime,
      nextAttemptAt: wibTime.nullable(),
      lastHttpStatus: z.number().int().nullable(),
      body: z.string().describe('The callback body exactly as it is (or was) sent'),
    }),
  ),
  nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null at the end'),
}).describe('Undelivered callbacks, oldest first');
