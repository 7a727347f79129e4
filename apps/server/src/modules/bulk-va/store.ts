/**
 * Saving a bulk VA group (spec 02 §7 `transaction/store_va_bulk`, spec 03 §2.8): every row is
 * checked first (the first bad cell answers its row and column, nothing is written), then in ONE
 * database transaction the VAs are issued through the pay-in block in batches, the group and its
 * `va_requests` rows are written, the mails of rows with send-mail are queued in the outbox and
 * the audit row is written. 10,000 rows are one request and a few dozen statements.
 */

import {
  type Environment,
  formatRupiah,
  formatWibDateTime,
  type Language,
  translate,
  wibDate,
} from '@gerbang/shared';
import {
  type BulkVaRow,
  bulkVaRowProblem,
  parseWibExpiry,
  type StoreVaBulkResult,
} from '@gerbang/shared/contract/bulk-va';
import { findBank } from '@gerbang/shared/domain/banks';
import type { Services } from '../../http/services';
import type { MailMessage } from '../../mail/mailer';
import { writeAudit } from '../../platform/audit/audit';
import { type IssuedVa, issueVirtualAccountsBatch } from '../payins/issue';
import { cellError } from './parse';

export interface BulkVaActor {
  agentId: number;
  userId: number;
  username: string;
  environment: Environment;
  /** The merchant's name, signed under the customers' mails. */
  merchantName: string;
  /** Language of the customers' mails. */
  language: Language;
  ip?: string;
  userAgent?: string;
}

export interface StoreVaBulkInput {
  groupName: string;
  groupDesc: string;
  rows: readonly BulkVaRow[];
}

const CHUNK = 1_000;

/** Throws the first bad cell of the rows (row numbers are the table's, from 1). */
export function checkBulkVaRows(rows: readonly BulkVaRow[], now: Date): void {
  for (let i = 0; i < rows.length; i++) {
    const problem = bulkVaRowProblem(rows[i], i + 1, now);
    if (problem) throw cellError(problem);
  }
}

function customerMail(actor: BulkVaActor, row: BulkVaRow, va: IssuedVa): MailMessage {
  const t = (key: string, vars?: Record<string, string | number>) =>
    translate(actor.language, `bulkva.${key}`, vars);
  return {
    to: row.customer_email,
    kind: 'bulk_va',
    subject: `${t('mail.subject')}: ${va.vaNumber}`,
    text: t('mail.body', {
      name: row.customer_name,
      bank: findBank(va.bankCode)?.namabank ?? va.bankCode,
      number: va.vaNumber,
      amount: va.amount === null ? t('anyAmount') : formatRupiah(va.amount),
      expiry: va.expiresAt ? formatWibDateTime(va.expiresAt) : t('noExpiry'),
      description: row.description,
      merchant: actor.merchantName,
    }),
  };
}

export async function storeVaBulk(
  services: Pick<Services, 'db' | 'now' | 'mail'>,
  actor: BulkVaActor,
  input: StoreVaBulkInput,
): Promise<StoreVaBulkResult> {
  const now = services.now();
  checkBulkVaRows(input.rows, now);
  const owner = { agentId: actor.agentId, environment: actor.environment };
  const result = await services.db.transaction().execute(async (trx) => {
    const issued = await issueVirtualAccountsBatch(
      services,
      trx,
      owner,
      input.rows.map((r) => ({
        bankCode: r.kode_bank,
        kind: r.type,
        customerName: r.customer_name,
        customerRef: r.customer_id,
        amount: r.type === 'open' ? undefined : r.amount,
        expiresAt: r.type === 'open' ? undefined : (parseWibExpiry(r.expired) ?? undefined),
      })),
    );
    const group = await trx
      .insertInto('va_bulk_groups')
      .values({
        agent_id: actor.agentId,
        environment: actor.environment,
        user_id: actor.userId,
        group_name: input.groupName,
        group_desc: input.groupDesc,
        row_count: input.rows.length,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let start = 0; start < input.rows.length; start += CHUNK) {
      const part = input.rows.slice(start, start + CHUNK);
      await trx
        .insertInto('va_requests')
        .values(
          part.map((r, k) => {
            const va = issued[start + k];
            return {
              agent_id: actor.agentId,
              environment: actor.environment,
              user_id: actor.userId,
              username: actor.username,
              group_name: input.groupName,
              group_id: group.id,
              date_created: now,
              created_date: wibDate(now),
              // The VA exists once this commits: the request is complete.
              date_complete: now,
              amount: va.amount ?? 0,
              customer_id: r.customer_id,
              customer_name: r.customer_name,
              customer_phone: r.customer_phone || null,
              customer_email: r.customer_email || null,
              nova: va.vaNumber,
              kodebank: va.bankCode,
              expired: va.expiresAt,
              status: 1,
              bill_type: va.kind,
              send_mail: r.send_mail,
              description: r.description || null,
            };
          }),
        )
        .execute();
    }
    const mails = input.rows.flatMap((r, i) =>
      r.send_mail ? [customerMail(actor, r, issued[i])] : [],
    );
    const mailed = await services.mail.queue(trx, mails);
    await writeAudit(trx, {
      agentId: actor.agentId,
      userId: actor.userId,
      username: actor.username,
      action: 'bulk_va_store',
      target: input.groupName,
      detail: { groupId: group.id, created: issued.length, mailed },
      ip: actor.ip,
      userAgent: actor.userAgent,
      environment: actor.environment,
      at: now,
    });
    return { groupId: group.id, created: issued.length, mailed };
  });
  return result;
}
