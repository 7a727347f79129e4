import { z } from 'zod';
import { ALERT_ACCESS, consoleAlertRow, lowBalanceRequest, lowBalanceSetting } from './alerts';
import { defineCall } from './call';

/** The low-balance setting of the session's environment and the console's alert list. */
export const alertCalls = {
  lowBalance: defineCall({
    method: 'GET',
    path: '/settings/low_balance',
    access: ALERT_ACCESS.read,
    response: lowBalanceSetting,
  }),
  setLowBalance: defineCall({
    method: 'POST',
    path: '/settings/low_balance',
    access: ALERT_ACCESS.change,
    request: lowBalanceRequest,
    response: lowBalanceSetting,
  }),
  /** The alerts raised across merchants, newest first (the console's queues page). */
  consoleAlerts: defineCall({
    method: 'GET',
    path: '/console/alerts',
    access: { console: { module: 'console_merchants', action: 'READ' } },
    response: z.array(consoleAlertRow),
  }),
};
