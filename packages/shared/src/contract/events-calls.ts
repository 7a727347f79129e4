import { defineCall, RAW_ANSWER } from './call';

/** The live event streams (server-sent events, ADR 017). */
export const eventsCalls = {
  /** The session's agent and environment, filtered by the session's rights; one per tab. */
  stream: defineCall({
    method: 'GET',
    path: '/events',
    access: {},
    response: RAW_ANSWER,
  }),
};
