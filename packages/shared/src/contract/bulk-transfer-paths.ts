/**
 * The bulk-transfer page's sample file, a static asset (not an API call): pages link it without
 * loading the contract's schemas.
 */
export const BULK_TRANSFER_SAMPLE_PATH = '/sample/disbursement.csv';

export const GROUP_STATUSES = ['WAITING_APPROVAL', 'REJECTED', 'RUNNING', 'DONE'] as const;
export type BulkGroupStatus = (typeof GROUP_STATUSES)[number];
