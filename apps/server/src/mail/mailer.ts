import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Database } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** What the mail is for (otp, password_reset, ...), for the dev mailbox and audits. */
  kind: string;
  /** A file sent with the mail (a small statement): its name and its path on this server. */
  attachment?: { name: string; path: string };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Writes many mails to the outbox inside the caller's database transaction (a thousand rows
   * per statement), so they exist exactly when the work that asks for them commits. Call
   * `deliverQueued` after the commit.
   */
  queue(db: Kysely<Database>, messages: readonly MailMessage[]): Promise<number>;
  /** Sends unsent outbox rows through SMTP (a no-op without SMTP: the outbox is the mailbox). */
  deliverQueued(limit?: number): Promise<number>;
}

const QUEUE_CHUNK = 1_000;

type MailerOptions = { smtpUrl: string | null; from: string; log: Logger; now: () => Date };

/**
 * Sends one outbox row through SMTP and records the outcome on it: sent, or the error (the row
 * stays unsent and `deliverQueued` may try it again, up to five attempts).
 */
async function deliverOne(
  db: Kysely<Database>,
  opts: MailerOptions,
  smtp: Transporter,
  row: {
    id: number;
    to_address: string;
    subject: string;
    body_text: string;
    attachment_name?: string | null;
    attachment_path?: string | null;
  },
): Promise<boolean> {
  try {
    await smtp.sendMail({
      from: opts.from,
      to: row.to_address,
      subject: row.subject,
      text: row.body_text,
      attachments:
        row.attachment_name && row.attachment_path
          ? [{ filename: row.attachment_name, path: row.attachment_path }]
          : undefined,
    });
    await db
      .updateTable('mail_outbox')
      .set((eb) => ({ sent_at: opts.now(), attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .execute();
    return true;
  } catch (error) {
    opts.log.error({ err: error, mailId: row.id }, 'smtp send failed');
    await db
      .updateTable('mail_outbox')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        last_error: String(error).slice(0, 500),
      }))
      .where('id', '=', row.id)
      .execute();
    return false;
  }
}

/**
 * Every mail is written to the outbox table first. With SMTP_URL set it is then sent through
 * SMTP and marked sent; without it the outbox is the mailbox (the dev mailbox page reads it in
 * demo mode), so OTP and reset mails work on a fresh clone with no mail server.
 */
export function createMailer(db: Kysely<Database>, opts: MailerOptions): Mailer {
  // nodemailer is loaded with the first mail sent, not at start (a demo start sends none).
  let transport: Promise<Transporter> | null = null;
  const smtp = () => {
    if (!opts.smtpUrl) return null;
    const url = opts.smtpUrl;
    transport ??= import('nodemailer').then((m) => m.default.createTransport(url));
    return transport;
  };
  return {
    async queue(trx, messages) {
      const at = opts.now();
      for (let i = 0; i < messages.length; i += QUEUE_CHUNK) {
        await trx
          .insertInto('mail_outbox')
          .values(
            messages.slice(i, i + QUEUE_CHUNK).map((m) => ({
              to_address: m.to,
              subject: m.subject,
              body_text: m.text,
              kind: m.kind,
              created_at: at,
              attachment_name: m.attachment?.name ?? null,
              attachment_path: m.attachment?.path ?? null,
            })),
          )
          .execute();
      }
      return messages.length;
    },
    async deliverQueued(limit = 500) {
      const transport = await smtp();
      if (!transport) return 0;
      const rows = await db
        .selectFrom('mail_outbox')
        .select(['id', 'to_address', 'subject', 'body_text', 'attachment_name', 'attachment_path'])
        .where('sent_at', 'is', null)
        .where('attempts', '<', 5)
        .orderBy('id')
        .limit(limit)
        .execute();
      let sent = 0;
      for (const row of rows) if (await deliverOne(db, opts, transport, row)) sent += 1;
      return sent;
    },
    async send(message) {
      const row = await db
        .insertInto('mail_outbox')
        .values({
          to_address: message.to,
          subject: message.subject,
          body_text: message.text,
          kind: message.kind,
          created_at: opts.now(),
        })
        .returning(['id', 'to_address', 'subject', 'body_text'])
        .executeTakeFirstOrThrow();
      const transport = await smtp();
      if (transport) await deliverOne(db, opts, transport, row);
    },
  };
}
