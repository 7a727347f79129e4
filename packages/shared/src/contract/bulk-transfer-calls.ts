import { z } from 'zod';
import { BULK_TRANSFER_ACCESS, INQUIRY_ROUTE_ACCESS } from './access-rules';
import {
  bulkBatchInquiryRequest,
  bulkBatchItem,
  bulkChecksumRequest,
  bulkDecisionRequest,
  bulkGroupQuery,
  bulkGroupSummary,
  bulkInquiryResult,
  bulkRowInquiryRequest,
  bulkSaveRequest,
  bulkSaveResult,
  bulkTransferRow,
} from './bulk-transfer';
import { defineCall } from './call';

/** The sample file the page links to: a static asset of the web app, not an API call. */
export const BULK_TRANSFER_SAMPLE_PATH = '/sample/disbursement.csv';

const groupDecision = z.object({
  group_id: z.number(),
  group_name: z.string(),
  status: z.string(),
});

/**
 * The calls of the bulk transfer page (spec 02 §7 `transaction/checksum`, the bulk variant of
 * `transaction/cashout_inquiry`, `transaction/cashout_save`: the CSV upload, the batch
 * inquiry, the maker–checker calls). Every call needs the page's rule (disbursement ADD,
 * production, activated); deciding on a group needs disbursement APPROVE.
 */
export const bulkTransferCalls = {
  /** The CSV (multipart, field `file`): the checked rows. */
  upload: defineCall({
    method: 'POST',
    path: '/transaction/disbursement_upload',
    access: BULK_TRANSFER_ACCESS.page,
    multipart: true,
    response: z.object({ rows: z.array(bulkTransferRow), count: z.number() }),
  }),
  checksum: defineCall({
    method: 'POST',
    path: '/transaction/checksum',
    access: BULK_TRANSFER_ACCESS.page,
    request: bulkChecksumRequest,
    response: z.object({ uuid_user: z.string(), checksum: z.string() }),
  }),
  /**
   * The spec's per-row inquiry: `transaction/cashout_inquiry` with type_inq bulk and the Check's
   * token (the server's route reads both variants: `cashoutInquiryRoute` in withdraw-calls.ts).
   */
  rowInquiry: defineCall({
    method: 'POST',
    path: '/transaction/cashout_inquiry',
    access: INQUIRY_ROUTE_ACCESS,
    request: bulkRowInquiryRequest,
    response: bulkInquiryResult,
  }),
  /** The batch form: every checked row in one request. */
  inquiryBatch: defineCall({
    method: 'POST',
    path: '/transaction/cashout_inquiry_bulk',
    access: BULK_TRANSFER_ACCESS.page,
    request: bulkBatchInquiryRequest,
    response: z.object({ items: z.array(bulkBatchItem), paid: z.number(), errors: z.number() }),
  }),
  save: defineCall({
    method: 'POST',
    path: '/transaction/cashout_save',
    access: { ...BULK_TRANSFER_ACCESS.page, stepUp: true },
    request: bulkSaveRequest,
    response: bulkSaveResult,
  }),
  waiting: defineCall({
    method: 'GET',
    path: '/transaction/disbursement_waiting',
    access: BULK_TRANSFER_ACCESS.page,
    response: z.object({ groups: z.array(bulkGroupSummary), rule: z.boolean() }),
  }),
  group: defineCall({
    method: 'GET',
    path: '/transaction/disbursement_group',
    access: BULK_TRANSFER_ACCESS.page,
    query: bulkGroupQuery,
    response: bulkGroupSummary,
  }),
  approve: defineCall({
    method: 'POST',
    path: '/transaction/disbursement_approve',
    access: { ...BULK_TRANSFER_ACCESS.approve, stepUp: true },
    request: bulkDecisionRequest,
    response: groupDecision,
  }),
  reject: defineCall({
    method: 'POST',
    path: '/transaction/disbursement_reject',
    access: BULK_TRANSFER_ACCESS.approve,
    request: bulkDecisionRequest,
    response: groupDecision,
  }),
};
