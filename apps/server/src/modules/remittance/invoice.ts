import type { Environment } from '@gerbang/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** What a remittance's invoice adds to the rupiah rows: the amount received abroad and the rate. */
export interface ForeignLeg {
  currency: string;
  /** Whole units of `currency`. */
  amount: number;
  /** Whole rupiah per unit. */
  rate: number;
}

/** The foreign leg of a remittance transaction of this agent, or null for any other transaction. */
export async function remittanceForeignLeg(
  db: Kysely<Database>,
  scope: { agentId: number; environment: Environment; idTransaksi: string },
): Promise<ForeignLeg | null> {
  const row = await db
    .selectFrom('remittance_inquiries')
    .select(['currency', 'destination_amount', 'selling_rate'])
    .where('id_transaksi', '=', scope.idTransaksi)
    .where('agent_id', '=', scope.agentId)
    .where('environment', '=', scope.environment)
    .executeTakeFirst();
  return row
    ? { currency: row.currency, amount: row.destination_amount, rate: row.selling_rate }
    : null;
}

/** "SGD 1.234" (dots between thousands, like rupiah). */
export function formatForeign(leg: { currency: string; amount: number }): string {
  return `${leg.currency} ${leg.amount.toLocaleString('de-DE')}`;
}
