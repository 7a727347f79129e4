import { z } from 'zod';
import { BULK_VA_ACCESS } from './access-rules';
import {
  bulkVaCheckRequest,
  bulkVaUploadResult,
  listVaQuery,
  storeVaBulkRequest,
  storeVaBulkResult,
  vaBankItem,
} from './bulk-va';
import { defineCall } from './call';

/** The sample file the page links to: a static asset of the web app, not an API call. */
export const BULK_VA_SAMPLE_PATH = '/sample/bulkva.csv';

/**
 * The calls of the bulk VA page (spec 03 §2.8, §7.1 `data/list_va`, §7.6; spec 02 §7
 * `transaction/store_va_bulk`). Every call but the bank list needs BULK_VA_ACCESS.create —
 * CREATE on bulk_virtual_account, API enabled, a main account — the rule the page guard and the
 * menu use. The data pages' VA bank selector calls `listVa` too: with the schemas stripped from
 * the web build, this module loads no zod.
 */
export const bulkVaCalls = {
  /**
   * A lookup of bank names, as public as the payer's own `public/list_va`: the bulk VA form and
   * the VA data pages' bank selector (whose readers need not create bulk VAs) both use it.
   */
  listVa: defineCall({
    method: 'GET',
    path: '/data/list_va',
    access: {},
    query: listVaQuery,
    response: z.array(vaBankItem),
  }),
  /** The CSV or XLSX file (multipart, field `file`): the rows as read, for the table. */
  upload: defineCall({
    method: 'POST',
    path: '/transaction/va_bulk_upload',
    access: BULK_VA_ACCESS.create,
    multipart: true,
    response: bulkVaUploadResult,
  }),
  /** The rows and the account password, before the group dialog. */
  check: defineCall({
    method: 'POST',
    path: '/transaction/va_bulk_check',
    access: BULK_VA_ACCESS.create,
    request: bulkVaCheckRequest,
    response: z.object({ count: z.number() }),
  }),
  /** The rows, the password, the group's name and description and the transaction PIN. */
  store: defineCall({
    method: 'POST',
    path: '/transaction/store_va_bulk',
    access: BULK_VA_ACCESS.create,
    request: storeVaBulkRequest,
    response: storeVaBulkResult,
  }),
};
