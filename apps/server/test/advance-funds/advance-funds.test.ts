import { balanceOfAccount, checkInvariants } from '@gerbang/ledger';
import { PAYIN_VA_BANK_CODES } from '@gerbang/shared/domain/payin-channels';
import { vaProductCode } from '@gerbang/shared/domain/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVANCE_FUNDING_ACCOUNT } from '../../src/modules/advance-funds/ledger';
import {
  approveAdvance,
  listAdvanceRequests,
  rejectAdvance,
} from '../../src/modules/advance-funds/review';
import { issueVirtualAccount } from '../../src/modules/payins/issue';
import { runOnce } from '../../src/modules/payins/settlement';
import type { ConsoleReviewer } from '../../src/platform/staff/reviewer';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { agentIdOf } from '../payins/factory';

/** Monday 10:00 WIB, then Tuesday and Wednesday: VA pay-ins settle D+1 (WIB business days). */
const MONDAY_10 = new Date('2026-11-23T10:00:00+07:00');
const TUESDAY_10 = new Date('2026-11-24T10:00:00+07:00');
const WEDNESDAY_07 = new Date('2026-11-25T07:00:00+07:00');
const SUNDAY = '2026-11-22';
const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';
const WEDNESDAY = '2026-11-25';
const VA_FEE = 4_000;

const reviewer: ConsoleReviewer = {
  staffId: 1,
  name: 'Ops Reviewer',
  ip: '127.0.0.1',
  userAgent: 'vitest',
};

/**
 * Advance funds: the server decides the rejected dates (future, no sales, already
 * advanced), "Tetap Simpan" saves with them, the provider's approval pays the advance from its
 * funding account into the merchant's balance, and the product's later settlements take it back
 * exactly — the funding account ends where it started.
 */
