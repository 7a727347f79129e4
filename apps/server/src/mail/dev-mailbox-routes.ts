import { devCalls } from '@gerbang/shared/contract/dev-calls';
import { defineRoute, ok } from '../http/route';

/**
 * GET /dev/mailbox: the outbox as JSON, newest first. Registered in demo and test mode only
 * (never in production), so people and browser tests can read OTP and reset mails.
 */
export const devMailboxRoutes = [
  defineRoute(devCalls.mailbox, async ({ services, query }) => {
    let q = services.db
      .selectFrom('mail_outbox')
      .select(['id', 'to_address as to', 'subject', 'body_text as text', 'kind', 'created_at'])
      .orderBy('id', 'desc')
      .limit(query.limit);
    if (query.to) q = q.where('to_address', '=', query.to);
    const mails = await q.execute();
    return ok(mails.map((m) => ({ ...m, created_at: new Date(m.created_at).toISOString() })));
  }),
];
