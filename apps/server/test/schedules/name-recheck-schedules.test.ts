import { checkInvariants } from '@gerbang/ledger';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runRailSweep } from '../../src/modules/payouts/rail-work';
import { runOnce } from '../../src/modules/schedules/runner';
import { PIN } from '../bulk-transfer/helpers';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { bankInquiry, fundAgent, ledgerBalance } from '../withdraw/factory';

const PARTNER = 'partner@demo.id';
const FINANCE = 'finance@demo.id';
const STAFF = 'staff@demo.id';
const FEE = 2_500;
/** Monday 2 March 2026, 08:00 WIB. */
const START = new Date('2026-03-02T01:00:00Z');
const wib = (local: string) => new Date(`${local}+07:00`);
const NO_APPROVAL = {
  expiry_hours: 24,
  applies_to_api: false,
  tiers: { withdraw: [], bulk: [], remittance: [] },
};

/**
 * A scheduled withdrawal made for a saved beneficiary asks the account inquiry again at each run
 * (ADR 015, 016): an account renamed since is held as a name mismatch (money held) until a user
 * with the override releases it; an unchanged name runs straight through; an account the inquiry
 * no longer finds fails that run with its reason and a mail to the maker.
 */
describe.each(testDatabases())('scheduled payouts to saved beneficiaries on %s', (kind) => {
  let t: TestApp;
  let partner: TestClient;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: START });
    await fundAgent(t, PARTNER, 20_000_000);
    partner = await t.loginAs(PARTNER, { lang: 'en' });
    expect((await partner.post('/approvals/policy', NO_APPROVAL)).rc).toBe('00');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A once-only schedule for a new saved beneficiary, due `time` WIB on `date`. */
  async function scheduleFor(number: string, nominal: number, date: string, time: string) {
    t.clock.set(wib(`${date}T08:00`));
    partner = await t.loginAs(PARTNER, { lang: 'en' });
    const saved = await partner.post('/beneficiaries', {
      type: 'BANK',
      code: '014',
      account_number: number,
      label: `Vendor ${number}`,
    });
    expect(saved.rc, saved.rd).toBe('00');
    const inquiry = await partner.post(
      '/transaction/cashout_inquiry',
      bankInquiry({
        number,
        nominal: nominal.toLocaleString('id-ID'),
        beneficiary_id: saved.data.id,
      }),
    );
    expect(inquiry.rc, inquiry.rd).toBe('00');
    const made = await partner.post('/schedules', {
      reff_id: inquiry.data.idtransaksi,
      rule: { frequency: 'once', start_date: date, time },
      pin: PIN,
    });
    expect(made.rc, made.rd).toBe('00');
    return { id: made.data.id as number, savedName: saved.data.account_name as string };
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

  async function runOf(scheduleId: number) {
    return t.services.db
      .selectFrom('schedule_runs')
      .selectAll()
      .where('schedule_id', '=', scheduleId)
      .executeTakeFirstOrThrow();
  }

  async function stateOf(reference: string) {
    return t.services.db
      .selectFrom('transactions as t')
      .innerJoin('rail_submissions as s', 's.transaction_id', 't.id')
      .leftJoin('name_checks as n', 'n.submission_id', 's.id')
      .select(['t.status_trx', 's.id', 's.state', 'n.status', 'n.saved_name', 'n.found_name'])
      .where('t.id_transaksi', '=', reference)
      .executeTakeFirstOrThrow();
  }

  it('an account renamed after the schedule was made: the run is held as a name mismatch until OVERRIDE releases it', async () => {
    const number = '5550006601';
    const s = await scheduleFor(number, 60_000, '2026-03-02', '10:00');
    await rename(number, 'Pemilik Baru');
    const before = await ledgerBalance(t, PARTNER);
    t.clock.set(wib('2026-03-02T10:00:05'));
    const report = await runOnce(t.services);
    expect(report).toMatchObject({ claimed: 1, waitingApproval: 1, failed: 0 });
    const run = await runOf(s.id);
    expect(run.status).toBe('WAITING_NAME_CHECK');
    const reference = run.reference as string;
    // Held, not sent: the money is out of the balance, the rail sweep leaves it alone.
    expect(await ledgerBalance(t, PARTNER)).toBe(before - 60_000 - FEE);
    await runRailSweep(t.services);
    const held = await stateOf(reference);
    expect(held).toMatchObject({
      status_trx: 'PROCESS',
      state: 'APPROVAL',
      status: 'WAITING',
      saved_name: s.savedName,
      found_name: 'PEMILIK BARU',
    });
    // The occurrence ran once: another pass neither asks nor opens it again.
    expect((await runOnce(t.services)).claimed).toBe(0);

    const staff = await t.loginAs(STAFF, { lang: 'en' });
    const byStaff = await staff.post('/beneficiaries/holds/release', { ids: [held.id], pin: PIN });
    expect(byStaff.rc).toBe('403');
    const finance = await t.loginAs(FINANCE, { lang: 'en' });
    const released = await finance.post('/beneficiaries/holds/release', {
      ids: [held.id],
      pin: PIN,
    });
    expect(released.data.results).toEqual([{ id: held.id, outcome: 'released' }]);
    await runRailSweep(t.services);
    expect(await stateOf(reference)).toMatchObject({ status_trx: 'SUCCESS', status: 'RELEASED' });
    expect((await runOf(s.id)).status).toBe('SUCCESS');
    expect(await ledgerBalance(t, PARTNER)).toBe(before - 60_000 - FEE);
    expect((await checkInvariants(t.services.db)).violations).toEqual([]);
  });

  it('an unchanged name runs straight through, asked once at the run', async () => {
    const number = '5550006602';
    const s = await scheduleFor(number, 45_000, '2026-03-03', '10:00');
    const before = await ledgerBalance(t, PARTNER);
    const inquiry = vi.spyOn(t.services.rails.bank, 'inquiry');
    t.clock.set(wib('2026-03-03T10:00:05'));
    expect(await runOnce(t.services)).toMatchObject({ claimed: 1, opened: 1, failed: 0 });
    expect(inquiry.mock.calls.map(([r]) => r.accountNumber)).toEqual([number]);
    const run = await runOf(s.id);
    await runRailSweep(t.services);
    const state = await stateOf(run.reference as string);
    expect(state).toMatchObject({ status_trx: 'SUCCESS', status: null });
    expect(await ledgerBalance(t, PARTNER)).toBe(before - 45_000 - FEE);
  });

  it('an account the inquiry no longer finds fails that run with its reason and a mail; nothing is held', async () => {
    const number = '5550006603';
    const s = await scheduleFor(number, 30_000, '2026-03-04', '10:00');
    const before = await ledgerBalance(t, PARTNER);
    // The account was closed after the schedule was made.
    vi.spyOn(t.services.rails.bank, 'inquiry').mockResolvedValue({
      ok: false,
      code: 'ACCOUNT_NOT_FOUND',
    });
    t.clock.set(wib('2026-03-04T10:00:05'));
    expect(await runOnce(t.services)).toMatchObject({ claimed: 1, opened: 0, failed: 1 });
    expect(await runOf(s.id)).toMatchObject({
      status: 'FAILED',
      reason: 'ACCOUNT_NOT_FOUND',
      reference: null,
    });
    expect(await ledgerBalance(t, PARTNER)).toBe(before);
    const mail = await t.services.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'body_text'])
      .where('kind', '=', 'scheduled_payout_failed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // In the maker's language (Indonesian).
    expect(mail.to_address).toBe(PARTNER);
    expect(mail.body_text).toContain('rekening tidak ditemukan lagi (ditutup atau salah)');
    expect(mail.body_text).toContain(number);
    // No blind retry: the once-only schedule has ended.
    expect((await runOnce(t.services)).claimed).toBe(0);
    const row = await t.services.db
      .selectFrom('payout_schedules')
      .select('status')
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('ENDED');
  });

  it('a schedule that became due after the pass asked is not paid unchecked: the next batch asks, then holds the rename', async () => {
    const a = await scheduleFor('5550006604', 20_000, '2026-03-05', '10:00');
    const b = await scheduleFor('5550006605', 25_000, '2026-03-05', '22:00');
    await rename('5550006605', 'Pemilik Lain');
    const due = wib('2026-03-05T10:00');
    const bank = t.services.rails.bank;
    const ask = bank.inquiry.bind(bank);
    let moved = false;
    const inquiry = vi.spyOn(bank, 'inquiry').mockImplementation(async (request) => {
      // B becomes due between the pass's inquiries and its batch transaction.
      if (!moved) {
        moved = true;
        await t.services.db
          .updateTable('payout_schedules')
          .set({ next_due_at: due, next_run_at: due })
          .where('id', '=', b.id)
          .execute();
      }
      return ask(request);
    });
    t.clock.set(wib('2026-03-05T10:00:05'));
    expect(await runOnce(t.services)).toMatchObject({ claimed: 2, failed: 0 });
    expect(inquiry.mock.calls.map(([r]) => r.accountNumber)).toEqual(['5550006604', '5550006605']);
    // A ran as it was (sent right after the commit).
    expect(['OPENED', 'SUCCESS']).toContain((await runOf(a.id)).status);
    const held = await runOf(b.id);
    expect(held.status).toBe('WAITING_NAME_CHECK');
    expect(await stateOf(held.reference as string)).toMatchObject({
      state: 'APPROVAL',
      status: 'WAITING',
      found_name: 'PEMILIK LAIN',
    });
  });
});
