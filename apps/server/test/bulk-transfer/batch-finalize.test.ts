import { availableOf, checkInvariants } from '@gerbang/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueStep, refundStep, sendStep } from '../../src/modules/bulk-transfer/runner';
import { finalizeGroupStats } from '../../src/modules/payouts/finalize-group';
import { LEASE_MS } from '../../src/modules/payouts/submissions';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { PARTNER, TUESDAY_10_WIB } from '../payins/factory';
import { fundAgent, ledgerBalance } from '../withdraw/factory';
import { checkedRows, csvOf, PIN } from './helpers';

const FEE = 2_500;
const NOMINAL = 50_000;

async function saveGroup(c: TestClient, csv: string): Promise<number> {
  const checked = await checkedRows(c, csv);
  const saved = await c.post('/transaction/cashout_save', {
    saved_data: checked.saved,
    pin: PIN,
    group_name: 'Gaji',
    group_desc: 'Batch finalize',
    token: checked.token.checksum,
    uuid_user: checked.token.uuid_user,
  });
  if (saved.rc !== '00') throw new Error(`save: ${saved.rd}`);
  return saved.data.group_id;
}

async function rowsOf(t: TestApp, groupId: number) {
  return t.services.db
    .selectFrom('disbursement_details')
    .selectAll()
    .where('group_id', '=', groupId)
    .orderBy('row_no')
    .execute();
}

async function bulkFunds(t: TestApp) {
  const agent = await t.services.db
    .selectFrom('agents')
    .select('id')
    .where('username', '=', PARTNER)
    .executeTakeFirstOrThrow();
  const account = await t.services.ledger.findAccount({
    kind: 'merchant_bulk_funds',
    agentId: agent.id,
    environment: 'production',
  });
  return account ? availableOf(account) : 0;
}

/** Each row's final records: one callback and one final audit row per transaction, no more. */
async function finalRecordsOf(t: TestApp, ids: string[]) {
  const callbacks = await t.services.db
    .selectFrom('callbacks')
    .select('id_transaksi')
    .where('id_transaksi', 'in', ids)
    .execute();
  const audits = await t.services.db
    .selectFrom('audit_log')
    .select('target')
    .where('action', '=', 'bulk_transfer_row_final')
    .where('target', 'in', ids)
    .execute();
  return { callbacks: callbacks.length, audits: audits.length };
}

/**
 * Bulk rows are sent many at a time and finalized in group commits (several rows in one
 * transaction and one ledger call): a group with successes and failures must still end each row
 * on its own outcome, refund exactly the failed rows, and never finalize a row twice.
 */
describe.each(testDatabases())('bulk rows finalized in batches on %s', (kind) => {
  let t: TestApp;
  let partner: TestClient;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TUESDAY_10_WIB });
    await fundAgent(t, PARTNER, 100_000_000);
    partner = await t.loginAs(PARTNER, { lang: 'en' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a batch finalize with some failed rows refunds exactly those', async () => {
    const failing = [4, 11, 23, 38];
    const before = await ledgerBalance(t, PARTNER);
    const groupId = await saveGroup(partner, csvOf(40, failing, NOMINAL));
    expect(await queueStep(t.services)).toBe(40);
    const groupsBefore = finalizeGroupStats(t.services)?.groups ?? 0;
    expect(await sendStep(t.services)).toBe(40);
    const stats = finalizeGroupStats(t.services);
    // Finalized in groups, not one transaction per row.
    expect(stats?.largest ?? 0).toBeGreaterThan(1);
    expect((stats?.groups ?? 0) - groupsBefore).toBeLessThan(40);

    let rows = await rowsOf(t, groupId);
    expect(rows.filter((r) => r.status === 2).map((r) => r.row_no)).toEqual(failing);
    expect(rows.filter((r) => r.status === 1)).toHaveLength(36);
    await refundStep(t.services);
    rows = await rowsOf(t, groupId);
    expect(rows.filter((r) => r.refunded_at).map((r) => r.row_no)).toEqual(failing);
    // Paid out: the successful rows' amount and fee; the failed rows came back whole.
    expect(await ledgerBalance(t, PARTNER)).toBe(before - 36 * (NOMINAL + FEE));
    expect(await bulkFunds(t)).toBe(0);
    const ids = rows.map((r) => r.id_transaksi as string);
    expect(await finalRecordsOf(t, ids)).toEqual({ callbacks: 40, audits: 40 });
    // A second refund pass and a second send pass change nothing.
    expect(await refundStep(t.services)).toBe(0);
    expect(await sendStep(t.services)).toBe(0);
    expect(await ledgerBalance(t, PARTNER)).toBe(before - 36 * (NOMINAL + FEE));
    expect((await checkInvariants(t.services.db)).ok).toBe(true);
  });

  it('a ledger failure inside a finalize group writes nothing twice: each row ends once', async () => {
    const before = await ledgerBalance(t, PARTNER);
    const groupId = await saveGroup(partner, csvOf(12, [2, 9], NOMINAL));
    expect(await queueStep(t.services)).toBe(12);
    // The first finalize group dies in its ledger call (its transaction rolls back); the rows
    // then run again alone, as a crash would leave them for the next pass.
    const ledger = t.services.ledger;
    const original = ledger.createTransfers.bind(ledger);
    let failed = false;
    ledger.createTransfers = (async (inputs: any, opts: any) => {
      if (!failed && inputs.length > 2) {
        failed = true;
        throw new Error('connection lost');
      }
      return original(inputs, opts);
    }) as typeof ledger.createTransfers;
    try {
      await sendStep(t.services);
    } finally {
      ledger.createTransfers = original;
    }
    expect(failed).toBe(true);
    // Anything left (a lease the failure kept) is taken on once its lease ran out.
    t.clock.advance(LEASE_MS + 1_000);
    await sendStep(t.services);
    await refundStep(t.services);
    const rows = await rowsOf(t, groupId);
    expect(rows.map((r) => r.status)).toEqual([1, 2, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1]);
    expect(rows.filter((r) => r.refunded_at).map((r) => r.row_no)).toEqual([2, 9]);
    expect(await ledgerBalance(t, PARTNER)).toBe(before - 10 * (NOMINAL + FEE));
    const ids = rows.map((r) => r.id_transaksi as string);
    expect(await finalRecordsOf(t, ids)).toEqual({ callbacks: 12, audits: 12 });
    expect((await checkInvariants(t.services.db)).ok).toBe(true);
  });
});
