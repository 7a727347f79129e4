import { checkInvariants } from '@gerbang/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnce as runApprovalsJob } from '../../src/modules/approvals/expiry';
import { runOnce as runBulkJob } from '../../src/modules/bulk-transfer/runner';
import { runOnce } from '../../src/modules/schedules/runner';
import { checkedRows, csvOf, PIN } from '../bulk-transfer/helpers';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { agentId, drainAgent, fundAgent, ledgerBalance } from '../withdraw/factory';

const PARTNER = 'partner@demo.id';
/** Monday 2 February 2026, 10:00 WIB. */
const START = new Date('2026-02-02T03:00:00Z');
const wib = (local: string) => new Date(`${local}+07:00`);
const NO_POLICY = {
  expiry_hours: 24,
  applies_to_api: false,
  tiers: { withdraw: [], bulk: [], remittance: [] },
};

describe.each(testDatabases())('scheduled bulk transfer groups on %s', (kind) => {
  let t: TestApp;
  let partner: TestClient;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: START });
    await fundAgent(t, PARTNER, 20_000_000);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function login() {
    partner = await t.loginAs(PARTNER, { lang: 'en' });
    return partner;
  }

  /** Upload → Check → inquiry → schedule: the bulk page's steps with "Schedule" as the last. */
  async function checkedBody(rule: Record<string, unknown>, rows = 3, nominal = 10_000) {
    const c = await login();
    const checked = await checkedRows(c, csvOf(rows, [], nominal));
    return {
      token: checked.token.checksum,
      uuid_user: checked.token.uuid_user,
      pin: PIN,
      group_name: 'Gaji',
      group_desc: 'gaji bulanan',
      saved_data: checked.saved,
      rule,
    };
  }

  async function scheduleBulk(rule: Record<string, unknown>, rows = 3, nominal = 10_000) {
    const body = await checkedBody(rule, rows, nominal);
    const res = await partner.post('/schedules/bulk', body);
    return { res, body };
  }

  async function runsOf(id: number) {
    return t.services.db
      .selectFrom('schedule_runs')
      .selectAll()
      .where('schedule_id', '=', id)
      .orderBy('id')
      .execute();
  }

  async function groupOf(id: number) {
    return t.services.db
      .selectFrom('disbursement_groups')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  async function runAt(local: string) {
    t.clock.set(wib(local));
    return runOnce(t.services);
  }

  it('schedules a checked group with the PIN; its token schedules once; nothing is held until it runs', async () => {
    t.clock.set(wib('2026-02-02T10:00'));
    const before = await ledgerBalance(t, PARTNER);
    const rule = { frequency: 'daily', start_date: '2026-02-03', time: '09:00', count: 2 };
    const wrongPin = await checkedBody(rule);
    const refused = await partner.post('/schedules/bulk', { ...wrongPin, pin: '000000' });
    expect(refused.rc).not.toBe('00');
    expect((await partner.get('/schedules')).data.items).toEqual([]);
    const { res, body } = await scheduleBulk(rule);
    expect(res.rc, res.rd).toBe('00');
    expect(res.data).toMatchObject({
      kind: 'bulk',
      account_name: 'Gaji',
      rows: 3,
      amount: 30_000,
      next_due_at: wib('2026-02-03T09:00').toISOString(),
    });
    const again = await partner.post('/schedules/bulk', body);
    expect(again.rc).not.toBe('00');
    expect(again.rd).toMatch(/already|used/i);
    expect(await ledgerBalance(t, PARTNER)).toBe(before);
    const list = await partner.get('/schedules');
    const item = list.data.items.find((i: { id: number }) => i.id === res.data.id);
    expect(item).toMatchObject({ kind: 'bulk', rows: 3 });
    const staff = await t.loginAs('staff@demo.id', { lang: 'en' });
    expect((await staff.post('/schedules/bulk', body)).rc).not.toBe('00');
    await partner.post('/schedules/cancel', { id: res.data.id });
    expect(await ledgerBalance(t, PARTNER)).toBe(before);
  });

  it('each occurrence makes one group, held whole and paid through the bulk pipeline', async () => {
    t.clock.set(wib('2026-02-03T10:00'));
    const { res } = await scheduleBulk({
      frequency: 'daily',
      start_date: '2026-02-04',
      time: '09:00',
      count: 2,
    });
    expect(res.rc, res.rd).toBe('00');
    const before = await ledgerBalance(t, PARTNER);
    // Two passes in the due minute: the occurrence is claimed once.
    const first = await runAt('2026-02-04T09:00:05');
    expect((await runAt('2026-02-04T09:00:35')).claimed).toBe(0);
    expect(first.opened).toBeGreaterThanOrEqual(1);
    const [run] = await runsOf(res.data.id);
    expect(run).toMatchObject({ status: 'OPENED', reference: `BULK${run!.group_id}` });
    const group = await groupOf(Number(run!.group_id));
    expect(group).toMatchObject({ status: 'RUNNING', detail_count: 3, total_amount: 30_000 });
    const total = Number(group.total_amount) + Number(group.total_fee);
    expect(run!.fee).toBe(Number(group.total_fee));
    // Held at run time: the balance shows it before any row is sent.
    expect(await ledgerBalance(t, PARTNER)).toBe(before - total);
    await runBulkJob(t.services);
    await runBulkJob(t.services);
    expect((await groupOf(group.id)).status).toBe('DONE');
    const rows = await t.services.db
      .selectFrom('disbursement_details')
      .select(['status', 'row_no'])
      .where('group_id', '=', group.id)
      .orderBy('row_no')
      .execute();
    expect(rows).toEqual([1, 2, 3].map((n) => ({ status: 1, row_no: n })));
    expect(await ledgerBalance(t, PARTNER)).toBe(before - total);
    await login();
    const item = (await partner.get('/schedules')).data.items.find(
      (i: { id: number }) => i.id === res.data.id,
    );
    expect(item.last_run).toMatchObject({ status: 'SUCCESS', group_id: group.id });
    await runAt('2026-02-05T09:00:05');
    const runs = await runsOf(res.data.id);
    expect(runs).toHaveLength(2);
    expect(runs[1]!.group_id).not.toBe(runs[0]!.group_id);
    expect((await checkInvariants(t.services.db)).violations).toEqual([]);
  });

  it('the bulk approval policy applies at run time: the group waits, held, until approved', async () => {
    t.clock.set(wib('2026-02-09T08:00'));
    await login();
    const policy = {
      ...NO_POLICY,
      tiers: { ...NO_POLICY.tiers, bulk: [{ up_to: null, approvers: 1 }] },
    };
    expect((await partner.post('/approvals/policy', policy)).rc).toBe('00');
    const { res } = await scheduleBulk({
      frequency: 'once',
      start_date: '2026-02-09',
      time: '10:00',
    });
    expect(res.rc, res.rd).toBe('00');
    const before = await ledgerBalance(t, PARTNER);
    expect((await runAt('2026-02-09T10:00:05')).waitingApproval).toBe(1);
    const [run] = await runsOf(res.data.id);
    expect(run).toMatchObject({ status: 'WAITING_APPROVAL' });
    const group = await groupOf(Number(run!.group_id));
    expect(group.status).toBe('WAITING_APPROVAL');
    expect(await ledgerBalance(t, PARTNER)).toBe(
      before - Number(group.total_amount) - Number(group.total_fee),
    );
    const request = await t.services.db
      .selectFrom('approval_requests')
      .selectAll()
      .where('reference', '=', `BULK${group.id}`)
      .executeTakeFirstOrThrow();
    expect(request.maker_user_id).toBe(group.user_id);
    // The maker never approves her own scheduled group.
    const own = await partner.post('/approvals/approve', { ids: [request.id], pin: PIN });
    expect(own.data?.results?.[0]?.outcome ?? own.rc).not.toBe('released');
    const finance = await t.loginAs('finance@demo.id', { lang: 'en' });
    const approved = await finance.post('/approvals/approve', { ids: [request.id], pin: PIN });
    expect(approved.data.results).toEqual([{ id: request.id, outcome: 'released' }]);
    expect((await groupOf(group.id)).status).toBe('RUNNING');
    // A second scheduled group nobody approves: it expires, its money comes back, the page says so.
    const expiring = await scheduleBulk({
      frequency: 'once',
      start_date: '2026-02-09',
      time: '11:00',
    });
    const beforeExpiry = await ledgerBalance(t, PARTNER);
    await runAt('2026-02-09T11:00:05');
    expect(await ledgerBalance(t, PARTNER)).toBeLessThan(beforeExpiry);
    t.clock.set(wib('2026-02-10T11:00:10'));
    await runApprovalsJob(t.services);
    expect(await ledgerBalance(t, PARTNER)).toBe(beforeExpiry);
    await login();
    const item = (await partner.get('/schedules')).data.items.find(
      (i: { id: number }) => i.id === expiring.res.data.id,
    );
    expect(item.last_run).toMatchObject({ status: 'FAILED', reason: 'APPROVAL_EXPIRED' });
    await login();
    const reset = await partner.post('/approvals/policy', NO_POLICY);
    expect(reset.rc, reset.rd).toBe('00');
    expect((await checkInvariants(t.services.db)).violations).toEqual([]);
  });

  it('a group short of balance fails whole, mails the maker once and is not retried', async () => {
    t.clock.set(wib('2026-02-10T08:00'));
    const { res } = await scheduleBulk(
      { frequency: 'daily', start_date: '2026-02-10', time: '09:00', count: 2 },
      2,
      50_000,
    );
    expect(res.rc, res.rd).toBe('00');
    const id = await agentId(t, PARTNER);
    const balance = await ledgerBalance(t, PARTNER);
    // Enough for one row, not for the group: nothing of it may be paid.
    await drainAgent(t, id, balance - 60_000);
    const groupsBefore = await t.services.db
      .selectFrom('disbursement_groups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const report = await runAt('2026-02-10T09:00:05');
    expect(report.failed).toBe(1);
    expect(await ledgerBalance(t, PARTNER)).toBe(60_000);
    const [run] = await runsOf(res.data.id);
    expect(run).toMatchObject({ status: 'FAILED', reason: 'BALANCE_SHORT', group_id: null });
    const groupsAfter = await t.services.db
      .selectFrom('disbursement_groups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(groupsAfter.n)).toBe(Number(groupsBefore.n));
    const mails = await t.services.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'body_text as text'])
      .where('kind', '=', 'scheduled_payout_failed')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Gaji (2)');
    await fundAgent(t, PARTNER, balance);
    expect((await runAt('2026-02-10T09:01:00')).claimed).toBe(0);
    await runAt('2026-02-11T09:00:05');
    expect((await runsOf(res.data.id)).map((r) => r.status)).toEqual(['FAILED', 'OPENED']);
    expect((await checkInvariants(t.services.db)).violations).toEqual([]);
  });

  it('an occurrence in the cut-off waits for its end; the group is made then', async () => {
    const settings = t.services.rails.simulatorSettings;
    const downtime = settings.bankDowntime;
    settings.bankDowntime = null;
    try {
      t.clock.set(wib('2026-02-12T10:00'));
      const { res } = await scheduleBulk({
        frequency: 'once',
        start_date: '2026-02-12',
        time: '23:50',
      });
      expect(res.rc, res.rd).toBe('00');
      expect((await runAt('2026-02-12T23:50:05')).postponed).toBeGreaterThanOrEqual(1);
      expect(await runsOf(res.data.id)).toEqual([]);
      await runAt('2026-02-13T00:15:05');
      const [run] = await runsOf(res.data.id);
      expect(run).toMatchObject({ due_at: wib('2026-02-12T23:50'), status: 'OPENED' });
      expect((await groupOf(Number(run!.group_id))).status).toBe('RUNNING');
    } finally {
      settings.bankDowntime = downtime;
    }
  });

  it('one Check schedules once under parallel requests; two runners at once make each group once', async () => {
    t.clock.set(wib('2026-02-16T08:00'));
    const body = await checkedBody({ frequency: 'once', start_date: '2026-02-16', time: '09:00' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => partner.post('/schedules/bulk', body)),
    );
    const made = answers.filter((a) => a.rc === '00');
    expect(made).toHaveLength(1);
    const template = await t.services.db
      .selectFrom('payout_schedules')
      .selectAll()
      .where('id', '=', made[0]!.data.id)
      .executeTakeFirstOrThrow();
    const rows = await t.services.db
      .selectFrom('schedule_bulk_rows')
      .selectAll()
      .where('schedule_id', '=', template.id)
      .execute();
    // Nine more schedules of the same rows, all due in the same minute.
    const copies = await t.services.db
      .insertInto('payout_schedules')
      .values(
        Array.from({ length: 9 }, () => ({
          agent_id: template.agent_id,
          environment: template.environment,
          maker_user_id: template.maker_user_id,
          kind: 'bulk' as const,
          destination: JSON.stringify(template.destination),
          amount: template.amount,
          rule: JSON.stringify(template.rule),
          next_due_at: template.next_due_at,
          next_run_at: template.next_run_at,
          created_at: template.created_at,
          updated_at: template.updated_at,
        })),
      )
      .returning('id')
      .execute();
    await t.services.db
      .insertInto('schedule_bulk_rows')
      .values(copies.flatMap((c) => rows.map((r) => ({ ...r, schedule_id: c.id }))))
      .execute();
    const ids = [template.id, ...copies.map((c) => c.id)];
    const before = await ledgerBalance(t, PARTNER);
    t.clock.set(wib('2026-02-16T09:00:05'));
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
      expect(reports[0]!.claimed + reports[1]!.claimed).toBe(10);
    } finally {
      await other?.close();
    }
    const runs = await t.services.db
      .selectFrom('schedule_runs')
      .select(['schedule_id', 'group_id'])
      .where('schedule_id', 'in', ids)
      .execute();
    expect(runs).toHaveLength(10);
    const groups = await t.services.db
      .selectFrom('disbursement_groups')
      .select(['id', 'total_amount', 'total_fee'])
      .where(
        'id',
        'in',
        runs.map((r) => Number(r.group_id)),
      )
      .execute();
    expect(groups).toHaveLength(10);
    const held = groups.reduce((sum, g) => sum + Number(g.total_amount) + Number(g.total_fee), 0);
    expect(await ledgerBalance(t, PARTNER)).toBe(before - held);
    expect((await checkInvariants(t.services.db)).violations).toEqual([]);
  });
});
