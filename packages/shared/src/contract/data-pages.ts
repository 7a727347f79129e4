import { z } from 'zod';

/**
 * The data pages' calls (spec 03 §7.1): one `GET data/{path}` per page with the same query string
 * and answer, and the row actions that change a row. The descriptors (data-pages/) say what each
 * page shows; these schemas say what travels.
 */

const optionalText = z.string().max(8_000).optional();

/**
 * The query string of every data page (spec 03 §7.1). Each value is text here; the server's plan
 * checks it against the page (columns, operators, page sizes) and answers the page's own messages.
 */
export const dataPageQuery = z.object({
  page: optionalText,
  limit: optionalText,
  sort: optionalText,
  filters: optionalText,
  param: optionalText,
  vaCode: optionalText,
  key: optionalText,
  value: optionalText,
  date: optionalText,
  exportCsv: optionalText,
});
export type DataPageQuery = z.input<typeof dataPageQuery>;

/** One page of rows: `{ total, data }`, the row keys being the page's column names. */
export const dataPageAnswer = z.object({
  total: z.number().int().min(0),
  /**
   * Present (true) when `total` is an estimate: a wide range with a filter the count rollups do
   * not cover and more than 10,000 matching rows. The page shows "about N".
   */
  estimated: z.literal(true).optional(),
  data: z.array(z.record(z.string(), z.unknown())),
});

/** What the download button gets back (`exportCsv=1`): the job listed at /data/export_data. */
export const exportJobCreated = z.object({ id: z.number().int(), status: z.number().int() });
export type ExportJobCreated = z.infer<typeof exportJobCreated>;

/** A page's answer: its rows, or with `exportCsv=1` the export job it queued. */
export const dataPageResponse = z.union([dataPageAnswer, exportJobCreated]);

/** The row actions' id (a bigint column, sent as text by the GET actions). */
export const rowIdQuery = z.object({
  id: z.string().regex(/^\d{1,18}$/, 'common.errors.invalidInput'),
});

/** POST control/retry_callback: the callback row to send again. */
export const retryCallbackBody = z.object({
  id_callback: z.union([z.number().int().positive(), z.string().regex(/^\d{1,18}$/)], {
    message: 'common.errors.invalidInput',
  }),
});

/** The queued retry: the row and its status (0, waiting to be sent). */
export const retryCallbackAnswer = z.object({
  id_callback: z.number().int(),
  status_sent: z.number().int(),
});

/** The favourite account after the toggle. */
export const favouriteToggled = z.object({ id: z.number().int(), is_active: z.boolean() });

/** The deleted advance-funds request. */
export const talanganDeleted = z.object({ id: z.number().int() });
