import { checkInvariants } from '@gerbang/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRemittanceDemo } from '../../src/modules/remittance/seed';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { fundAgent, ledgerBalance, offsetToWib } from '../withdraw/factory';

describe.each(testDatabases())('remittance demo seed on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { clockOffsetMs: offsetToWib(10, 0) });
    await fundAgent(t, 'partner@demo.id', 20_000_000);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('books four remittances (one refused by the beneficiary bank, money back) and only once', async () => {
    const before = await ledgerBalance(t, 'partner@demo.id');
    expect(await seedRemittanceDemo(t.services)).toBe(4);
    const rows = await t.services.db
      .selectFrom('transactions')
      .select(['status_trx', 'nominal_origin', 'nominal_admin', 'kind'])
      .where('kind', '=', 'REMITTANCE')
      .execute();
    expect(rows.map((r) => r.status_trx).sort()).toEqual([
      'FAILED',
      'SUCCESS',
      'SUCCESS',
      'SUCCESS',
    ]);
    const spent = rows
      .filter((r) => r.status_trx === 'SUCCESS')
      .reduce((sum, r) => sum + r.nominal_origin + r.nominal_admin, 0);
    expect(await ledgerBalance(t, 'partner@demo.id')).toBe(before - spent);
    expect(await seedRemittanceDemo(t.services)).toBe(0);
    expect((await checkInvariants(t.services.db)).violations).toEqual([]);
  });
});
