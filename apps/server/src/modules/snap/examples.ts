/**
 * The examples of /snap/openapi.json, by path: a request a partner can send as it is (the contract
 * test sends each, in the document's order, and holds the live answer to the schema) and the
 * success answer it gets. The same throwaway credentials as docs/api.md "Signed examples".
 */

const rupiah = (value: number) => ({ value: `${value}.00`, currency: 'IDR' });

const CLIENT_ID = 'GBS-4F1A2B3C4D5E6F7A8B';
const AT = '2026-11-23T10:00:00+07:00';
const VA = {
  partnerServiceId: '    8014',
  customerNo: '000012345678',
  virtualAccountNo: '    8014000012345678',
};
const SUCCESS = 'Successful';

export interface SnapExample {
  request: unknown;
  answer: unknown;
}

export const SNAP_EXAMPLES: Record<string, SnapExample> = {
  '/snap/v1.0/access-token/b2b': {
    request: { grantType: 'client_credentials' },
    answer: {
      responseCode: '2007300',
      responseMessage: SUCCESS,
      accessToken: 'Zk3n0-EXAMPLE-TOKEN-pQ8sLrT2vYb6XcWmJh4Ad',
      tokenType: 'Bearer',
      expiresIn: '900',
    },
  },
  '/snap/v1.0/balance-inquiry': {
    request: { partnerReferenceNo: 'BAL-1' },
    answer: {
      responseCode: '2001100',
      responseMessage: SUCCESS,
      referenceNo: '41000001',
      partnerReferenceNo: 'BAL-1',
      accountNo: CLIENT_ID,
      name: CLIENT_ID,
      accountInfos: [
        {
          balanceType: 'Cash',
          amount: rupiah(25_150_000),
          availableBalance: rupiah(25_000_000),
          holdAmount: rupiah(150_000),
          status: '0001',
        },
      ],
    },
  },
  '/snap/v1.0/account-inquiry-external': {
    request: { beneficiaryBankCode: '014', beneficiaryAccountNo: '1234567890' },
    answer: {
      responseCode: '2001600',
      responseMessage: SUCCESS,
      referenceNo: '41000002',
      partnerReferenceNo: '',
      beneficiaryAccountName: 'BUDI SANTOSO',
      beneficiaryAccountNo: '1234567890',
      beneficiaryBankCode: '014',
      beneficiaryBankName: 'Bank BCA',
      currency: 'IDR',
    },
  },
  '/snap/v1.0/account-inquiry-internal': {
    request: { partnerReferenceNo: 'INQ-0001', beneficiaryAccountNo: '8014000012345678' },
    answer: {
      responseCode: '2001500',
      responseMessage: SUCCESS,
      referenceNo: '41000004',
      partnerReferenceNo: 'INQ-0001',
      beneficiaryAccountName: 'Budi Santoso',
      beneficiaryAccountNo: '8014000012345678',
      beneficiaryAccountStatus: 'Active',
      currency: 'IDR',
      additionalInfo: { bankCode: '014', bankName: 'Bank BCA' },
    },
  },
  '/snap/v1.0/transfer-interbank': {
    request: {
      partnerReferenceNo: 'INV-0001',
      amount: rupiah(100_000),
      beneficiaryAccountNo: '1234567890',
      beneficiaryBankCode: '014',
      transactionDate: AT,
    },
    answer: {
      responseCode: '2001800',
      responseMessage: SUCCESS,
      referenceNo: 'WD261123100000123456',
      partnerReferenceNo: 'INV-0001',
      amount: rupiah(100_000),
      beneficiaryAccountNo: '1234567890',
      beneficiaryBankCode: '014',
      sourceAccountNo: '',
      transactionDate: AT,
      additionalInfo: { fee: rupiah(2_500), latestTransactionStatus: '00' },
    },
  },
  '/snap/v1.0/transfer/status': {
    request: { originalPartnerReferenceNo: 'INV-0001', serviceCode: '18' },
    answer: {
      responseCode: '2003600',
      responseMessage: SUCCESS,
      originalReferenceNo: 'WD261123100000123456',
      originalPartnerReferenceNo: 'INV-0001',
      originalExternalId: '41000003',
      serviceCode: '18',
      transactionDate: AT,
      amount: rupiah(100_000),
      beneficiaryAccountNo: '1234567890',
      beneficiaryBankCode: '014',
      latestTransactionStatus: '00',
      transactionStatusDesc: 'Success',
      additionalInfo: {
        fee: rupiah(2_500),
        beneficiaryAccountName: 'BUDI SANTOSO',
        completedAt: '23-11-2026 10:00 WIB',
      },
    },
  },
  '/snap/v1.0/transfer-va/create-va': {
    request: {
      virtualAccountName: 'Budi Santoso',
      trxId: 'ORDER-77',
      totalAmount: rupiah(150_000),
      virtualAccountTrxType: 'C',
      expiredDate: '2026-11-24T10:00:00+07:00',
      additionalInfo: { bankCode: '014' },
    },
    answer: vaAnswer('2002700', { totalAmount: rupiah(150_000), active: true }),
  },
  '/snap/v1.0/transfer-va/update-va': {
    request: { ...VA, trxId: 'ORDER-77', totalAmount: rupiah(175_000) },
    answer: vaAnswer('2002800', { totalAmount: rupiah(175_000), active: true }),
  },
  '/snap/v1.0/transfer-va/delete-va': {
    request: { ...VA, trxId: 'ORDER-77' },
    answer: vaAnswer('2003100', { totalAmount: rupiah(175_000), active: false }),
  },
  '/snap/v1.0/transfer-va/inquiry-va': {
    request: { ...VA, trxId: 'ORDER-77' },
    answer: vaAnswer('2003000', { totalAmount: rupiah(175_000), active: false }),
  },
  '/snap/v1.0/transfer-va/status': {
    request: { ...VA, trxId: 'ORDER-77' },
    answer: {
      responseCode: '2002600',
      responseMessage: SUCCESS,
      virtualAccountData: {
        ...VA,
        trxId: 'ORDER-77',
        paymentRequestId: '',
        paidAmount: rupiah(0),
        paymentFlagStatus: '01',
        paymentFlagReason: { english: 'Not paid', indonesia: 'Belum dibayar' },
        trxDateTime: null,
      },
    },
  },
  '/snap/v1.0/qr/qr-mpm-generate': {
    request: { partnerReferenceNo: 'QR-0001', amount: rupiah(30_000) },
    answer: {
      responseCode: '2004700',
      responseMessage: SUCCESS,
      referenceNo: 'QR17833894041539',
      partnerReferenceNo: 'QR-0001',
      qrContent: '00020101021226...6304ABCD',
      merchantName: '',
      additionalInfo: { validUntil: '2026-11-23T10:30:00+07:00', amount: rupiah(30_000) },
    },
  },
  '/snap/v1.0/qr/qr-mpm-query': {
    request: { originalPartnerReferenceNo: 'QR-0001', serviceCode: '47' },
    answer: {
      responseCode: '2005100',
      responseMessage: SUCCESS,
      originalReferenceNo: 'QR17833894041539',
      originalPartnerReferenceNo: 'QR-0001',
      serviceCode: '47',
      latestTransactionStatus: '03',
      transactionStatusDesc: 'Pending',
      paidTime: null,
      amount: rupiah(30_000),
      additionalInfo: { paymentRequestId: null, refundedAmount: rupiah(0) },
    },
  },
  '/snap/v1.0/qr/qr-mpm-refund': {
    request: {
      originalPartnerReferenceNo: 'QR-0001',
      partnerRefundNo: 'RF-0001',
      refundAmount: rupiah(10_000),
      reason: 'Out of stock',
    },
    answer: {
      responseCode: '2007800',
      responseMessage: SUCCESS,
      originalPartnerReferenceNo: 'QR-0001',
      originalReferenceNo: 'QR17833894041539',
      partnerRefundNo: 'RF-0001',
      refundNo: 'RF17833894041540',
      refundAmount: rupiah(10_000),
      refundTime: '2026-11-23T10:05:00+07:00',
      additionalInfo: { paymentRequestId: 'PAY2611231000001' },
    },
  },
  '/snap/v1.0/callback/undelivered': {
    request: { fromDateTime: '2026-11-22T00:00:00+07:00', status: 'failed', limit: 50 },
    answer: {
      responseCode: '2009000',
      responseMessage: SUCCESS,
      referenceNo: '41000009',
      events: [
        {
          eventId: '8a4f1f0e-6c1b-4d1e-9d0a-2b7c3e5f6a71',
          idCallback: '1042',
          idTransaksi: 'WD261123100000123456',
          type: 'disbursement',
          status: 'failed',
          test: false,
          attempts: 11,
          createdAt: AT,
          nextAttemptAt: null,
          lastHttpStatus: 500,
          body: '{"type":"disbursement","id_transaksi":"WD261123100000123456","status_trx":"SUCCESS"}',
        },
      ],
      nextCursor: null,
    },
  },
};

