import { Ledger, checkInvariants } from '../src/index';
import { createTestDb } from '../test/db';
for (const driver of ['pglite', 'postgres'] as const) {
  const t = await createTestDb(driver);
  const ledger = new Ledger(t.db);
  const [cash, m1, m2, fee] = await ledger.ensureAccounts([
    { kind: 'rail_clearing', environment: 'production', subkey: '014' },
    { kind: 'merchant_available', agentId: 1, environment: 'production' },
    { kind: 'merchant_available', agentId: 2, environment: 'production' },
    { kind: 'fee_revenue', environment: 'production' },
  ]);
  console.log(driver, cash, m1?.id, m2?.id, fee?.id);
  let r = await ledger.createTransfers([
    { id: 'topup1', debitAccountId: cash!.id, creditAccountId: m1!.id, amount: 100_000, kind: 'topup', metadata: { a: 1 } },
    { id: 'w1', debitAccountId: m1!.id, creditAccountId: cash!.id, amount: 50_000, kind: 'withdraw', flags: { linked: true, pending: true }, timeoutSeconds: 60 },
    { id: 'w1fee', debitAccountId: m1!.id, creditAccountId: fee!.id, amount: 2_500, kind: 'withdraw_fee', flags: { pending: true } },
    { id: 'big', debitAccountId: m1!.id, creditAccountId: m2!.id, amount: 1_000_000, kind: 'transfer' },
  ]);
  console.log(r.map((x) => x.result));
  r = await ledger.createTransfers([
    { id: 'w1post', pendingId: 'w1', flags: { postPending: true }, amount: 40_000 },
    { id: 'w1feevoid', pendingId: 'w1fee', flags: { voidPending: true } },
    { id: 'topup1', debitAccountId: cash!.id, creditAccountId: m1!.id, amount: 100_000, kind: 'topup', metadata: { a: 1 } },
    { id: 'topup1', debitAccountId: cash!.id, creditAccountId: m1!.id, amount: 100_001, kind: 'topup' },
  ]);
  console.log(r.map((x) => x.result));
  console.log(await ledger.balanceOf(m1!.id), await ledger.balanceOf(cash!.id));
  console.log(await ledger.listEntries({ accountId: m1!.id, limit: 10 }));
  console.log(await checkInvariants(t.db));
  await t.close();
}