describe.each(testDatabases())('advance funds on %s', (kind) => {
  let t: TestApp;
  let partner: TestClient;
  let agentId: number;
  let bank: string;
  let product: string;

  async function payVa(amount: number) {
    const va = await issueVirtualAccount(
      t.services,
      { agentId, environment: 'production' },
      { bankCode: bank, kind: 'open', customerName: 'Budi Santoso' },
    );
    const res = await t.client().post('/dev/simulator/pay', {
      channel: 'va',
      number: va.vaNumber,
      amount,
    });
    expect(res.rc, res.rd).toBe('00');
  }

  async function available() {
    const account = await t.services.ledger.findAccount({
      kind: 'merchant_available',
      agentId,
      environment: 'production',
    });
    return account ? balanceOfAccount(account).posted : 0;
  }

  async function funding() {
    const account = await t.services.ledger.findAccount({
      kind: ADVANCE_FUNDING_ACCOUNT,
      environment: 'production',
    });
    return account ? balanceOfAccount(account).posted : 0;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: MONDAY_10 });
    agentId = await agentIdOf(t);
    // A VA bank the demo history never sold through, so every sale here is the test's own.
    const used = await t.services.db
      .selectFrom('incoming_holds')
      .select('id_produk')
      .distinct()
      .where('agent_id', '=', agentId)
      .execute();
    const taken = new Set(used.map((r) => r.id_produk));
    bank = PAYIN_VA_BANK_CODES.find((code) => !taken.has(vaProductCode(code))) as string;
    expect(bank).toBeTruthy();
    product = vaProductCode(bank);
    await payVa(200_000);
    await payVa(300_000);
    t.clock.set(TUESDAY_10);
    await payVa(100_000);
    partner = await t.loginAs('partner@demo.id', { lang: 'id' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses in the spec order, in the user language', async () => {
    const body = { kode_produk: product, date_from: MONDAY, date_to: TUESDAY, recaptcha: '' };
    const noProduct = await partner.post('/data/create_talangan', { ...body, kode_produk: '' });
    expect(noProduct.rd).toBe('Anda belum memilih kode produk');
    const noFrom = await partner.post('/data/create_talangan', { ...body, date_from: '' });
    expect(noFrom.rd).toBe('Anda belum memasukkan tanggal from');
    const noTo = await partner.post('/data/create_talangan', { ...body, date_to: '' });
    expect(noTo.rd).toBe('Anda belum memasukkan tanggal to');
    const backwards = await partner.post('/data/create_talangan', {
      ...body,
      date_from: TUESDAY,
      date_to: MONDAY,
    });
    expect(backwards.rd).toBe('Tanggal To tidak boleh lebih awal dari tanggal From');
    const products = await partner.get('/data/list_produk_talangan');
    expect(products.rc).toBe('00');
    const offered = products.data.map((p: { id_produk: string }) => p.id_produk);
    expect(offered).toContain(product);
    // Only products with unsettled sales to advance: never a payout product.
    expect(offered).not.toContain('TRANSFERBANK');
    const unsold = PAYIN_VA_BANK_CODES.map(vaProductCode).filter((code) => !offered.includes(code));
    expect(unsold.length).toBeGreaterThan(0);
  });

  it('refuses a request with nothing to advance (Rp 0) at creation, even with "Tetap Simpan"', async () => {
    const body = { kode_produk: product, date_from: SUNDAY, date_to: SUNDAY, recaptcha: '' };
    const first = await partner.post('/data/create_talangan', body);
    expect(first.data.missing_dates).toEqual([{ date: SUNDAY, reason: 'no_sales' }]);
    const forced = await partner.post('/data/create_talangan_next', body);
    expect([forced.rc, forced.rd]).toEqual([
      '01',
      'Tidak ada dana yang dapat ditalangi pada tanggal yang dipilih: tidak ada penjualan produk ini yang belum diselesaikan.',
    ]);
    expect(await listAdvanceRequests(t.services, { agentId, status: 0 })).toHaveLength(0);
  });

  it('answers rc 99 with the rejected dates, saves nothing, and "Tetap Simpan" saves', async () => {
    const body = { kode_produk: product, date_from: SUNDAY, date_to: WEDNESDAY, recaptcha: '' };
    const first = await partner.post('/data/create_talangan', body);
    expect(first.rc).toBe('99');
    expect(first.rd).toBe('Beberapa tanggal ditolak sistem silahkan hubungi admin');
    expect(first.data.missing_dates).toEqual([
      { date: SUNDAY, reason: 'no_sales' },
      { date: WEDNESDAY, reason: 'future' },
    ]);
    expect(await listAdvanceRequests(t.services, { agentId, status: 0 })).toHaveLength(0);

    const saved = await partner.post('/data/create_talangan_next', body);
    expect(saved.rc, saved.rd).toBe('00');
    const net = 200_000 + 300_000 + 100_000 - 3 * VA_FEE;
    expect(saved.data.nominal).toBe(net);

    // The advanced days cannot be asked again, even by parallel requests.
    const again = await partner.post('/data/create_talangan', {
      ...body,
      date_from: MONDAY,
      date_to: MONDAY,
    });
    expect(again.rc).toBe('99');
    expect(again.data.missing_dates).toEqual([{ date: MONDAY, reason: 'already_advanced' }]);
    const rows = await listAdvanceRequests(t.services, { agentId, status: 0 });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ nominal: net, forced: true, outstanding: 0 });
  });

  it('pays on approval and recovers exactly from the later settlements', async () => {
    const [request] = await listAdvanceRequests(t.services, { agentId, status: 0 });
    if (!request) throw new Error('no request');
    const net = request.nominal;
    const before = await available();

    const approved = await approveAdvance(t.services, reviewer, { id: request.id });
    expect(approved).toMatchObject({ status: 3, outstanding: net, recovered: 0 });
    expect((await available()) - before).toBe(net);
    expect(await funding()).toBe(-net);
    await expect(approveAdvance(t.services, reviewer, { id: request.id })).rejects.toMatchObject({
      rc: '01',
    });
    await expect(
      rejectAdvance(t.services, reviewer, { id: request.id, reason: 'late' }),
    ).rejects.toMatchObject({ rc: '01' });

    const page = await partner.get('/data/dana_talangan');
    const row = page.data.data.find((r: { id: number }) => Number(r.id) === request.id);
    expect(Number(row.outstanding)).toBe(net);

    // Tuesday: Monday's sales settle; the whole settlement goes back to the funding account.
    const monday = 200_000 + 300_000 - 2 * VA_FEE;
    const afterApproval = await available();
    const tuesdayRun = await Promise.all([runOnce(t.services), runOnce(t.services)]);
    expect(tuesdayRun.reduce((s, r) => s + r.settlements, 0)).toBe(1);
    expect(await available()).toBe(afterApproval);
    let [view] = await listAdvanceRequests(t.services, { agentId, status: 3 });
    expect(view).toMatchObject({ recovered: monday, outstanding: net - monday });

    // Wednesday: Tuesday's sale settles and recovers the rest; nothing more after that.
    t.clock.set(WEDNESDAY_07);
    await runOnce(t.services);
    [view] = await listAdvanceRequests(t.services, { agentId, status: 3 });
    expect(view).toMatchObject({ recovered: net, outstanding: 0 });
    expect(await funding()).toBe(0);
    expect(await available()).toBe(afterApproval);

    const recoveries = await t.services.db
      .selectFrom('dana_talangan_recoveries')
      .select(['amount'])
      .where('request_id', '=', request.id)
      .execute();
    expect(recoveries.map((r) => Number(r.amount)).sort((a, b) => a - b)).toEqual(
      [net - monday, monday].sort((a, b) => a - b),
    );
    const report = await checkInvariants(t.services.db);
    expect(report.violations).toEqual([]);

    const audit = await t.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', String(request.id))
      .where('action', 'like', '%advance%')
      .execute();
    expect(audit.map((a) => a.action)).toContain('console_advance_approve');
  });

  it('rejects with a reason and moves no money', async () => {
    // The clock moved a day: a new session.
    partner = await t.loginAs('partner@demo.id', { lang: 'id' });
    await payVa(50_000);
    const made = await partner.post('/data/create_talangan', {
      kode_produk: product,
      date_from: WEDNESDAY,
      date_to: WEDNESDAY,
      recaptcha: '',
    });
    expect(made.rc, made.rd).toBe('00');
    const before = await available();
    await expect(
      rejectAdvance(t.services, reviewer, { id: made.data.id, reason: '  ' }),
    ).rejects.toMatchObject({ rc: '400' });
    const rejected = await rejectAdvance(t.services, reviewer, {
      id: made.data.id,
      reason: 'Penjualan belum diverifikasi',
    });
    expect(rejected).toMatchObject({ status: 2, rejectReason: 'Penjualan belum diverifikasi' });
    expect(await available()).toBe(before);
    // A rejected request no longer blocks its days; of parallel requests for them, one wins.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        partner.post('/data/create_talangan', {
          kode_produk: product,
          date_from: WEDNESDAY,
          date_to: WEDNESDAY,
          recaptcha: '',
        }),
      ),
    );
    expect(answers.map((a) => a.rc).sort()).toEqual(['00', '99', '99', '99']);
  });

  it.runIf(kind === 'postgres')(
    'an approval racing a settlement of the same sales waits for it, then refuses',
    async () => {
      const [waiting] = await listAdvanceRequests(t.services, { agentId, status: 0 });
      if (!waiting) throw new Error('no request');
      const before = await available();
      // A settlement in flight: it has marked the sales sent but not committed yet.
      const settlement = await t.services.db.startTransaction().execute();
      await settlement
        .updateTable('incoming_holds')
        .set({ is_sent: 1 })
        .where('agent_id', '=', agentId)
        .where('id_produk', '=', product)
        .execute();
      let decided = false;
      const approval = approveAdvance(t.services, reviewer, { id: waiting.id }).finally(() => {
        decided = true;
      });
      approval.catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 500));
      const waitedForSettlement = !decided;
      await settlement.commit().execute();
      expect(waitedForSettlement).toBe(true);
      await expect(approval).rejects.toMatchObject({ rc: '01' });
      expect(await available()).toBe(before);
    },
  );

  it('refuses to pay an advance whose sales were settled since the request', async () => {
    // The winner of the parallel requests above waits for review; its day then settles, so the
    // money is already on the merchant's balance and an advance would pay it twice.
    const [waiting] = await listAdvanceRequests(t.services, { agentId, status: 0 });
    if (!waiting) throw new Error('no request');
    expect(waiting.nominal).toBeGreaterThan(0);
    await t.services.db
      .updateTable('incoming_holds')
      .set({ is_sent: 1 })
      .where('agent_id', '=', agentId)
      .where('id_produk', '=', product)
      .execute();
    const before = await available();
    await expect(approveAdvance(t.services, reviewer, { id: waiting.id })).rejects.toMatchObject({
      rc: '01',
    });
    expect(await available()).toBe(before);
    const [still] = await listAdvanceRequests(t.services, { agentId, status: 0 });
    expect(still?.id).toBe(waiting.id);
  });

  it('is refused without ADD on data_dana_talangan', async () => {
    const enduser = await t.loginAs('enduser@demo.id', { lang: 'en' });
    const res = await enduser.post('/data/create_talangan', {
      kode_produk: product,
      date_from: MONDAY,
      date_to: MONDAY,
    });
    expect(res.rc).toBe('403');
  });
});
