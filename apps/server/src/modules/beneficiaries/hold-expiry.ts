import { formatRupiah, type Language, translate } from '@gerbang/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import type { MailMessage } from '../../mail/mailer';
import { writeAudit } from '../../platform/audit/audit';
import { endHold, type HoldRow } from './hold-end';

/** Holds one pass expires; the next pass takes the rest. */
const BATCH = 100;

export interface NameHoldsReport {
  expired: number;
}

/**
 * The name-hold job (jobs/name-holds.ts): a name-mismatch hold nobody released or rejected before
 * its `expires_at` ends — the payout fails, its ledger hold is voided once (the money is back on
 * the balance) and its maker is mailed. Safe from several processes: each hold is locked with
 * SKIP LOCKED and moves from WAITING once; an override racing the expiry takes the same lock and
 * answers `expired` (or the expiry finds it released and skips it).
 */
export async function runOnce(services: Services): Promise<NameHoldsReport> {
  const now = services.now();
  const due = await services.db
    .selectFrom('name_checks')
    .select('submission_id')
    .where('status', '=', 'WAITING')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(BATCH)
    .execute();
  let expired = 0;
  for (const { submission_id } of due) {
    const done = await services.db
      .transaction()
      .execute((trx) => expireOne(services, trx, Number(submission_id), now));
    if (done) expired += 1;
  }
  if (expired > 0) await services.mail.deliverQueued();
  return { expired };
}

async function expireOne(
  services: Services,
  trx: Transaction<Database>,
  submissionId: number,
  now: Date,
): Promise<boolean> {
  const hold = await trx
    .selectFrom('name_checks')
    .selectAll()
    .where('submission_id', '=', submissionId)
    .where('status', '=', 'WAITING')
    .where('expires_at', '<=', now)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  if (!hold) return false;
  await endHold(services, trx, hold, now, { status: 'EXPIRED', decidedBy: null, reason: null });
  await writeAudit(trx, {
    at: now,
    agentId: hold.agent_id,
    userId: null,
    username: null,
    action: 'name_mismatch_expire',
    target: hold.reference,
    detail: {
      amount: Number(hold.amount),
      saved_name: hold.saved_name,
      found_name: hold.found_name,
      job: 'name_holds',
    },
    environment: hold.environment,
  });
  const mail = await makerMail(trx, hold);
  if (mail) await services.mail.queue(trx, [mail]);
  return true;
}

/** The maker's mail (in their language): the payout was not sent, the money is back. */
async function makerMail(trx: Transaction<Database>, hold: HoldRow): Promise<MailMessage | null> {
  if (hold.maker_user_id === null) return null;
  const maker = await trx
    .selectFrom('users as u')
    .innerJoin('agents as a', 'a.id', 'u.agent_id')
    .select(['u.username', 'u.nama', 'u.language', 'a.email'])
    .where('u.id', '=', hold.maker_user_id)
    .executeTakeFirst();
  if (!maker) return null;
  const lang: Language = maker.language === 'en' ? 'en' : 'id';
  return {
    to: maker.username.includes('@') ? maker.username : maker.email,
    kind: 'name_mismatch_expired',
    subject: translate(lang, 'beneficiaries.mail.expiredSubject', { reference: hold.reference }),
    text: translate(lang, 'beneficiaries.mail.expiredBody', {
      name: maker.nama,
      reference: hold.reference,
      amount: formatRupiah(Number(hold.amount)),
      destination: hold.destination,
      saved: hold.saved_name,
      found: hold.found_name,
    }),
  };
}