/** The answer of every VA call but status: the VA as it stands. */
function vaAnswer(responseCode: string, state: { totalAmount: unknown; active: boolean }) {
  return {
    responseCode,
    responseMessage: SUCCESS,
    virtualAccountData: {
      ...VA,
      virtualAccountName: 'Budi Santoso',
      trxId: 'ORDER-77',
      totalAmount: state.totalAmount,
      virtualAccountTrxType: 'C',
      expiredDate: '2026-11-24T10:00:00+07:00',
      additionalInfo: { bankCode: '014', active: state.active },
    },
  };
}

export const PAYMENT_NOTIFICATION_EXAMPLE = {
  type: 'va_payment',
  ...VA,
  virtualAccountName: 'Budi Santoso',
  trxId: 'ORDER-77',
  paymentRequestId: 'PY202611231005000123456',
  paidAmount: rupiah(150_000),
  trxDateTime: '2026-11-23T10:05:00+07:00',
  latestTransactionStatus: '00',
  additionalInfo: { fee: rupiah(4_000), bankCode: '014' },
};

/** The SNAP-signed notifications (webhook snapPaymentNotification), as snap-notification.ts writes them. */
export const SNAP_VA_NOTICE_EXAMPLE = {
  ...VA,
  virtualAccountName: 'Budi Santoso',
  trxId: 'ORDER-77',
  paymentRequestId: 'PY202611231005000123456',
  paidAmount: rupiah(150_000),
  totalAmount: rupiah(150_000),
  trxDateTime: '2026-11-23T10:05:00+07:00',
  paymentFlagStatus: '00',
  paymentFlagReason: { english: 'Success', indonesia: 'Sukses' },
  additionalInfo: { fee: rupiah(4_000), bankCode: '014' },
};

export const SNAP_QRIS_NOTICE_EXAMPLE = {
  originalReferenceNo: 'QR17833894041539',
  originalPartnerReferenceNo: 'QR-0001',
  latestTransactionStatus: '00',
  transactionStatusDesc: 'Success',
  amount: rupiah(30_000),
  additionalInfo: {
    paymentRequestId: 'PY202611231005000123457',
    paidTime: '2026-11-23T10:05:00+07:00',
    fee: rupiah(210),
  },
};
