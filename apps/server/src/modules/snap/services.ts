import { balanceInquiry } from './balance';
import { callbackUndelivered } from './callback-catch-up';
import { SERVICE } from './codes';
import { accountInquiryInternal } from './internal-account';
import type { SnapServiceSpec } from './pipeline';
import { qrisGenerate, qrisQuery } from './qris';
import { qrisRefund } from './qris-refund';
import {
  accountInquiryExternalAnswer,
  accountInquiryExternalRequest,
  accountInquiryInternalAnswer,
  accountInquiryInternalRequest,
  balanceInquiryAnswer,
  balanceInquiryRequest,
  callbackUndeliveredAnswer,
  callbackUndeliveredRequest,
  createVaAnswer,
  createVaRequest,
  deleteVaAnswer,
  inquiryVaAnswer,
  qrisGenerateAnswer,
  qrisGenerateRequest,
  qrisQueryAnswer,
  qrisQueryRequest,
  qrisRefundAnswer,
  qrisRefundRequest,
  transferInterbankAnswer,
  transferInterbankRequest,
  transferStatusAnswer,
  transferStatusRequest,
  updateVaAnswer,
  updateVaRequest,
  vaKeyRequest,
  vaStatusAnswer,
  vaStatusRequest,
} from './schemas';
import { accountInquiry, transferInterbank, transferStatus } from './transfer';
import { createVa, deleteVa, inquiryVa, updateVa, vaStatus } from './va';

/**
 * The signed SNAP service calls: routes.ts serves exactly this list and openapi.ts documents it
 * (both read it here, so the document does not import the routes that serve it). `answer` is the
 * success body the document promises; the API tests hold every answer to it.
 */
export const SNAP_SERVICES = [
  {
    path: '/snap/v1.0/balance-inquiry',
    service: SERVICE.balanceInquiry,
    scope: 'balance:read',
    summary: 'Balance inquiry',
    body: balanceInquiryRequest,
    answer: balanceInquiryAnswer,
    run: balanceInquiry,
  },
  {
    path: '/snap/v1.0/account-inquiry-external',
    service: SERVICE.accountInquiryExternal,
    scope: 'transfer:read',
    summary: 'Account inquiry (other bank)',
    body: accountInquiryExternalRequest,
    answer: accountInquiryExternalAnswer,
    run: accountInquiry,
  },
  {
    path: '/snap/v1.0/transfer-interbank',
    service: SERVICE.transferInterbank,
    scope: 'transfer:write',
    summary: 'Interbank transfer (payout; limit 50,000,000; fee as in the portal)',
    body: transferInterbankRequest,
    answer: transferInterbankAnswer,
    run: transferInterbank,
  },
  {
    path: '/snap/v1.0/transfer/status',
    service: SERVICE.transferStatus,
    scope: 'transfer:read',
    summary: 'Transfer status by originalPartnerReferenceNo',
    body: transferStatusRequest,
    answer: transferStatusAnswer,
    run: transferStatus,
  },
  {
    path: '/snap/v1.0/transfer-va/create-va',
    service: SERVICE.vaCreate,
    scope: 'va:write',
    summary: 'Create virtual account',
    body: createVaRequest,
    answer: createVaAnswer,
    run: createVa,
  },
  {
    path: '/snap/v1.0/transfer-va/update-va',
    service: SERVICE.vaUpdate,
    scope: 'va:write',
    summary: 'Update virtual account',
    body: updateVaRequest,
    answer: updateVaAnswer,
    run: updateVa,
  },
  {
    path: '/snap/v1.0/transfer-va/delete-va',
    service: SERVICE.vaDelete,
    scope: 'va:write',
    summary: 'Delete (close) virtual account',
    body: vaKeyRequest,
    answer: deleteVaAnswer,
    run: deleteVa,
  },
  {
    path: '/snap/v1.0/transfer-va/inquiry-va',
    service: SERVICE.vaInquiry,
    scope: 'va:read',
    summary: 'Inquiry virtual account',
    body: vaKeyRequest,
    answer: inquiryVaAnswer,
    run: inquiryVa,
  },
  {
    path: '/snap/v1.0/transfer-va/status',
    service: SERVICE.vaStatus,
    scope: 'va:read',
    summary: 'Virtual account payment status',
    body: vaStatusRequest,
    answer: vaStatusAnswer,
    run: vaStatus,
  },
  {
    path: '/snap/v1.0/qr/qr-mpm-generate',
    service: SERVICE.qrisGenerate,
    scope: 'qris:write',
    summary: 'QRIS MPM generate',
    body: qrisGenerateRequest,
    answer: qrisGenerateAnswer,
    run: qrisGenerate,
  },
  {
    path: '/snap/v1.0/qr/qr-mpm-query',
    service: SERVICE.qrisQuery,
    scope: 'qris:read',
    summary: 'QRIS MPM query',
    body: qrisQueryRequest,
    answer: qrisQueryAnswer,
    run: qrisQuery,
  },
  {
    path: '/snap/v1.0/account-inquiry-internal',
    service: SERVICE.accountInquiryInternal,
    scope: 'transfer:read',
    summary: 'Account inquiry (a virtual account Gerbang issued: its name)',
    body: accountInquiryInternalRequest,
    answer: accountInquiryInternalAnswer,
    run: accountInquiryInternal,
  },
  {
    path: '/snap/v1.0/qr/qr-mpm-refund',
    service: SERVICE.qrisRefund,
    scope: 'qris:write',
    summary:
      'QRIS MPM refund (full or partial, up to the paid amount; idempotent by partnerRefundNo)',
    body: qrisRefundRequest,
    answer: qrisRefundAnswer,
    run: qrisRefund,
  },
  {
    path: '/snap/v1.0/callback/undelivered',
    service: SERVICE.callbackUndelivered,
    scope: 'callback:read',
    summary:
      'Undelivered callbacks, oldest first, by page (Gerbang extension: catch up after downtime)',
    body: callbackUndeliveredRequest,
    answer: callbackUndeliveredAnswer,
    run: callbackUndelivered,
  },
] as const satisfies readonly SnapServiceSpec<any>[];
