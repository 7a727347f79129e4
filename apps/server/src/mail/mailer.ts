import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Database } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** What the mail is for (otp, password_reset, ...), for the dev mailbox and audits. */
  kind: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Every mail is written to the outbox table first. With SMTP_URL set it is then sent through
 * SMTP and marked sent; without it the outbox is the mailbox (the dev mailbox page reads it in
 * demo mode), so OTP and reset mails work on a fresh clone with no mail server.
 */
export function createMailer(
  db: Kysely<Database>,
  opts: { smtpUrl: string | null; from: string; log: Logger },
): Mailer {
  const transport: Transporter | null = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : null;
  return {
    async send(message) {
      const row = await db
        .insertInto('mail_outbox')
        .values({
          to_address: message.to,
          subject: message.subject,
          body_text: message.text,
          kind: message.kind,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) return;
      try {
        await transport.sendMail({
          from: opts.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
        await db
          .updateTable('mail_outbox')
          .set({ sent_at: new Date(), attempts: 1 })
          .where('id', '=', row.id)
          .execute();
      } catch (error) {
        // The row stays unsent with its error; the mail worker retries it.
        opts.log.error({ err: error, mailId: row.id }, 'smtp send failed');
        await db
          .updateTable('mail_outbox')
          .set({ attempts: 1, last_error: String(error).slice(0, 500) })
          .where('id', '=', row.id)
          .execute();
      }
    },
  };
}
