import { BULK_TRANSFER_ACCESS, REMITTANCE_ACCESS } from './access-rules';
import { defineCall } from './call';
import {
  createBulkScheduleRequest,
  createRemittanceScheduleRequest,
  createScheduleRequest,
  SCHEDULES_ACCESS,
  scheduleIdRequest,
  scheduleItem,
  scheduleListAnswer,
  updateScheduleRequest,
} from './schedules';

/**
 * Scheduled and recurring payouts. The server computes every run time (WIB,
 * rrule) and runs each occurrence once through the payout pipeline; the page only shows it.
 */
export const schedulesCalls = {
  list: defineCall({
    method: 'GET',
    path: '/schedules',
    access: SCHEDULES_ACCESS.manage,
    response: scheduleListAnswer,
  }),
  create: defineCall({
    method: 'POST',
    path: '/schedules',
    access: SCHEDULES_ACCESS.manage,
    request: createScheduleRequest,
    response: scheduleItem,
  }),
  /** A bulk group from the bulk page's Check: scheduling (SCHEDULE) and the bulk page's rule. */
  createBulk: defineCall({
    method: 'POST',
    path: '/schedules/bulk',
    access: {
      ...SCHEDULES_ACCESS.manage,
      alsoPermissions: [BULK_TRANSFER_ACCESS.page.permission],
    },
    request: createBulkScheduleRequest,
    response: scheduleItem,
  }),
  /** A remittance from its checked inquiry: scheduling (SCHEDULE) and the remittance page's rule. */
  createRemittance: defineCall({
    method: 'POST',
    path: '/schedules/remittance',
    access: {
      ...SCHEDULES_ACCESS.manage,
      alsoPermissions: [REMITTANCE_ACCESS.permission],
      mainUserOnly: true,
    },
    request: createRemittanceScheduleRequest,
    response: scheduleItem,
  }),
  update: defineCall({
    method: 'POST',
    path: '/schedules/update',
    access: SCHEDULES_ACCESS.manage,
    request: updateScheduleRequest,
    response: scheduleItem,
  }),
  pause: defineCall({
    method: 'POST',
    path: '/schedules/pause',
    access: SCHEDULES_ACCESS.manage,
    request: scheduleIdRequest,
    response: scheduleItem,
  }),
  resume: defineCall({
    method: 'POST',
    path: '/schedules/resume',
    access: SCHEDULES_ACCESS.manage,
    request: scheduleIdRequest,
    response: scheduleItem,
  }),
  skip: defineCall({
    method: 'POST',
    path: '/schedules/skip',
    access: SCHEDULES_ACCESS.manage,
    request: scheduleIdRequest,
    response: scheduleItem,
  }),
  cancel: defineCall({
    method: 'POST',
    path: '/schedules/cancel',
    access: SCHEDULES_ACCESS.manage,
    request: scheduleIdRequest,
    response: scheduleItem,
  }),
};
