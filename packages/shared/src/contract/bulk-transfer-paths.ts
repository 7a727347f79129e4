/**
 * The bulk-transfer calls' paths and the group answer, without schemas: pages that only list or
 * decide groups (the waiting-groups panel of /data/disbursement) import this and stay zod-free.
 */
export const BULK_TRANSFER_PATHS = {
  upload: '/transaction/disbursement_upload',
  checksum: '/transaction/checksum',
  /** The spec's per-row call is `/transaction/cashout_inquiry` with `type_inq: 'bulk'`. */
  inquiryRow: '/transaction/cashout_inquiry',
  /** The batch form: every checked row in one request. */
  inquiryBatch: '/transaction/cashout_inquiry_bulk',
  save: '/transaction/cashout_save',
  waiting: '/transaction/disbursement_waiting',
  group: '/transaction/disbursement_group',
  approve: '/transaction/disbursement_approve',
  reject: '/transaction/disbursement_reject',
  rule: '/transaction/disbursement_approval_rule',
  sample: '/sample/disbursement.csv',
} as const;

export const GROUP_STATUSES = ['WAITING_APPROVAL', 'REJECTED', 'RUNNING', 'DONE'] as const;
export type BulkGroupStatus = (typeof GROUP_STATUSES)[number];

export interface BulkGroupSummary {
  id: number;
  group_name: string;
  group_desc: string;
  status: BulkGroupStatus;
  detail_count: number;
  total_amount: number;
  total_fee: number;
  maker: string;
  created_date: string;
  /** Rows by spec status: -2 On Process, -1 Queue, 0 New, 1 Success, 2 Failed. */
  counts: Record<string, number>;
  own: boolean;
}
