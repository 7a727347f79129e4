import { z } from 'zod';

/**
 * The demo and test pages' own calls (never registered in production): the dev mailbox and the
 * test clock. The payer simulator's schemas are in payins.ts and payins-simulator.ts.
 */

/** GET /dev/mailbox */
export const mailboxQuery = z.object({
  /** Only the mails to this address. */
  to: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** One mail of the outbox, newest first. */
export const outboxMail = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.string(),
  /** ISO instant. */
  created_at: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMail>;

/** POST /dev/clock: `at` sets the clock (it runs on from there); without it, back to real time. */
export const devClockRequest = z.object({
  test_key: z.string().max(200),
  at: z.iso
    .datetime({ offset: true })
    .refine((v) => {
      const year = new Date(v).getUTCFullYear();
      return year >= 2000 && year <= 2100;
    })
    .optional(),
});

export const devClockAnswer = z.object({ now: z.string() });

/**
 * POST /dev/simulator/rename_account: the simulated rail answers this name for the
 * account from now on — a saved beneficiary's next payout is then held for a name mismatch.
 * `name` empty gives the account its own name back.
 */
export const simulatorRenameRequest = z.object({
  kind: z.enum(['BANK', 'VA', 'EWALLET'], { error: 'simulator.rename.kind' }),
  code: z.string().trim().min(1, { error: 'simulator.rename.code' }).max(20),
  account_number: z
    .string()
    .trim()
    .min(1, { error: 'simulator.rename.number' })
    .max(24, { error: 'simulator.rename.number' }),
  name: z.string().trim().max(60, { error: 'simulator.rename.name' }).optional().default(''),
});
export const simulatorRenameAnswer = z.object({ name: z.string() });
