import { checkInvariants } from '@gerbang/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnce as runApprovalsJob } from '../../src/modules/approvals/expiry';
import { runRailSweep } from '../../src/modules/payouts/rail-work';
import { runOnce } from '../../src/modules/schedules/runner';
import { PIN } from '../bulk-transfer/helpers';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { agentId, bankInquiry, drainAgent, fundAgent, ledgerBalance } from '../withdraw/factory';

const PARTNER = 'partner@demo.id';
/** Friday 30 January 2026, 10:00 WIB. */
const START = new Date('2026-01-30T03:00:00Z');
const wib = (local: string) => new Date(`${local}+07:00`);

describe.each(testDatabases())('scheduled payouts on %s', (kind) => {
  let t: TestApp;
  let partner: TestClient;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: START });
    await fundAgent(t, PARTNER, 50_000_000);
    partner = await t.loginAs(PARTNER, { lang: 'en' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function inquiry(c: TestClient, nominal: number): Promise<string> {
    const res = await c.post(
      '/transaction/cashout_inquiry',
      bankInquiry({ nominal: nominal.toLocaleString('id-ID') }),
    );
    expect(res.rc, res.rd).toBe('00');
    return res.data.idtransaksi;
  }

  /** A fresh session: the clock's jumps outlive the idle timeout. */
  async function login() {
    partner = await t.loginAs(PARTNER, { lang: 'en' });
  }

  async function schedule(rule: Record<string, unknown>, nominal = 20_000) {
    await login();
    const res = await partner.post('/schedules', {
      reff_id: await inquiry(partner, nominal),
      rule,
      pin: PIN,
    });
    expect(res.rc, res.rd).toBe('00');
    return res.data as { id: number; next_due_at: string; next_run_at: string };
  }

  async function runsOf(id: number) {
    return t.services.db
      .selectFrom('schedule_runs')
      .selectAll()
      .where('schedule_id', '=', id)
      .orderBy('id')
      .execute();
  }

  async function scheduleRow(id: number) {
    return t.services.db
      .selectFrom('payout_schedules')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  async function runAt(local: string) {
    t.clock.set(wib(local));
    return runOnce(t.services);
  }

  it('schedules a checked withdrawal with the PIN; refuses bad rules, a wrong PIN, a reused check and users without the right', async () => {
    const reff = await inquiry(partner, 100_000);
    const daily = { frequency: 'daily', start_date: '2026-01-31', time: '09:00' };
    const noEnd = await partner.post('/schedules', { reff_id: reff, rule: daily, pin: PIN });
    expect(noEnd.rd).toBe('Choose an end date or a number of payouts');
    const wrongPin = await partner.post('/schedules', {
      reff_id: reff,
      rule: { ...daily, count: 2 },
      pin: '000000',
    });
    expect(wrongPin.rc).not.toBe('00');
    const weekly = {
      frequency: 'weekly',
      weekdays: [1, 3],
      start_date: '2026-01-30',
      time: '09:00',
    };
    const made = await partner.post('/schedules', {
      reff_id: reff,
      rule: { ...weekly, count: 4 },
      pin: PIN,
    });
    expect(made.rc, made.rd).toBe('00');
    // Friday 09:00 has passed and Friday is not chosen: Monday 2 February, 09:00 WIB.
    expect(made.data).toMatchObject({
      status: 'ACTIVE',
      amount: 100_000,
      next_due_at: wib('2026-02-02T09:00').toISOString(),
      account_name: expect.any(String),
    });
    const again = await partner.post('/schedules', {
      reff_id: reff,
      rule: { ...weekly, count: 4 },
      pin: PIN,
    });
    expect(again.rd).toBe('This check was already used; check the account again');
    const staff = await t.loginAs('staff@demo.id', { lang: 'en' });
    expect((await staff.get('/schedules')).rc).not.toBe('00');
    const list = await partner.get('/schedules');
    expect(list.data.items.map((i: { id: number }) => i.id)).toContain(made.data.id);
    const cancelled = await partner.post('/schedules/cancel', { id: made.data.id });
    expect(cancelled.data).toMatchObject({ status: 'CANCELLED', next_due_at: null });
  });

  it('monthly on the 31st runs on each month’s last day, once per occurrence', async () => {
    const s = await schedule({
      frequency: 'monthly',
      month_day: 31,
      start_date: '2026-01-01',
      time: '09:00',
      count: 3,
    });
    expect(s.next_due_at).toBe(wib('2026-01-31T09:00').toISOString());
    const before = await ledgerBalance(t, PARTNER);
    await runAt('2026-01-31T09:00:05');
    expect((await runsOf(s.id)).map((r) => r.status)).toEqual(['SUCCESS']);
    expect(await ledgerBalance(t, PARTNER)).toBe(before - 20_000 - 2_500);
    expect((await scheduleRow(s.id)).next_due_at).toEqual(wib('2026-02-28T09:00'));
    await runAt('2026-02-28T09:00:05');
    await runAt('2026-02-28T09:00:35');
    const runs = await runsOf(s.id);
    expect(runs.map((r) => r.due_at)).toEqual([wib('2026-01-31T09:00'), wib('2026-02-28T09:00')]);
    expect((await scheduleRow(s.id)).next_due_at).toEqual(wib('2026-03-31T09:00'));
    const paid = await t.services.db
      .selectFrom('transactions')
      .select(['status_trx', 'nominal_origin'])
      .where(
        'id_transaksi',
        'in',
        runs.map((r) => r.reference as string),
      )
      .execute();
    expect(paid).toEqual([
      { status_trx: 'SUCCESS', nominal_origin: 20_000 },
      { status_trx: 'SUCCESS', nominal_origin: 20_000 },
    ]);
    await login();
    await partner.post('/schedules/cancel', { id: s.id });
  });

  it('an occurrence in the cut-off or the bank downtime waits for the window’s end', async () => {
    const settings = t.services.rails.simulatorSettings;
    const downtime = settings.bankDowntime;
    settings.bankDowntime = null;
    t.clock.set(wib('2026-03-02T10:00'));
    const late = await schedule({ frequency: 'once', start_date: '2026-03-02', time: '23:50' });
    const report = await runAt('2026-03-02T23:50:05');
    expect(report.postponed).toBeGreaterThanOrEqual(1);
    expect(await runsOf(late.id)).toEqual([]);
    // partner@demo.id is under the 23:45–00:15 cut-off: the run moves to 00:15.
    expect((await scheduleRow(late.id)).next_run_at).toEqual(wib('2026-03-03T00:15'));
    await runAt('2026-03-03T00:14:00');
    expect(await runsOf(late.id)).toEqual([]);
    await runAt('2026-03-03T00:15:05');
    expect(await runsOf(late.id)).toMatchObject([{ due_at: wib('2026-03-02T23:50') }]);
    expect((await scheduleRow(late.id)).status).toBe('ENDED');

    settings.bankDowntime = downtime;
    const night = await schedule({ frequency: 'once', start_date: '2026-03-03', time: '23:10' });
    await runAt('2026-03-03T23:10:05');
    expect((await scheduleRow(night.id)).next_run_at).toEqual(wib('2026-03-04T06:00'));
    await runAt('2026-03-04T06:00:05');
    expect((await runsOf(night.id)).length).toBe(1);
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
    // The same occurrence is never tried again, even with money back; the next one runs.
    await fundAgent(t, PARTNER, balance);
    const [run] = await runsOf(s.id);
    expect(run).toMatchObject({ status: 'FAILED', reason: 'BALANCE_SHORT', reference: null });
    const mails = await t.services.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'body_text as text'])
      .where('kind', '=', 'scheduled_payout_failed')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: PARTNER });
    expect(mails[0]!.text).toContain('saldo tidak cukup');
    expect((await runAt('2026-03-05T09:01:00')).claimed).toBe(0);
    expect((await scheduleRow(s.id)).next_due_at).toEqual(wib('2026-03-06T09:00'));
    await runAt('2026-03-06T09:00:05');
    expect((await runsOf(s.id)).map((r) => r.status)).toEqual(['FAILED', 'SUCCESS']);
    expect((await scheduleRow(s.id)).status).toBe('ENDED');
  });

  it('the approval policy applies: the occurrence waits, held, until an approver releases it', async () => {
    const policy = {
      expiry_hours: 24,
      applies_to_api: false,
      tiers: {
        withdraw: [
          { up_to: 50_000, approvers: 0 },
          { up_to: null, approvers: 1 },
        ],
        bulk: [],
        remittance: [],
      },
    };
    await login();
    expect((await partner.post('/approvals/policy', policy)).rc).toBe('00');
    t.clock.set(wib('2026-03-09T08:00'));
    const s = await schedule(
      { frequency: 'once', start_date: '2026-03-09', time: '10:00' },
      100_000,
    );
    const before = await ledgerBalance(t, PARTNER);
    expect((await runAt('2026-03-09T10:00:05')).waitingApproval).toBe(1);
    const [run] = await runsOf(s.id);
    expect(run).toMatchObject({ status: 'WAITING_APPROVAL' });
    expect(await ledgerBalance(t, PARTNER)).toBe(before - 100_000 - 2_500);
    const request = await t.services.db
      .selectFrom('approval_requests')
      .selectAll()
      .where('reference', '=', run!.reference as string)
      .executeTakeFirstOrThrow();
    expect(request.maker_user_id).toBe((await scheduleRow(s.id)).maker_user_id);
    expect((await runApprovalsJob(t.services)).notified).toBeGreaterThanOrEqual(1);
    const finance = await t.loginAs('finance@demo.id', { lang: 'en' });
    const approved = await finance.post('/approvals/approve', { ids: [request.id], pin: PIN });
    expect(approved.data.results).toEqual([{ id: request.id, outcome: 'released' }]);
    await runRailSweep(t.services);
    expect((await runsOf(s.id))[0]).toMatchObject({ status: 'SUCCESS' });
    await login();
    await partner.post('/approvals/policy', {
      ...policy,
      tiers: { withdraw: [], bulk: [], remittance: [] },
    });
  });

  it('each occurrence runs once: two runners at once, and after a crash that kept the claim', async () => {
    t.clock.set(wib('2026-03-10T08:00'));
    const template = await scheduleRow(
      (await schedule({ frequency: 'once', start_date: '2026-03-10', time: '09:00' })).id,
    );
    const due = wib('2026-03-10T09:00');
    const copies = Array.from({ length: 20 }, () => ({
      agent_id: template.agent_id,
      environment: template.environment,
      maker_user_id: template.maker_user_id,
      kind: 'withdraw' as const,
      destination: JSON.stringify(template.destination),
      amount: 10_000,
      rule: JSON.stringify(template.rule),
      next_due_at: due,
      next_run_at: due,
      created_at: due,
      updated_at: due,
    }));
    const ids = (
      await t.services.db.insertInto('payout_schedules').values(copies).returning('id').execute()
    ).map((r) => r.id);
    // A process committed the template's claim and died before anything else of it was seen.
    await t.services.db
      .insertInto('schedule_runs')
      .values({
        schedule_id: template.id,
        due_at: due,
        status: 'OPENED',
        created_at: due,
        updated_at: due,
      })
      .execute();
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
      expect(reports[0]!.claimed + reports[1]!.claimed).toBe(20);
    } finally {
      await other?.close();
    }
    const runs = await t.services.db
      .selectFrom('schedule_runs')
      .select(['schedule_id', 'reference'])
      .where('schedule_id', 'in', [...ids, template.id])
      .execute();
    expect(runs).toHaveLength(21);
    const paid = await t.services.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(
        'id_transaksi',
        'in',
        runs.flatMap((r) => (r.reference ? [r.reference] : [])),
      )
      .executeTakeFirstOrThrow();
    expect(Number(paid.n)).toBe(20);
    expect((await scheduleRow(template.id)).status).toBe('ENDED');
    expect((await checkInvariants(t.services.db)).violations).toEqual([]);
  });
});
