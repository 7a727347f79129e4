import { z } from 'zod';
import { defineRoute, ok } from '../http/route';

/**
 * GET /dev/mailbox: the outbox as JSON, newest first. Registered in demo and test mode only
 * (never in production), so people and browser tests can read OTP and reset mails.
 */
export const devMailboxRoutes = [
  defineRoute({
    method: 'GET',
    url: '/dev/mailbox',
    access: { public: true, reason: 'demo-only dev mailbox; not registered in production' },
    query: z.object({
      to: z.string().optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    handler: async ({ services, query }) => {
      let q = services.db
        .selectFrom('mail_outbox')
        .select(['id', 'to_address as to', 'subject', 'body_text as text', 'kind', 'created_at'])
        .orderBy('id', 'desc')
        .limit(query.limit);
      if (query.to) q = q.where('to_address', '=', query.to);
      return ok(await q.execute());
    },
  }),
];
