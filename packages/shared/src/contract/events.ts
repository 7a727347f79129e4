/**
 * Live events (ADR 017): what `GET /api/events` streams to a logged-in tab and
 * `GET /api/public/payment_events` to the public pay page. Plain types and constants, no zod: the
 * web shell's stream store imports this module and stays small.
 */
import type { AccessRequirement } from '../domain/access-rule';
import { APPROVE_PERMISSION } from '../domain/approvals';
import { BALANCE_VIEW_PERMISSION } from '../domain/permissions';

export const EVENT_TYPES = [
  'balance',
  'transaction',
  'callback',
  'bulk',
  'export',
  'approval',
  'topup',
  'pay',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * Who receives each type on the session stream: a tab gets an event when ANY of the type's rules
 * allows its session (the same `evaluateAccess` the routes use). The balance follows the header's
 * balance call (a user flagged "no balance", denied balance_view READ, gets none); the others
 * follow the page that shows them.
 */
export const EVENT_ACCESS: Record<EventType, readonly AccessRequirement[]> = {
  balance: [{ permission: BALANCE_VIEW_PERMISSION }],
  transaction: [
    { permission: { module: 'data_transaction', action: 'READ' } },
    { permission: { module: 'home', action: 'READ' } },
  ],
  callback: [
    { permission: { module: 'data_callback', action: 'READ' } },
    { permission: { module: 'callback', action: 'READ' } },
  ],
  bulk: [
    { permission: { module: 'data_disbursement', action: 'READ' } },
    { permission: { module: 'disbursement', action: 'ADD' } },
  ],
  export: [{ permission: { module: 'data_export_data', action: 'READ' } }],
  approval: Object.values(APPROVE_PERMISSION).map((permission) => ({ permission })),
  topup: [{ permission: { module: 'topup', action: 'READ' } }],
  pay: [{ permission: { module: 'request_payment', action: 'READ' } }],
};

/** One event as the stream's `data:` line carries it (`id` is the event's own, for de-duplication). */
export interface LiveEvent<P = Record<string, unknown>> {
  id: number;
  type: EventType | 'reset';
  payload: P;
}

export interface BalancePayload {
  balance: number;
  hold_balance: number;
}

/**
 * The replay window: a reconnect's `Last-Event-ID` is answered from the events table when it is
 * inside the last 24 hours and at most this many of the caller's events behind; otherwise the
 * stream sends `reset` (reload what the page shows) and goes on live.
 */
export const EVENT_REPLAY_MAX = 10_000;
export const EVENT_RETENTION_HOURS = 24;
/** The browser reconnects this long after the stream drops (the SSE `retry:` field). */
export const EVENT_RETRY_MS = 2_000;
