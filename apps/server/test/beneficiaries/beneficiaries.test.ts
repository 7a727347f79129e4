import { checkInvariants } from '@gerbang/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRailSweep } from '../../src/modules/payouts/rail-work';
import { PIN } from '../bulk-transfer/helpers';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { bankInquiry, fundAgent, ledgerBalance, offsetToWib, prepare } from '../withdraw/factory';

const PARTNER = 'partner@demo.id';
const STAFF = 'staff@demo.id';
const FINANCE = 'finance@demo.id';
const FEE = 2_500;

/**
 * The beneficiary book, the name check at use (held as a name mismatch,
 * released only with name_mismatch OVERRIDE, once under parallel requests), and the "no balance"
 * view flag refused by the API. One server and database per database kind.
 */
describe.each(testDatabases())('beneficiary book and name check on %s', (kind) => {
  let t: TestApp;
  let partner: TestClient;
  let staff: TestClient;
  let finance: TestClient;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockOffsetMs: offsetToWib(10, 0) });
    await fundAgent(t, PARTNER, 20_000_000);
    partner = await t.loginAs(PARTNER, { lang: 'en' });
    staff = await t.loginAs(STAFF, { lang: 'en' });
    finance = await t.loginAs(FINANCE, { lang: 'en' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function save(number: string, label: string, tags: string[] = []) {
    const res = await partner.post('/beneficiaries', {
      type: 'BANK',
      code: '014',
      account_number: number,
      label,
      tags,
    });
    expect(res.rc, res.rd).toBe('00');
    return res.data as { id: number; account_name: string };
  }

  async function rename(number: string, name: string) {
    const res = await partner.post('/dev/simulator/rename_account', {
      kind: 'BANK',
      code: '014',
      account_number: number,
      name,
    });
    expect(res.rc, res.rd).toBe('00');
  }

  /** A withdrawal to a saved beneficiary, paid: its reference. */
  async function payTo(beneficiary: { id: number }, number: string, nominal: number) {
    const paid = await prepare(
      partner,
      bankInquiry({
        number,
        nominal: nominal.toLocaleString('id-ID'),
        beneficiary_id: beneficiary.id,
      }),
    );
    const res = await partner.post('/transaction/cashout_payment', paid.payment);
    expect(res.rc, res.rd).toBe('00');
    return paid.inquiry.idtransaksi as string;
  }

  async function stateOf(reference: string) {
    return t.services.db
      .selectFrom('transactions as t')
      .innerJoin('rail_submissions as s', 's.transaction_id', 't.id')
      .leftJoin('name_checks as n', 'n.submission_id', 's.id')
      .select(['t.status_trx', 't.response_code', 't.keterangan', 's.id', 's.state', 'n.status'])
      .where('t.id_transaksi', '=', reference)
      .executeTakeFirstOrThrow();
  }

  it('keeps the favourites as the book: lists, searches by tag, creates with the rail name, edits, deletes; refuses bad input', async () => {
    const seeded = await partner.get('/beneficiaries', { tag: 'payroll' });
    expect(seeded.rc, seeded.rd).toBe('00');
    expect(seeded.data.items.map((b: any) => b.label).sort()).toEqual(['Gaji Budi', 'Gaji Sari']);
    expect(seeded.data.tags).toEqual(['payroll', 'supplier']);
    // The spec's favourite routes read the same rows.
    const favourites = await partner.get('/data/transaction_destination_stored', {});
    expect(favourites.data.some((f: any) => f.label === 'Supplier kain')).toBe(true);

    const created = await save('5550001111', 'Vendor A', ['Vendor', 'vendor', 'jakarta']);
    expect(created.account_name).toMatch(/^[A-Z]+ [A-Z]+$/);
    expect((created as any).tags).toEqual(['vendor', 'jakarta']);
    const found = await partner.get('/beneficiaries', { q: '5550001' });
    expect(found.data.items.map((b: any) => b.id)).toEqual([created.id]);

    const bad = await Promise.all([
      partner.post('/beneficiaries', { type: 'BANK', code: '999', account_number: '123456' }),
      partner.post('/beneficiaries', { type: 'BANK', code: '014', account_number: '12ab' }),
      partner.post('/beneficiaries', {
        type: 'BANK',
        code: '014',
        account_number: '5550002222',
        tags: ['two words'],
      }),
      partner.post('/beneficiaries/update', { id: created.id, label: 'x'.repeat(41) }),
      partner.post('/beneficiaries/delete', { id: 999_999 }),
    ]);
    expect(bad.map((r) => r.rd)).toEqual([
      'Choose a bank or an e-wallet.',
      'Please check account number',
      'A tag is one word of letters, digits, - or _ (at most 20 characters).',
      'The label may have at most 40 characters.',
      'Beneficiary not found.',
    ]);
    const updated = await partner.post('/beneficiaries/update', {
      id: created.id,
      label: 'Vendor A (Jakarta)',
      tags: ['vendor'],
    });
    expect(updated.data).toMatchObject({ label: 'Vendor A (Jakarta)', tags: ['vendor'] });
    // Another agent never sees or edits it.
    const other = await t.loginAs('fresh@demo.id', { lang: 'en' });
    expect((await other.post('/beneficiaries/delete', { id: created.id })).rd).toBe(
      'Beneficiary not found.',
    );
    const removed = await partner.post('/beneficiaries/delete', { id: created.id });
    expect(removed.rc, removed.rd).toBe('00');
    expect((await partner.get('/beneficiaries', { q: '5550001' })).data.total).toBe(0);
  });

  it('saves a paid withdrawal as a favourite from its receipt, with the name its inquiry returned', async () => {
    const paid = await prepare(partner, bankInquiry({ number: '5550003333', nominal: '20.000' }));
    expect((await partner.post('/transaction/cashout_payment', paid.payment)).rc).toBe('00');
    const res = await partner.post('/beneficiaries/from_transaction', {
      id_transaksi: paid.inquiry.idtransaksi,
      label: 'From receipt',
    });
    expect(res.rc, res.rd).toBe('00');
    expect(res.data).toMatchObject({
      type: 'BANK',
      code: '014',
      account_number: '5550003333',
      account_name: paid.inquiry.tabledata['NAMA PELANGGAN'],
    });
    const unknown = await partner.post('/beneficiaries/from_transaction', { id_transaksi: 'NOPE' });
    expect(unknown.rd).toBe('That transaction cannot be saved as a beneficiary.');
  });

  it('holds a payout whose account was renamed; only OVERRIDE releases it, once under parallel requests', async () => {
    const number = '5550004444';
    const saved = await save(number, 'Renamed vendor');
    // Same name: the payout goes at once.
    const same = await payTo(saved, number, 30_000);
    expect((await stateOf(same)).state).toBe('DONE');

    await rename(number, 'Orang Lain');
    const before = await ledgerBalance(t, PARTNER);
    const held = await payTo(saved, number, 40_000);
    expect(await ledgerBalance(t, PARTNER)).toBe(before - 40_000 - FEE);
    await runRailSweep(t.services);
    const state = await stateOf(held);
    expect(state).toMatchObject({ status_trx: 'PROCESS', state: 'APPROVAL', status: 'WAITING' });
    expect(state.keterangan).toContain('ORANG LAIN');

    const list = await finance.get('/beneficiaries/holds');
    const item = list.data.items.find((i: any) => i.reference === held);
    expect(item).toMatchObject({ saved_name: saved.account_name, found_name: 'ORANG LAIN' });
    expect(list.data.can_override).toBe(true);
    expect((await staff.get('/beneficiaries/holds')).data.can_override).toBe(false);

    // Staff lacks the action: refused with the normal 403 answer; nothing moves.
    const byStaff = await staff.post('/beneficiaries/holds/release', { ids: [state.id], pin: PIN });
    expect(byStaff.rc).toBe('403');
    expect((await stateOf(held)).state).toBe('APPROVAL');

    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        finance.post('/beneficiaries/holds/release', { ids: [state.id], pin: PIN }),
      ),
    );
    const outcomes = answers.filter((a) => a.rc === '00').map((a) => a.data.results[0].outcome);
    expect(outcomes.filter((o) => o === 'released')).toHaveLength(1);
    expect(outcomes.every((o) => o === 'released' || o === 'decided')).toBe(true);
    await runRailSweep(t.services);
    expect(await stateOf(held)).toMatchObject({ status_trx: 'SUCCESS', status: 'RELEASED' });
    expect(await ledgerBalance(t, PARTNER)).toBe(before - 40_000 - FEE);
    // The book keeps the name the permitted person confirmed: the next payout goes at once.
    const book = await partner.get('/beneficiaries', { q: number });
    expect(book.data.items[0].account_name).toBe('ORANG LAIN');
    const audit = await t.services.db
      .selectFrom('audit_log')
      .select(['action', 'username'])
      .where('target', '=', held)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'withdraw_payment',
      'name_mismatch_release',
      'withdraw_final',
    ]);
    expect(audit[1]?.username).toBe(FINANCE);
  });

  it('a rejected mismatch gives the held money back; a released one still meets the approval policy', async () => {
    const number = '5550005555';
    const saved = await save(number, 'Second vendor');
    await rename(number, 'Nama Baru');
    const before = await ledgerBalance(t, PARTNER);
    const rejected = await payTo(saved, number, 25_000);
    const { id } = await stateOf(rejected);
    const res = await finance.post('/beneficiaries/holds/reject', {
      ids: [id],
      pin: PIN,
      reason: 'not our vendor',
    });
    expect(res.data.results).toEqual([{ id, outcome: 'rejected' }]);
    expect(await stateOf(rejected)).toMatchObject({
      status_trx: 'FAILED',
      response_code: 'NAME_MISMATCH_REJECTED',
      status: 'REJECTED',
    });
    expect(await ledgerBalance(t, PARTNER)).toBe(before);

    // With a policy (above Rp 50,000: one approver), the released payout waits for approval.
    const policy = await partner.post('/approvals/policy', {
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
    });
    expect(policy.rc, policy.rd).toBe('00');
    await rename(number, 'Nama Lain Lagi');
    const big = await payTo(saved, number, 100_000);
    const held = await stateOf(big);
    expect(held.status).toBe('WAITING');
    const approval = () =>
      t.services.db
        .selectFrom('approval_requests')
        .selectAll()
        .where('reference', '=', big)
        .executeTakeFirst();
    // The name check comes first: approvers never see it before the name is confirmed.
    expect(await approval()).toBeUndefined();
    const released = await finance.post('/beneficiaries/holds/release', {
      ids: [held.id],
      pin: PIN,
    });
    expect(released.data.results[0].outcome).toBe('released');
    expect(await approval()).toMatchObject({ status: 'WAITING', layers_needed: 1 });
    expect((await stateOf(big)).state).toBe('APPROVAL');
    const request = (await approval())!;
    const approved = await staff.post('/approvals/approve', { ids: [request.id], pin: PIN });
    expect(approved.data.results[0].outcome).toBe('released');
    await runRailSweep(t.services);
    expect((await stateOf(big)).status_trx).toBe('SUCCESS');
    const report = await checkInvariants(t.services.db);
    expect(report.violations).toEqual([]);
  });

  it('"no balance": a user denied balance_view sees transactions but every balance call is refused (403)', async () => {
    const staffId = Number(
      (
        await t.services.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', STAFF)
          .executeTakeFirstOrThrow()
      ).id,
    );
    await t.services.db
      .insertInto('user_module_denials')
      .values({ user_id: staffId, module_id: 133, action: 'READ' })
      .execute();
    const refusedRoutes = [
      '/data/app_info_web',
      '/data/balance',
      '/data/balance/summary',
      '/data/balance_detail',
      '/data/balance_detail/summary',
      '/data/balance_detail_hold',
      '/data/monitor_hold_balance',
      '/resume/balance',
      '/resume/hold_balance',
    ];
    const answers = await Promise.all(refusedRoutes.map((path) => staff.get(path, {})));
    expect(answers.map((a, i) => `${refusedRoutes[i]} ${a.rc}`)).toEqual(
      refusedRoutes.map((path) => `${path} 403`),
    );
    // Transactions stay visible; the session tells no balance.
    expect((await staff.get('/data/transfer', {})).rc).toBe('00');
    const me = await staff.post('/auth/datauser', {});
    expect(me.data.agent.balance).toBe(0);
    expect((await partner.get('/data/app_info_web')).data.balance).toBeGreaterThan(0);
  });
});
