import { chargedIdr, REMITTANCE_LIMITS } from '@gerbang/shared/contract/remittance';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import type { Actor } from '../../platform/actor';
import { newUuid } from '../../platform/ids';
import { openPayout } from '../payouts/open';
import type { SubmissionRow } from '../payouts/submissions';
import {
  expectedChecksum,
  QUOTE_VALIDITY_MS,
  type RemittanceInquiryRow,
} from '../remittance/inquiry';
import { remittanceOpening } from '../remittance/payment';
import type { RateRow } from '../remittance/rates';
import { remittanceOf } from './destination';
import { SCHEDULED_REMITTANCE_PAYOUT } from './payout-kind';
import type { PayoutSchedulesTable } from './tables';

type Trx = Transaction<Database>;
/** The selling rates in force when the pass began (remittance/rates.ts `currentRates`). */
export type Rates = Map<string, RateRow>;
type ScheduleRow = Selectable<PayoutSchedulesTable>;

export type RemittanceOccurrence =
  | { ok: true; submission: SubmissionRow; amount: number; fee: number }
  | { ok: false; reason: 'BALANCE_SHORT' | 'PRODUCT_DISRUPTED' | 'LIMIT_EXCEEDED'; fee: number };

/**
 * One occurrence of a scheduled remittance, as a remittance paid now: the rate and fee of now
 * (the foreign amount is what the schedule fixed), the limit, then the paid inquiry row and the
 * payout through the pipeline with the approval policy of the remittance kind; the ledger hold
 * checks the balance. Authorised by the OTP given when the schedule was made. A savepoint takes
 * the inquiry row back when the hold is refused, so the occurrence fails alone.
 */
export async function runRemittanceOccurrence(
  services: Services,
  trx: Trx,
  actor: Actor,
  entry: { schedule: ScheduleRow; reference: string },
  at: { now: Date; rates: Rates },
): Promise<RemittanceOccurrence> {
  const { schedule } = entry;
  const { now } = at;
  const d = remittanceOf(schedule);
  const rate = at.rates.get(d.currency);
  const fee = REMITTANCE_LIMITS.adminFee;
  if (!rate) return { ok: false, reason: 'PRODUCT_DISRUPTED', fee: 0 };
  const amount = chargedIdr(d.destination_amount, rate.selling_rate);
  if (amount > REMITTANCE_LIMITS.maxAmount) return { ok: false, reason: 'LIMIT_EXCEEDED', fee };
  await sql`savepoint scheduled_remittance`.execute(trx);
  const base = {
    agent_id: schedule.agent_id,
    environment: schedule.environment,
    user_id: schedule.maker_user_id,
    currency: d.currency,
    country_code: d.country_code,
    bank_id: d.bank_id,
    bank_name: d.bank_name,
    swift_code: d.swift_code,
    account_number: d.account_number,
    account_name: d.account_name,
    city: d.city,
    address: d.address,
    id_number_receiver: d.id_number_receiver,
    phone_receiver: d.phone_receiver,
    ifs_code: d.ifs_code,
    nationality: d.nationality,
    purpose: d.purpose,
    amount,
    admin_fee: fee,
    destination_amount: d.destination_amount,
    selling_rate: rate.selling_rate,
    rate_id: rate.id,
    rate_valid_until: new Date(now.getTime() + QUOTE_VALIDITY_MS),
    uuid_user: newUuid(),
    created_at: now,
    expires_at: now,
    id_transaksi: entry.reference,
  };
  const draft = { ...base, id: 0, checksum: '', paid_at: null, payment_fingerprint: null };
  const checksum = expectedChecksum(services.config.sessionSecret, draft as RemittanceInquiryRow);
  const row = await trx
    .insertInto('remittance_inquiries')
    .values({ ...base, checksum, paid_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  const opening = await remittanceOpening(services, trx, row, schedule.maker_user_id);
  const opened = await openPayout(services, trx, actor, now, {
    ...opening,
    source: { kind: SCHEDULED_REMITTANCE_PAYOUT.kind, id: row.id },
    // Not leased: the pass sends the first few after the commit, the rail sweep the rest.
    leased: false,
    approval: 'policy',
    audit: {
      action: 'scheduled_payout_run',
      detail: { ...opening.audit.detail, schedule: schedule.id },
    },
  });
  if (!opened.ok) {
    await sql`rollback to savepoint scheduled_remittance`.execute(trx);
    return { ok: false, reason: 'BALANCE_SHORT', fee };
  }
  await sql`release savepoint scheduled_remittance`.execute(trx);
  return { ok: true, submission: opened.submission, amount, fee };
}
