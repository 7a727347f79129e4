import { checkInvariants } from '@gerbang/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireDue, runOnce as runApprovalsJob } from '../../src/modules/approvals/expiry';
import { runOnce as runBulk } from '../../src/modules/bulk-transfer/runner';
import { runRailSweep } from '../../src/modules/payouts/rail-work';
import { checkedRows, csvOf, PIN } from '../bulk-transfer/helpers';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { bankInquiry, fundAgent, ledgerBalance, offsetToWib, prepare } from '../withdraw/factory';

const PARTNER = 'partner@demo.id';
const STAFF = 'staff@demo.id';
const STAFF2 = 'finance@demo.id';
const FEE = 2_500;
const HOUR = 3_600_000;

/** Two tiers and a top tier: ≤ 50 rb none, ≤ 200 rb one approver, above two different people. */
const POLICY = {
  expiry_hours: 24,
  applies_to_api: false,
  tiers: {
    withdraw: [
      { up_to: 50_000, approvers: 0 },
      { up_to: 200_000, approvers: 1 },
      { up_to: null, approvers: 2 },
    ],
    bulk: [{ up_to: null, approvers: 2 }],
    remittance: [],
  },
};

describe.each(testDatabases())('approval policies on %s', (kind) => {
  let t: TestApp;
  let partner: TestClient;
  let staff: TestClient;
  let staff2: TestClient;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockOffsetMs: offsetToWib(10, 0) });
    await fundAgent(t, PARTNER, 50_000_000);
    partner = await t.loginAs(PARTNER, { lang: 'en' });
    staff = await t.loginAs(STAFF, { lang: 'en' });
    staff2 = await t.loginAs(STAFF2, { lang: 'en' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function withdraw(nominal: number) {
    const paid = await prepare(partner, bankInquiry({ nominal: nominal.toLocaleString('id-ID') }));
    const res = await partner.post('/transaction/cashout_payment', paid.payment);
    expect(res.rc, res.rd).toBe('00');
    return paid.inquiry.idtransaksi as string;
  }

  async function requestOf(reference: string) {
    return t.services.db
      .selectFrom('approval_requests')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirst();
  }

  async function stateOf(reference: string) {
    const row = await t.services.db
      .selectFrom('transactions as t')
      .innerJoin('rail_submissions as s', 's.transaction_id', 't.id')
      .select(['t.status_trx', 't.response_code', 't.keterangan', 's.state', 's.rail_reference'])
      .where('t.id_transaksi', '=', reference)
      .executeTakeFirstOrThrow();
    return row;
  }

  async function expectLedgerClean() {
    const report = await checkInvariants(t.services.db);
    expect(report.violations).toEqual([]);
  }

  it('saves a policy only when well formed; a refused one changes nothing', async () => {
    const bad = await partner.post('/approvals/policy', {
      ...POLICY,
      tiers: { ...POLICY.tiers, withdraw: [{ up_to: 100, approvers: 1 }] },
    });
    expect(bad.rc).not.toBe('00');
    expect(bad.rd).toBe('The last tier must cover any higher amount');
    const badApprovers = await partner.post('/approvals/policy', {
      ...POLICY,
      tiers: { ...POLICY.tiers, bulk: [{ up_to: null, approvers: 3 }] },
    });
    expect(badApprovers.rd).toBe('Approvers must be 0, 1 or 2');
    expect((await partner.get('/approvals/policy')).data.updated_at).toBeNull();
    const saved = await partner.post('/approvals/policy', POLICY);
    expect(saved.rc, saved.rd).toBe('00');
    expect(saved.data.policy).toEqual(POLICY);
    expect(saved.data.updated_by).toBe(PARTNER);
  });

  it('below the tier a withdrawal goes at once; above it waits with its money held and never reaches the rail', async () => {
    const small = await withdraw(40_000);
    expect(await requestOf(small)).toBeUndefined();
    expect((await stateOf(small)).state).toBe('DONE');

    const before = await ledgerBalance(t, PARTNER);
    const held = await withdraw(100_000);
    expect(await ledgerBalance(t, PARTNER)).toBe(before - 100_000 - FEE);
    const request = await requestOf(held);
    expect(request).toMatchObject({ kind: 'withdraw', layers_needed: 1, status: 'WAITING' });
    await runRailSweep(t.services);
    expect(await stateOf(held)).toMatchObject({
      status_trx: 'PROCESS',
      state: 'APPROVAL',
      rail_reference: null,
    });
    expect((await stateOf(held)).keterangan).toBe(
      'Menunggu persetujuan: Bank BCA 1234567890 a.n. ' + request!.destination.split(' a.n. ')[1],
    );
    // The approvals job mails the people who may approve it, never its maker, once.
    expect((await runApprovalsJob(t.services)).notified).toBeGreaterThanOrEqual(1);
    expect((await runApprovalsJob(t.services)).notified).toBe(0);
    const mails = await t.services.db
      .selectFrom('mail_outbox')
      .select(['to_address as to', 'subject'])
      .where('kind', '=', 'approval_request')
      .where('subject', 'like', `%${held}%`)
      .execute();
    expect(mails.map((m) => m.to).sort()).toEqual([STAFF2, STAFF]);
    const queue = await staff.get('/approvals/queue');
    const item = queue.data.items.find((i: any) => i.reference === held);
    expect(item).toMatchObject({ kind: 'withdraw', amount: 100_000, layers_needed: 1 });
    expect(item.blocked).toBeNull();
    const own = (await partner.get('/approvals/queue')).data.items.find(
      (i: any) => i.reference === held,
    );
    expect(own.blocked).toBe('own');

    // The maker never approves: refused by the server, nothing moves.
    const byMaker = await partner.post('/approvals/approve', { ids: [request!.id], pin: PIN });
    expect(byMaker.data.results).toEqual([{ id: request!.id, outcome: 'own' }]);
    expect((await stateOf(held)).state).toBe('APPROVAL');
    const wrongPin = await staff.post('/approvals/approve', { ids: [request!.id], pin: '000000' });
    expect(wrongPin.rc).not.toBe('00');
    expect((await requestOf(held))?.layers_done).toBe(0);

    // 40 approvals at once: one counts, the payout goes to the rail once.
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        staff.post('/approvals/approve', { ids: [request!.id], pin: PIN }),
      ),
    );
    // Each request checks the PIN first; on a loaded machine a few may wait past the guess
    // budget's bound and be answered "too many requests" — a refusal that changes nothing.
    const decided = answers.filter((a) => a.rc === '00');
    for (const refusedAnswer of answers.filter((a) => a.rc !== '00')) {
      expect(refusedAnswer.rd).toBe('Too many attempts. Please try again later.');
    }
    const outcomes = decided.map((a) => a.data.results[0].outcome);
    expect(outcomes.filter((o) => o === 'released')).toHaveLength(1);
    expect(outcomes.every((o) => o === 'released' || o === 'decided')).toBe(true);
    expect(await requestOf(held)).toMatchObject({ status: 'APPROVED', layers_done: 1 });
    expect((await stateOf(held)).status_trx).toBe('SUCCESS');
    expect(await ledgerBalance(t, PARTNER)).toBe(before - 100_000 - FEE);
    const audit = await t.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', held)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'withdraw_payment',
      'approval_release',
      'withdraw_final',
    ]);
    await expectLedgerClean();
  });

  it('six-eyes: two different approvers, never the same one twice, also in parallel', async () => {
    const reference = await withdraw(300_000);
    const request = (await requestOf(reference))!;
    expect(request.layers_needed).toBe(2);
    const first = await staff.post('/approvals/approve', { ids: [request.id], pin: PIN });
    expect(first.data.results[0].outcome).toBe('approved');
    expect(first.rd).toBe('1 approval recorded');
    const again = await Promise.all(
      Array.from({ length: 5 }, () =>
        staff.post('/approvals/approve', { ids: [request.id], pin: PIN }),
      ),
    );
    expect(again.map((a) => a.data.results[0].outcome)).toEqual(Array(5).fill('already'));
    expect((await stateOf(reference)).state).toBe('APPROVAL');
    const [x, y] = await Promise.all([
      staff2.post('/approvals/approve', { ids: [request.id], pin: PIN }),
      partner.post('/approvals/approve', { ids: [request.id], pin: PIN }),
    ]);
    expect([x.data.results[0].outcome, y.data.results[0].outcome]).toEqual(['released', 'own']);
    const decisions = await t.services.db
      .selectFrom('approval_decisions')
      .select('user_id')
      .where('request_id', '=', request.id)
      .execute();
    expect(new Set(decisions.map((d) => d.user_id)).size).toBe(2);
    expect((await stateOf(reference)).status_trx).toBe('SUCCESS');
    await expectLedgerClean();
  });

  it('a waiting payout keeps its policy when the policy changes; rejection releases the hold once', async () => {
    const before = await ledgerBalance(t, PARTNER);
    const reference = await withdraw(250_000);
    const none = { ...POLICY, tiers: { withdraw: [], bulk: [], remittance: [] } };
    expect((await partner.post('/approvals/policy', none)).rc).toBe('00');
    expect(await requestOf(reference)).toMatchObject({ layers_needed: 2, status: 'WAITING' });
    const request = (await requestOf(reference))!;
    const noReason = await staff.post('/approvals/reject', { ids: [request.id], pin: PIN });
    expect(noReason.rc).not.toBe('00');
    const rejected = await Promise.all(
      Array.from({ length: 5 }, () =>
        staff.post('/approvals/reject', { ids: [request.id], pin: PIN, reason: 'Salah nominal' }),
      ),
    );
    const outcomes = rejected.map((r) => r.data.results[0].outcome);
    expect(outcomes.filter((o) => o === 'rejected')).toHaveLength(1);
    expect(await stateOf(reference)).toMatchObject({
      status_trx: 'FAILED',
      response_code: 'APPROVAL_REJECTED',
      state: 'DONE',
    });
    expect(await ledgerBalance(t, PARTNER)).toBe(before);
    const late = await staff2.post('/approvals/approve', { ids: [request.id], pin: PIN });
    expect(late.data.results[0].outcome).toBe('decided');
    expect((await requestOf(reference))?.reason).toBe('Salah nominal');
    expect((await partner.post('/approvals/policy', POLICY)).rc).toBe('00');
    await expectLedgerClean();
  });

  it('expiry releases the hold exactly once, also racing approvals and a second expiry pass', async () => {
    const before = await ledgerBalance(t, PARTNER);
    const reference = await withdraw(150_000);
    const request = (await requestOf(reference))!;
    expect(await expireDue(t.services)).toBe(0);
    t.clock.advance(24 * HOUR + 1_000);
    // The sessions lapsed with the clock: log in again.
    partner = await t.loginAs(PARTNER, { lang: 'en' });
    staff = await t.loginAs(STAFF, { lang: 'en' });
    staff2 = await t.loginAs(STAFF2, { lang: 'en' });
    const [a, b, approval] = await Promise.all([
      expireDue(t.services),
      expireDue(t.services),
      staff.post('/approvals/approve', { ids: [request.id], pin: PIN }),
    ]);
    expect(a + b).toBe(1);
    expect(approval.data.results[0].outcome).toBe('expired');
    expect(await requestOf(reference)).toMatchObject({ status: 'EXPIRED', layers_done: 0 });
    expect(await stateOf(reference)).toMatchObject({
      status_trx: 'FAILED',
      response_code: 'APPROVAL_EXPIRED',
    });
    expect(await ledgerBalance(t, PARTNER)).toBe(before);
    expect(await expireDue(t.services)).toBe(0);
    await expectLedgerClean();
  });

  it('a bulk group waits as one, held at save, and runs after two different approvers', async () => {
    const before = await ledgerBalance(t, PARTNER);
    const checked = await checkedRows(partner, csvOf(3));
    const saved = await partner.post('/transaction/cashout_save', {
      saved_data: checked.saved,
      pin: PIN,
      group_name: 'Gaji Desember',
      group_desc: 'Gaji karyawan',
      token: checked.token.checksum,
      uuid_user: checked.token.uuid_user,
    });
    expect(saved.data.status).toBe('WAITING_APPROVAL');
    const total = 3 * (10_000 + FEE);
    expect(await ledgerBalance(t, PARTNER)).toBe(before - total);
    const request = (await requestOf(`BULK${saved.data.group_id}`))!;
    expect(request).toMatchObject({ kind: 'bulk', layers_needed: 2, subject: 'bulk_group' });
    const one = await staff.post('/transaction/disbursement_approve', {
      group_id: saved.data.group_id,
      pin: PIN,
    });
    expect(one.rd).toBe('Group Gaji Desember approved; it waits for the next approver');
    await runBulk(t.services);
    const rowsWaiting = await t.services.db
      .selectFrom('disbursement_details')
      .select('status')
      .where('group_id', '=', saved.data.group_id)
      .execute();
    expect(rowsWaiting.map((r) => r.status)).toEqual([0, 0, 0]);
    const two = await staff2.post('/approvals/approve', { ids: [request.id], pin: PIN });
    expect(two.data.results[0].outcome).toBe('released');
    for (let pass = 0; pass < 10; pass++) await runBulk(t.services);
    const group = await t.services.db
      .selectFrom('disbursement_groups')
      .select('status')
      .where('id', '=', saved.data.group_id)
      .executeTakeFirstOrThrow();
    expect(group.status).toBe('DONE');
    expect(await ledgerBalance(t, PARTNER)).toBe(before - total);

    // A rejected group gives its held money back.
    const second = await checkedRows(partner, csvOf(2));
    const saved2 = await partner.post('/transaction/cashout_save', {
      saved_data: second.saved,
      pin: PIN,
      group_name: 'Bonus',
      group_desc: 'Bonus',
      token: second.token.checksum,
      uuid_user: second.token.uuid_user,
    });
    expect(await ledgerBalance(t, PARTNER)).toBe(before - total - 2 * (10_000 + FEE));
    const request2 = (await requestOf(`BULK${saved2.data.group_id}`))!;
    const cancelled = await partner.post('/approvals/reject', {
      ids: [request2.id],
      pin: PIN,
      reason: 'Batal',
    });
    expect(cancelled.data.results[0].outcome).toBe('rejected');
    expect(await ledgerBalance(t, PARTNER)).toBe(before - total);
    await expectLedgerClean();
  });
});
