import { z } from 'zod';
import { defineCall, RAW_ANSWER } from './call';
import {
  CALLBACK_ACCESS,
  callbackAttemptsAnswer,
  callbackAttemptsQuery,
  callbackEndpoint,
  callbackEndpointEnableAnswer,
  callbackEndpointEnableRequest,
  callbackResendAnswer,
  callbackResendRequest,
  callbackSinkEntry,
  callbackTestAnswer,
  callbackTestRequest,
  undeliveredPage,
  undeliveredQuery,
} from './callbacks';

/** The callback log's attempts and the demo receiver (demo and test mode only). */
export const callbackCalls = {
  /** The attempt log of one of the caller's callback rows (the popup on /data/callback). */
  attempts: defineCall({
    method: 'GET',
    path: '/data/callback_attempts',
    access: CALLBACK_ACCESS.read,
    query: callbackAttemptsQuery,
    response: callbackAttemptsAnswer,
  }),
  /** The webhook console: undelivered rows, oldest first, paginated by `next_cursor`. */
  undelivered: defineCall({
    method: 'GET',
    path: '/data/callback_undelivered',
    access: CALLBACK_ACCESS.read,
    query: undeliveredQuery,
    response: undeliveredPage,
  }),
  /** Queues every Failed (and Sent, when asked) row of a window for one attempt; idempotent. */
  resend: defineCall({
    method: 'POST',
    path: '/data/callback_resend',
    access: CALLBACK_ACCESS.change,
    request: callbackResendRequest,
    response: callbackResendAnswer,
  }),
  /** Sends a test event of one type, signed like a real one and marked as a test. */
  sendTest: defineCall({
    method: 'POST',
    path: '/data/callback_test',
    access: CALLBACK_ACCESS.change,
    request: callbackTestRequest,
    response: callbackTestAnswer,
  }),
  /** The agent's endpoints the sender disabled (and their paused rows). */
  endpoints: defineCall({
    method: 'GET',
    path: '/data/callback_endpoints',
    access: CALLBACK_ACCESS.read,
    response: z.array(callbackEndpoint),
  }),
  /** Re-enables a disabled endpoint: its paused rows are sent again at once. */
  enableEndpoint: defineCall({
    method: 'POST',
    path: '/data/callback_endpoint_enable',
    access: CALLBACK_ACCESS.change,
    request: callbackEndpointEnableRequest,
    response: callbackEndpointEnableAnswer,
  }),
  /**
   * The demo receiver: `?status=500` answers with that status and `?delay_ms=12000` answers
   * late, so a person can watch retries and timeouts. It answers a plain `{rc, rd}`.
   */
  sink: defineCall({
    method: 'POST',
    path: '/dev/callback_sink',
    access: {
      public: true,
      reason: 'demo-only callback receiver, called by the callback sender; not in production',
    },
    query: z.object({
      status: z.coerce.number().int().min(200).max(599).optional(),
      delay_ms: z.coerce.number().int().min(0).max(15_000).optional(),
    }),
    response: RAW_ANSWER,
  }),
  /** What the demo receiver got for the caller's agent in the session's environment. */
  sinkLog: defineCall({
    method: 'GET',
    path: '/dev/callback_sink',
    access: {},
    response: z.array(callbackSinkEntry),
  }),
};
