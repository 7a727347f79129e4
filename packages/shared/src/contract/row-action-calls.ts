import { defineCall } from './call';
import {
  favouriteToggled,
  retryCallbackAnswer,
  retryCallbackBody,
  rowIdQuery,
  talanganDeleted,
} from './data-pages';

/**
 * The row actions of the data pages that change a row (spec 03 §2.2, §7.1); the descriptors name
 * them (`kind: 'call'`), the table fills their input from the row. The spec makes two of them
 * GET calls: the server also requires the header our client always sends (a cross-site link
 * cannot), see modules/data-pages/routes.ts.
 */
export const rowActionCalls = {
  /** Sends a failed callback again (the callback monitor): UPDATE, and READ checked in the handler. */
  retryCallback: defineCall({
    method: 'POST',
    path: '/control/retry_callback',
    access: { permission: { module: 'data_callback', action: 'UPDATE' } },
    request: retryCallbackBody,
    response: retryCallbackAnswer,
  }),
  /** Turns a favourite account on or off. */
  toggleFavourite: defineCall({
    method: 'GET',
    path: '/data/set_change_status_account_favourite',
    access: {
      permission: { module: 'data_setting_account_favourite', action: 'UPDATE' },
      apiEnabled: true,
    },
    query: rowIdQuery,
    response: favouriteToggled,
  }),
  /** Deletes an advance-funds request still New. */
  deleteTalangan: defineCall({
    method: 'GET',
    path: '/data/delete_talangan',
    access: { permission: { module: 'data_dana_talangan', action: 'ADD' }, apiEnabled: true },
    query: rowIdQuery,
    response: talanganDeleted,
  }),
};
