/**
 * The simulator bank's statement of one provider account and day for this agent (or, in the
 * provider's scope, for every merchant: ADR 023):
 * the movements the rails really made (the same ledger items the matcher expects), written by the
 * simulator's statement writers, so the whole loop — download, import, match — runs in demo.
 * Opening balance: the sum of the account's earlier movements of this agent (the simulator's
 * account holds nothing else; the provider's, every merchant's).
 */
import { createHash } from 'node:crypto';
import type { ReconAccount, ReconFormat } from '@gerbang/shared/contract/reconciliation';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  type StatementMovement,
  writeCamt053,
  writeMt940,
  writeStatementCsv,
} from '../../rails/simulator/statement-files';
import { type LedgerItem, ledgerItems } from './expected';
import type { ReconScope } from './scope';

const ACCOUNT_NUMBERS: Record<ReconAccount, string> = {
  settlement: 'SIM-SETTLEMENT-001',
  payout: 'SIM-PAYOUT-CLEARING-001',
  deposit: 'SIM-DEPOSIT-001',
};

/** The simulator bank's own 16-character id of an entry (stable for the same item). */
export const simulatorBankReference = (key: string) =>
  `SB${createHash('sha1').update(key).digest('hex').slice(0, 14).toUpperCase()}`;

export function movementOf(item: LedgerItem): StatementMovement {
  return {
    bookedOn: item.day,
    amount: item.amount,
    reference: item.reference,
    bankReference: simulatorBankReference(item.key),
    description: `${item.reference} ${item.description}`.trim(),
  };
}

export async function simulatorStatement(
  db: Kysely<Database>,
  scope: ReconScope & { account: ReconAccount },
  request: { day: string; format: ReconFormat; now: Date },
): Promise<{ fileName: string; contentType: string; body: string }> {
  const [earlier, today] = await Promise.all([
    ledgerItems(db, { ...scope, from: '2000-01-01', to: request.day }),
    ledgerItems(db, { ...scope, from: request.day, to: request.day }),
  ]);
  const openingBalance = earlier
    .filter((i) => i.day < request.day)
    .reduce((s, i) => s + i.amount, 0);
  const input = {
    account: ACCOUNT_NUMBERS[scope.account],
    statementId: `SIM${request.day.replace(/-/g, '')}${scope.account.slice(0, 3).toUpperCase()}`,
    day: request.day,
    openingBalance,
    movements: today.map(movementOf),
  };
  const base = `statement-${scope.account}-${request.day}`;
  if (request.format === 'mt940')
    return {
      fileName: `${base}.sta`,
      contentType: 'text/plain; charset=utf-8',
      body: writeMt940(input),
    };
  if (request.format === 'camt053')
    return {
      fileName: `${base}.xml`,
      contentType: 'application/xml',
      body: writeCamt053(input, request.now),
    };
  return {
    fileName: `${base}.csv`,
    contentType: 'text/csv; charset=utf-8',
    body: writeStatementCsv(input),
  };
}
