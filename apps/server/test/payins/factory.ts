import { balanceOfAccount, checkInvariants } from '@gerbang/ledger';
import { expect } from 'vitest';
import type { TestApp } from '../helpers/test-app';

export const PARTNER = 'partner@demo.id';

/** A Tuesday, 10:00 WIB: a business day, outside the banks' nightly window. */
export const TUESDAY_10_WIB = new Date('2026-11-24T10:00:00+07:00');

export async function agentIdOf(t: TestApp, username = PARTNER): Promise<number> {
  const row = await t.services.db
    .selectFrom('agents')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Posted held and available balances of an agent (0 when the account does not exist yet). */
export async function balances(t: TestApp, agentId: number) {
  const ledger = t.services.ledger;
  const [held, available] = await Promise.all([
    ledger.findAccount({ kind: 'merchant_held', agentId, environment: 'production' }),
    ledger.findAccount({ kind: 'merchant_available', agentId, environment: 'production' }),
  ]);
  return {
    held: held ? balanceOfAccount(held).posted : 0,
    available: available ? balanceOfAccount(available).posted : 0,
  };
}

export async function expectLedgerClean(t: TestApp) {
  const report = await checkInvariants(t.services.db);
  expect(report.violations).toEqual([]);
  expect(report.ok).toBe(true);
}

let references = 0;
export function newReference(prefix = 'T'): string {
  references += 1;
  return `${prefix}${process.pid}X${references}`;
}
