import { wibDate } from '@gerbang/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../src/db/connect';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrate';
import { recordProductCharge } from '../../src/modules/withdraw/charges';
import { createPostgresDatabase, testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { agentOf } from './factories';

interface ChargeRow {
  id: number;
  kode_produk: string;
  transaction_date: string;
  created_date: string;
  charge_nominal: number;
  charge_percentage: string;
  is_active: boolean;
}

/**
 * /data/produk_charge: the fee schedule history of the caller's products (spec 03 §3.1 charge
 * row), reached from each /data/produk row.
 */
describe.each(testDatabases())('product charge history (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const charges = async (query: Record<string, string> = {}) => {
    const partner = await t.loginAs('partner@demo.id');
    const res = await partner.get<{ total: number; data: ChargeRow[] }>('/data/produk_charge', {
      limit: '500',
      ...query,
    });
    expect(res.rc, res.rd).toBe('00');
    return res.data.data;
  };

  it('shows one active charge per product of the demo agent, equal to its pricing', async () => {
    const { agentId } = await agentOf(t.services, 'partner@demo.id');
    const pricing = await t.services.db
      .selectFrom('product_pricing')
      .select(['kode_produk', 'fee_admin', 'fee_admin_prosen'])
      .where('agent_id', '=', agentId)
      .execute();
    expect(pricing.length).toBeGreaterThan(0);
    const rows = await charges();
    const active = rows.filter((r) => r.is_active);
    expect(active).toHaveLength(pricing.length);
    for (const price of pricing) {
      const mine = active.filter((r) => r.kode_produk === price.kode_produk);
      expect(mine, price.kode_produk).toHaveLength(1);
      expect(mine[0]?.charge_nominal).toBe(Number(price.fee_admin));
      expect(Number(mine[0]?.charge_percentage)).toBe(Number(price.fee_admin_prosen));
      expect(mine[0]?.transaction_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('a fee change keeps the old version inactive and shows the new one from its WIB date', async () => {
    const { agentId } = await agentOf(t.services, 'partner@demo.id');
    const [before] = await charges({ key: '0', value: 'QRIS' });
    expect(before?.is_active).toBe(true);
    const at = t.services.now();
    await t.services.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('product_pricing')
        .set({ fee_admin: 3_000, fee_admin_prosen: '0.25' })
        .where('agent_id', '=', agentId)
        .where('kode_produk', '=', 'QRIS')
        .execute();
      const fees = { agentId, kodeProduk: 'QRIS', feeAdmin: 3_000, feePercent: '0.25' };
      await recordProductCharge(trx, fees, at);
      // The same fees again are no new version.
      await recordProductCharge(trx, fees, at);
    });
    const rows = await charges({ key: '0', value: 'QRIS' });
    expect(rows.every((r) => r.kode_produk === 'QRIS')).toBe(true);
    expect(rows).toHaveLength(2);
    const active = rows.filter((r) => r.is_active);
    expect(active).toHaveLength(1);
    expect(active[0]).toMatchObject({ charge_nominal: 3_000, transaction_date: wibDate(at) });
    expect(Number(active[0]?.charge_percentage)).toBe(0.25);
    const old = rows.find((r) => !r.is_active);
    expect(old).toMatchObject({ id: before?.id, charge_nominal: before?.charge_nominal });
  });
});

describe.each(testDatabases())('migration 0155 (product_charges) on %s', (kind) => {
  it('gives every existing pricing row its one active charge version', async () => {
    const pg = kind === 'postgres' ? await createPostgresDatabase('gerbang_charge_mig') : null;
    const handle = await connectDatabase({ databaseUrl: pg?.url ?? null, dataDir: 'memory://' });
    try {
      const db = handle.db;
      await migrateUpTo(db, '0150_otp_challenges');
      const agent = await sql<{ id: number }>`
        INSERT INTO agents (username, nama_agen, email, id_grup, user_type)
        VALUES ('mig', 'Mig', 'mig@demo.id', 1, 'Business') RETURNING id`.execute(db);
      const agentId = agent.rows[0]?.id;
      // 20:30 UTC is the next day in WIB.
      await sql`
        INSERT INTO product_pricing (agent_id, kode_produk, id_produk, nama_produk, jenis_trx,
          fee_admin, fee_admin_prosen, created_at, updated_at)
        VALUES (${agentId}, 'BCA', 'BCA', 'Bank BCA', 'CASH OUT', 2500, 0.5,
          '2026-01-01T00:00:00Z', '2026-03-01T20:30:00Z')`.execute(db);
      await migrateToLatest(db);
      const rows = await db
        .selectFrom('product_charges')
        .selectAll()
        .select(sql<string>`to_char(transaction_date, 'YYYY-MM-DD')`.as('from_date'))
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ agent_id: agentId, kode_produk: 'BCA', is_active: true });
      expect(Number(rows[0]?.charge_nominal)).toBe(2500);
      expect(Number(rows[0]?.charge_percentage)).toBe(0.5);
      expect(rows[0]?.from_date).toBe('2026-03-02');
    } finally {
      await handle.close();
      await pg?.drop();
    }
  });
});
