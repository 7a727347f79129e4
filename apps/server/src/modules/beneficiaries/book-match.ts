import type { Environment } from '@gerbang/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

export interface BankDestination {
  agentId: number;
  environment: Environment;
  bankCode: string;
  accountNumber: string;
}

export type SavedBeneficiary = { id: number; savedName: string };

function keyOf(d: BankDestination): string {
  return `${d.agentId}:${d.environment}:${d.bankCode.toUpperCase()}:${d.accountNumber}`;
}

/**
 * The saved bank beneficiary of each destination, when the payer's book has one (the oldest when
 * it has several): a payout made without choosing from the book — a bulk row from a file or from a
 * tag — is still checked against the name the book keeps for that account (ADR 016).
 */
export async function savedBankBeneficiaries(
  trx: Transaction<Database>,
  destinations: readonly BankDestination[],
): Promise<(SavedBeneficiary | null)[]> {
  if (destinations.length === 0) return [];
  const rows = await trx
    .selectFrom('favourite_accounts')
    .select(['id', 'agent_id', 'environment', 'kodebank', 'accountnumber', 'accountname'])
    .where('agent_id', 'in', [...new Set(destinations.map((d) => d.agentId))])
    .where('accountnumber', 'in', [...new Set(destinations.map((d) => d.accountNumber))])
    .where('type', '=', 'BANK')
    .where('is_active', '=', true)
    .orderBy('id')
    .execute();
  const byKey = new Map<string, SavedBeneficiary>();
  for (const row of rows) {
    const key = keyOf({
      agentId: Number(row.agent_id),
      environment: row.environment,
      bankCode: row.kodebank,
      accountNumber: row.accountnumber,
    });
    if (!byKey.has(key)) byKey.set(key, { id: Number(row.id), savedName: row.accountname });
  }
  return destinations.map((d) => byKey.get(keyOf(d)) ?? null);
}
