import type { Envelope } from '@gerbang/shared';
import type { AnyCall } from '@gerbang/shared/contract/call';
import { client } from '../../lib/api';

/**
 * How the factor components send a call: the portal's client (its session and CSRF token), or
 * the console's (the staff session's). Answers are read as the calls' contract says.
 */
export type Caller = (call: AnyCall, input?: unknown) => Promise<Envelope<any>>;

/** The portal's client, silent: the components show refusals in place. */
export const portalCaller: Caller = (call, input) =>
  client.call(call as never, input as never, { silent: true } as never);
