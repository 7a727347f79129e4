import { chargedIdr, toDestination } from '@gerbang/shared/contract/remittance';
import type { Services } from '../../http/services';
import { jobActor } from '../../platform/actor';
import { paymentFingerprint } from '../../platform/binding';
import { newTransactionId, newUuid } from '../../platform/ids';
import { availableBalance } from '../payouts/accounts';
import { advanceSubmission } from '../payouts/rail-work';
import { findInternationalBank } from './banks';
import {
  expectedChecksum,
  INQUIRY_TTL_MS,
  QUOTE_VALIDITY_MS,
  type RemittanceInquiryRow,
} from './inquiry';
import { bookRemittance } from './payment';
import { currentRates } from './rates';

/** The demo partner's remittances: one success per corridor, and one the beneficiary bank refused. */
const DEMO_REMITTANCES = [
  {
    country: 'SG',
    currency: 'SGD',
    bank: 'SG-DBS',
    swift: 'DBSSSGSG',
    account: '0012345678',
    name: 'TAN WEI MING',
    idr: 2_500_000,
    phone: '+6591234567',
    nationality: 'SG',
    ifsc: '',
  },
  {
    country: 'IN',
    currency: 'INR',
    bank: 'IN-SBI',
    swift: 'SBININBB',
    account: '30012345678',
    name: 'PRIYA SHARMA',
    idr: 5_000_000,
    phone: '',
    nationality: '',
    ifsc: 'SBIN0001234',
  },
  {
    country: 'PH',
    currency: 'PHP',
    bank: 'PH-BDO',
    swift: 'BNORPHMM',
    account: '001230045678',
    name: 'MARIA SANTOS',
    idr: 1_500_000,
    phone: '',
    nationality: '',
    ifsc: '',
  },
  {
    country: 'MY',
    currency: 'MYR',
    bank: 'MY-MBB',
    swift: 'MBBEMYKL',
    account: '512345679999',
    name: 'AHMAD BIN ISMAIL',
    idr: 1_000_000,
    phone: '',
    nationality: 'MY',
    ifsc: '',
  },
] as const;

const DEMO_AGENT = 'partner@demo.id';
const ADMIN_FEE = 25_000;

/**
 * Demo remittances of partner@demo.id (demo mode), idempotent: skipped once the partner has any.
 * Each is an inquiry at the rate in force, marked paid and booked through `bookRemittance` (the
 * payment's own hold, transaction row and rail submission), then sent through the payout block,
 * so the simulator decides its fate (`…9999` fails and the money returns).
 */
export async function seedRemittanceDemo(services: Services): Promise<number> {
  const { db } = services;
  const owner = await db
    .selectFrom('agents')
    .innerJoin('users', 'users.agent_id', 'agents.id')
    .select(['agents.id as agentId', 'users.id as userId'])
    .where('agents.username', '=', DEMO_AGENT)
    .where('users.username', '=', DEMO_AGENT)
    .executeTakeFirst();
  if (!owner) return 0;
  const existing = await db
    .selectFrom('remittance_inquiries')
    .select('id')
    .where('agent_id', '=', owner.agentId)
    .executeTakeFirst();
  if (existing) return 0;
  const rates = await currentRates(services);
  let booked = 0;
  for (const demo of DEMO_REMITTANCES) {
    const rate = rates.get(demo.currency);
    const bank = findInternationalBank(demo.country, demo.bank);
    const balance = await availableBalance(services.ledger, owner.agentId, 'production');
    if (!rate || !bank || balance < demo.idr + ADMIN_FEE) continue;
    const now = services.now();
    const base = {
      id: 0,
      id_transaksi: await newTransactionId(services, services.db, 'IR', now),
      agent_id: owner.agentId,
      environment: 'production' as const,
      user_id: owner.userId,
      currency: demo.currency,
      country_code: demo.country,
      bank_id: bank.id,
      bank_name: bank.namaBank,
      swift_code: demo.swift,
      account_number: demo.account,
      account_name: demo.name,
      city: '-',
      address: '-',
      id_number_receiver: 'DEMO',
      phone_receiver: demo.phone,
      ifs_code: demo.ifsc,
      nationality: demo.nationality,
      purpose: 'FAMILY',
      amount: chargedIdr(toDestination(demo.idr, rate.selling_rate), rate.selling_rate),
      admin_fee: ADMIN_FEE,
      destination_amount: toDestination(demo.idr, rate.selling_rate),
      selling_rate: rate.selling_rate,
      rate_id: rate.id,
      rate_valid_until: new Date(now.getTime() + QUOTE_VALIDITY_MS),
      uuid_user: newUuid(),
      created_at: now,
      expires_at: new Date(now.getTime() + INQUIRY_TTL_MS),
      paid_at: now,
      payment_fingerprint: paymentFingerprint({ seed: demo.account }),
      checksum: '',
    };
    const checksum = expectedChecksum(services.config.sessionSecret, base as RemittanceInquiryRow);
    const submission = await db.transaction().execute(async (trx) => {
      const { id: _id, ...values } = base;
      const row = await trx
        .insertInto('remittance_inquiries')
        .values({ ...values, checksum })
        .returningAll()
        .executeTakeFirstOrThrow();
      return bookRemittance(services, trx, jobActor('demo_seed'), row, owner.userId, now);
    });
    await advanceSubmission(services, submission);
    booked += 1;
  }
  return booked;
}
