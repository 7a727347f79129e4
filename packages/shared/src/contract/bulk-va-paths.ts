/**
 * The calls of the bulk VA page (server routes and web client use these paths) and the sample
 * file; zod-free, so the data pages' VA bank selector can call `data/list_va` without loading zod.
 */
export const BULK_VA_PATHS = {
  listVa: '/data/list_va',
  upload: '/transaction/va_bulk_upload',
  check: '/transaction/va_bulk_check',
  store: '/transaction/store_va_bulk',
  /** Served from the web app's public folder. */
  sample: '/sample/bulkva.csv',
} as const;
