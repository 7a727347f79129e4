import type { ScheduleRule } from '@gerbang/shared';
import type { ScheduleItem } from '@gerbang/shared/contract/schedules';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { type ApiError, notFound, refused } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit/audit';
import type { RemittanceInquiryRow } from '../remittance/inquiry';
import { checkOtp, findRemittanceInquiry } from '../remittance/otp';
import type { ScheduleRow } from './answer';
import { firstDue, guardOpenCount, itemOf, scheduleAudit } from './service';
import type { ScheduledRemittance } from './tables';

/**
 * A remittance scheduled from the inquiry the remittance page checked. The inquiry's OTP (the
 * code the remittance confirm asks) is the authorisation of every payout the schedule makes, so
 * nobody is asked at the run. What is fixed is the amount in the foreign currency (the remittance
 * flow charges destination × rate); each run quotes the rate and fee of its day (remittance-run.ts).
 */
export async function createRemittanceSchedule(
  services: Services,
  actor: UserActor,
  input: { reff_id: string; rule: ScheduleRule; otp: string },
): Promise<ScheduleItem> {
  const inquiry = await findRemittanceInquiry(services, actor, input.reff_id);
  if (inquiry.user_id !== actor.auth.user.id || inquiry.paid_at) {
    throw notFound('schedules.errors.inquiry');
  }
  const now = services.now();
  if (new Date(inquiry.expires_at).getTime() <= now.getTime()) {
    throw refused('remittance.inquiryExpired');
  }
  const due = firstDue(input.rule, now);
  // A wrong code keeps its counted try: the transaction commits with the refusal.
  const outcome = await services.db
    .transaction()
    .execute((trx) =>
      insertUnderLock(services, trx, actor, { ...input, inquiryId: inquiry.id, due }),
    );
  if ('error' in outcome) throw outcome.error;
  return itemOf(services, actor, outcome.row);
}

async function insertUnderLock(
  services: Services,
  trx: Transaction<Database>,
  actor: UserActor,
  input: { inquiryId: number; rule: ScheduleRule; otp: string; due: Date },
): Promise<{ row: ScheduleRow } | { error: ApiError }> {
  const { inquiryId, rule, due } = input;
  const now = services.now();
  const row = await trx
    .selectFrom('remittance_inquiries')
    .selectAll()
    .where('id', '=', inquiryId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const used = await trx
    .selectFrom('payout_schedules')
    .select('id')
    .where('source_remittance_inquiry_id', '=', inquiryId)
    .executeTakeFirst();
  if (row.paid_at || used) return { error: refused('schedules.errors.inquiryUsed') };
  const otp = await checkOtp(services, row.id, input.otp, trx);
  if (!otp.ok) return { error: otp.error };
  await guardOpenCount(trx, actor);
  const inserted = await trx
    .insertInto('payout_schedules')
    .values({
      agent_id: actor.auth.agent.id,
      environment: actor.auth.environment,
      maker_user_id: actor.auth.user.id,
      kind: 'remittance',
      destination: JSON.stringify(remittanceDestination(row)),
      // The rupiah at creation's rate, shown as an estimate; each run charges that day's.
      amount: row.amount,
      rule: JSON.stringify(rule),
      next_due_at: due,
      next_run_at: due,
      source_remittance_inquiry_id: row.id,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await writeAudit(trx, scheduleAudit(actor, now, 'schedule_create', inserted));
  return { row: inserted };
}

function remittanceDestination(row: RemittanceInquiryRow): ScheduledRemittance {
  return {
    product_name: `${row.bank_name} · ${row.currency} ${row.destination_amount.toLocaleString('de-DE')}`,
    account_number: row.account_number,
    account_name: row.account_name,
    currency: row.currency,
    country_code: row.country_code,
    bank_id: row.bank_id,
    bank_name: row.bank_name,
    swift_code: row.swift_code,
    city: row.city,
    address: row.address,
    id_number_receiver: row.id_number_receiver,
    phone_receiver: row.phone_receiver,
    ifs_code: row.ifs_code,
    nationality: row.nationality,
    purpose: row.purpose,
    destination_amount: row.destination_amount,
  };
}
