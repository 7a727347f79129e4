import type { Environment } from '@gerbang/shared';
/**
 * What a feature adds to the transaction that completes a settlement (held → available): an
 * aggregator's share of its members' settled pay-ins, the recovery of paid advances. A feature
 * registers its hook at the composition root (modules/settled-hooks.ts), so this block imports no
 * feature. Hooks run in registration order, after the settlement is posted and its callback
 * queued, in the same transaction: a throw rolls the whole completion back.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';

/** The completed settlement as the hooks see it (settlement date is the WIB date of `now`). */
export interface SettledSettlement {
  id: number;
  agent_id: number;
  environment: Environment;
  nominal: number;
  reference: string | null;
  nama_produk: string;
  tgltrx: string;
}

export type SettledHook = (
  services: Pick<Services, 'db' | 'now' | 'ledger'>,
  trx: Kysely<Database>,
  settlement: SettledSettlement,
  now: Date,
) => Promise<void>;

const hooks = new Map<string, SettledHook>();

/**
 * Registers `hook` under `name`. Registering a name again replaces its hook and keeps its place,
 * so the order is the order of first registration whatever number of times the root runs.
 */
export function onSettled(name: string, hook: SettledHook): void {
  hooks.set(name, hook);
}

export async function runSettledHooks(
  services: Pick<Services, 'db' | 'now' | 'ledger'>,
  trx: Kysely<Database>,
  settlement: SettledSettlement,
  now: Date,
): Promise<void> {
  // Settling without the features' hooks would skip money they are owed (an aggregator's share,
  // an advance's recovery): refuse, and the transaction rolls back, rather than settle silently.
  if (hooks.size === 0) throw new Error('no settlement hooks registered (registerSettledHooks)');
  for (const hook of hooks.values()) await hook(services, trx, settlement, now);
}
