import { z } from 'zod';
import { defineCall, RAW_ANSWER } from './call';
import {
  CALLBACK_ACCESS,
  callbackAttemptsAnswer,
  callbackAttemptsQuery,
  callbackSinkEntry,
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
