import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { Ledger } from '../src/index';
import { createTestDb } from '../test/db';
const driver = (process.argv[2] ?? 'postgres') as 'postgres' | 'pglite';
const t = await createTestDb(driver, { poolSize: 4 });
const ledger = new Ledger(t.db);
const accts = await ledger.ensureAccounts(Array.from({ length: 1000 }, (_, i) => ({ kind: 'merchant_available', agentId: i + 1, environment: 'production' as const })));
const [cl] = await ledger.ensureAccounts([{ kind: 'rail_clearing', environment: 'production' }]);
await ledger.createTransfers(accts.map((a) => ({ id: `f${a.id}`, debitAccountId: cl!.id, creditAccountId: a.id, amount: 1e9, kind: 'topup' })));
const N = 500;
let t0 = performance.now();
for (let i = 0; i < N; i++) {
  const a = accts[i % 1000]!, b = accts[(i * 7 + 1) % 1000]!;
  await ledger.createTransfer({ id: `x${i}`, debitAccountId: a.id, creditAccountId: b.id, amount: 5, kind: 'transfer' });
}
console.log(driver, 'serial single transfer ms', ((performance.now() - t0) / N).toFixed(3));
t0 = performance.now();
for (let i = 0; i < N; i++) await sql`select 1`.execute(t.db);
console.log('select 1 ms', ((performance.now() - t0) / N).toFixed(3));
t0 = performance.now();
for (let i = 0; i < N; i++) await t.db.transaction().execute(async (trx) => { await sql`select id from ledger_accounts where id = any(${[1, 2]}::int8[]) order by id for no key update`.execute(trx); });
console.log('trx+lock ms', ((performance.now() - t0) / N).toFixed(3));
if (driver === 'postgres') {
  await sql`load 'auto_explain'`.execute(t.db).catch(() => {});
}
await t.close();
