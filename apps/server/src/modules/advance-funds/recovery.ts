/**
 * Recovering paid advances from the product's later settlements. Called by the settlement job
 * (`payins/settlement.ts` `completeOne`) inside the settlement's transaction, right after the held
 * money became available, as aggregator/shares.ts is: a failure rolls the settlement back and the
 * next run retries both. Exactly once per (advance, settlement): a unique row and an idempotent
 * ledger id. The recovery never exceeds what the settlement just made available, so the merchant's
 * balance cannot go below zero because of it.
 */
import { isTransferOk } from '@gerbang/ledger';
import type { Environment } from '@gerbang/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import { ADVANCE_FUNDING_ACCOUNT, advanceRecovery, recoveryPlan } from './ledger';

export async function recoverAdvances(
  services: Pick<Services, 'ledger'>,
  trx: Kysely<Database>,
  settlement: {
    id: number;
    agent_id: number;
    environment: Environment;
    nominal: number;
  },
  now: Date,
): Promise<number> {
  if (settlement.nominal <= 0) return 0;
  const product = await trx
    .selectFrom('settlements')
    .select('id_produk')
    .where('id', '=', settlement.id)
    .executeTakeFirst();
  if (!product) return 0;
  const owed = await sql<{ id: number; owed: number }>`
    select id, nominal - recovered as owed from dana_talangan_requests
    where agent_id = ${settlement.agent_id} and environment = ${settlement.environment}
      and id_produk = ${product.id_produk} and paid_transfer_id is not null
      and deleted_at is null and recovered < nominal
      and not exists (select 1 from dana_talangan_recoveries r
        where r.request_id = dana_talangan_requests.id and r.settlement_id = ${settlement.id})
    order by id
    for update`.execute(trx);
  const plan = recoveryPlan(
    settlement.nominal,
    owed.rows.map((r) => ({ id: Number(r.id), owed: Number(r.owed) })),
  );
  if (plan.length === 0) return 0;
  const [funding, available] = await services.ledger.ensureAccounts(
    [
      { kind: ADVANCE_FUNDING_ACCOUNT, environment: settlement.environment },
      {
        kind: 'merchant_available',
        agentId: settlement.agent_id,
        environment: settlement.environment,
      },
    ],
    { trx },
  );
  if (!funding || !available) throw new Error('advance accounts missing');
  const accounts = { funding: funding.id, available: available.id };
  const transfers = plan.map((p) =>
    advanceRecovery(
      { id: p.id, environment: settlement.environment },
      settlement.id,
      p.amount,
      accounts,
    ),
  );
  const results = await services.ledger.createTransfers(transfers, { trx });
  const refused = results.filter((r) => !isTransferOk(r));
  if (refused.length > 0) {
    throw new Error(`ledger refused advance recovery: ${refused.map((r) => r.result).join(', ')}`);
  }
  for (const [i, p] of plan.entries()) {
    await trx
      .insertInto('dana_talangan_recoveries')
      .values({
        request_id: p.id,
        settlement_id: settlement.id,
        amount: p.amount,
        ledger_transfer_id: transfers[i]?.id as string,
        created_at: now,
      })
      .execute();
    await trx
      .updateTable('dana_talangan_requests')
      .set((eb) => ({ recovered: eb('recovered', '+', p.amount) }))
      .where('id', '=', p.id)
      .execute();
  }
  return plan.reduce((sum, p) => sum + p.amount, 0);
}
