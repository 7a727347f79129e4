import { checkInvariants } from '@gerbang/ledger';
import { toDestination } from '@gerbang/shared/contract/remittance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentRates } from '../../src/modules/remittance/rates';
import { runOnce } from '../../src/modules/schedules/runner';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../helpers/test-app';
import { agentId, drainAgent, fundAgent, latestOtp, ledgerBalance } from '../withdraw/factory';

const PARTNER = 'partner@demo.id';
/** Friday 30 January 2026, 10:00 WIB. */
const START = new Date('2026-01-30T03:00:00Z');
const wib = (local: string) => new Date(`${local}+07:00`);
const FEE = 25_000;
/** The foreign amount a schedule sends each time (the rupiah follows the day's rate). */
const SGD = 50;

describe.each(testDatabases())('scheduled remittances on %s', (kind) => {
  let t: TestApp;
  let partner: TestClient;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: START });
    await fundAgent(t, PARTNER, 20_000_000);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A checked SGD remittance (the remittance page's inquiry) and its mailed OTP. */
  async function inquiry(): Promise<{ reff: string; otp: string; nominal: number }> {
    partner = await t.loginAs(PARTNER, { lang: 'en' });
    const rate = (await currentRates(t.services)).get('SGD')!.selling_rate;
    const res = await partner.post('/transaction/cashout_inquiry_remittance', {
      country_destination: 'SG',
      currency: 'SGD',
      nominal: String(SGD * rate),
      nominal_destination: String(SGD),
      account_number: '0012345678',
      city: 'Singapore',
      address: '1 Raffles Place',
      id_number_receiver: 'S1234567D',
      swift_code: 'DBSSSGSG',
      anrekening: 'Tan Wei Ming',
      password: DEMO_PASSWORD,
      kodebanktujuan: 'SG-DBS',
      purposetransaction: 'FAMILY',
      phonenumberreceiver: '+6591234567',
      ifscode: '',
      nationality: 'SG',
    });
    expect(res.rc, res.rd).toBe('00');
    expect(toDestination(res.data.nominal, rate)).toBe(SGD);
    return { reff: res.data.idtransaksi, otp: await latestOtp(partner), nominal: res.data.nominal };
  }

  async function schedule(rule: Record<string, unknown>) {
    const { reff, otp } = await inquiry();
    const res = await partner.post('/schedules/remittance', { reff_id: reff, rule, otp });
    expect(res.rc, res.rd).toBe('00');
    return res.data as { id: number; kind: string; next_due_at: string };
  }

  async function runsOf(id: number) {
    return t.services.db
      .selectFrom('schedule_runs')
      .selectAll()
      .where('schedule_id', '=', id)
      .orderBy('id')
      .execute();
  }

  async function runAt(local: string) {
    t.clock.set(wib(local));
    return runOnce(t.services);
  }

  it('is authorised by the inquiry’s OTP at creation; a wrong code, a reused check and a bad rule are refused', async () => {
    const { reff, otp } = await inquiry();
    const once = { frequency: 'once', start_date: '2026-01-31', time: '09:00' };
    const wrong = await partner.post('/schedules/remittance', {
      reff_id: reff,
      rule: once,
      otp: otp === '000000' ? '111111' : '000000',
    });
    expect(wrong.rc).not.toBe('00');
    const badRule = await partner.post('/schedules/remittance', {
      reff_id: reff,
      rule: { frequency: 'daily', start_date: '2026-01-31', time: '09:00' },
      otp,
    });
    expect(badRule.rd).toBe('Choose an end date or a number of payouts');
    const made = await partner.post('/schedules/remittance', { reff_id: reff, rule: once, otp });
    expect(made.rc, made.rd).toBe('00');
    expect(made.data).toMatchObject({
      kind: 'remittance',
      status: 'ACTIVE',
      account_name: expect.any(String),
      next_due_at: wib('2026-01-31T09:00').toISOString(),
    });
    const again = await partner.post('/schedules/remittance', { reff_id: reff, rule: once, otp });
    expect(again.rc).not.toBe('00');
    const schedules = await t.services.db
      .selectFrom('payout_schedules')
      .select('id')
      .where('kind', '=', 'remittance')
      .execute();
    expect(schedules).toHaveLength(1);
    expect((await partner.post('/schedules/cancel', { id: made.data.id })).rc).toBe('00');
  });

  it('runs at the due time at that day’s rate and fee: the foreign amount is fixed, the rupiah quoted then', async () => {
    t.clock.set(wib('2026-02-02T08:00'));
    const s = await schedule({ frequency: 'once', start_date: '2026-02-05', time: '09:00' });
    const before = await ledgerBalance(t, PARTNER);
    expect((await runAt('2026-02-05T08:59:00')).claimed).toBe(0);
    t.clock.set(wib('2026-02-05T09:00:05'));
    const rate = (await currentRates(t.services)).get('SGD')!.selling_rate;
    const report = await runOnce(t.services);
    expect(report).toMatchObject({ claimed: 1, opened: 1, failed: 0 });
    const [run] = await runsOf(s.id);
    expect(run).toMatchObject({ amount: SGD * rate, fee: FEE });
    expect(run!.status).not.toBe('FAILED');
    const paid = await t.services.db
      .selectFrom('remittance_inquiries')
      .selectAll()
      .where('id_transaksi', '=', run!.reference as string)
      .executeTakeFirstOrThrow();
    expect(paid).toMatchObject({ selling_rate: rate, destination_amount: SGD, amount: SGD * rate });
    expect(paid.paid_at).not.toBeNull();
    expect(await ledgerBalance(t, PARTNER)).toBe(before - SGD * rate - FEE);
    expect((await runAt('2026-02-05T09:01:00')).claimed).toBe(0);
    expect((await checkInvariants(t.services.db)).ok).toBe(true);
  });

  it('a short balance fails the occurrence, mails the maker once and does not retry it', async () => {
    t.clock.set(wib('2026-03-05T08:00'));
    const s = await schedule({
      frequency: 'daily',
      start_date: '2026-03-05',
      time: '09:00',
      count: 2,
    });
    const id = await agentId(t, PARTNER);
    const balance = await ledgerBalance(t, PARTNER);
    await drainAgent(t, id, balance);
    await runAt('2026-03-05T09:00:05');
    await fundAgent(t, PARTNER, balance);
    const [run] = await runsOf(s.id);
    expect(run).toMatchObject({ status: 'FAILED', reason: 'BALANCE_SHORT', reference: null });
    const mails = await t.services.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'body_text as text'])
      .where('kind', '=', 'scheduled_payout_failed')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: PARTNER });
    // Nothing of the refused occurrence stays: no paid inquiry row, the ledger balanced.
    const unpaidRows = await t.services.db
      .selectFrom('remittance_inquiries')
      .select('id')
      .where('id_transaksi', 'like', 'IR%S%')
      .execute();
    expect(unpaidRows).toHaveLength(1);
    expect((await runAt('2026-03-05T09:01:00')).claimed).toBe(0);
    await runAt('2026-03-06T09:00:05');
    expect((await runsOf(s.id)).map((r) => r.status)).not.toContain('WAITING_APPROVAL');
    expect((await runsOf(s.id))[1]!.status).not.toBe('FAILED');
    expect((await checkInvariants(t.services.db)).ok).toBe(true);
  });

  it('the remittance approval policy applies: the occurrence waits, its money held', async () => {
    partner = await t.loginAs(PARTNER, { lang: 'en' });
    const policy = {
      expiry_hours: 24,
      applies_to_api: false,
      tiers: { withdraw: [], bulk: [], remittance: [{ up_to: null, approvers: 1 }] },
    };
    expect((await partner.post('/approvals/policy', policy)).rc).toBe('00');
    t.clock.set(wib('2026-03-09T08:00'));
    const s = await schedule({ frequency: 'once', start_date: '2026-03-09', time: '10:00' });
    const before = await ledgerBalance(t, PARTNER);
    expect((await runAt('2026-03-09T10:00:05')).waitingApproval).toBe(1);
    const [run] = await runsOf(s.id);
    expect(run).toMatchObject({ status: 'WAITING_APPROVAL' });
    expect(await ledgerBalance(t, PARTNER)).toBe(before - run!.amount - FEE);
    const request = await t.services.db
      .selectFrom('approval_requests')
      .selectAll()
      .where('reference', '=', run!.reference as string)
      .executeTakeFirstOrThrow();
    expect(request.status).toBe('WAITING');
    partner = await t.loginAs(PARTNER, { lang: 'en' });
    await partner.post('/approvals/policy', {
      ...policy,
      tiers: { withdraw: [], bulk: [], remittance: [] },
    });
  });

  it('two runners at once run the occurrence once', async () => {
    t.clock.set(wib('2026-03-10T08:00'));
    const s = await schedule({ frequency: 'once', start_date: '2026-03-10', time: '09:00' });
    t.clock.set(wib('2026-03-10T09:00:05'));
    const other =
      kind === 'postgres'
        ? await createTestApp('postgres', {
            database: { url: t.services.config.databaseUrl as string },
            seed: false,
            clockAt: t.clock.now,
          })
        : null;
    try {
      const reports = await Promise.all([
        runOnce(t.services),
        runOnce(other ? other.services : t.services),
      ]);
      expect(reports[0]!.claimed + reports[1]!.claimed).toBe(1);
    } finally {
      await other?.close();
    }
    const runs = await runsOf(s.id);
    expect(runs).toHaveLength(1);
    const payouts = await t.services.db
      .selectFrom('rail_submissions')
      .select('id')
      .where('reference', '=', runs[0]!.reference as string)
      .execute();
    expect(payouts).toHaveLength(1);
  });
});
