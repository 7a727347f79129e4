/**
 * What a feature adds to the receiving transaction of a payment it issued the instrument for
 * (request payment: the link's use count and the customer row). A feature registers a hook for
 * the partner-reference prefix of its instruments, so this block imports no feature. A hook runs
 * after the payment is booked, in the same transaction: throwing PayinRefused refuses the payment
 * and rolls every write back (no money moves).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import type { PayinTarget } from './targets';

export interface PaidEvent {
  target: PayinTarget;
  idTransaksi: string;
  amount: number;
  fee: number;
  paidAt: Date;
}

export type PaidHook = (
  services: Pick<Services, 'db' | 'now' | 'ledger'>,
  trx: Kysely<Database>,
  event: PaidEvent,
) => Promise<void>;

const hooks = new Map<string, PaidHook>();

/** Registers `hook` for instruments whose partner reference starts with `prefix` (once each). */
export function onPayinPaid(prefix: string, hook: PaidHook): void {
  hooks.set(prefix, hook);
}

export async function runPaidHooks(
  services: Pick<Services, 'db' | 'now' | 'ledger'>,
  trx: Kysely<Database>,
  event: PaidEvent,
): Promise<void> {
  const reff = event.target.partnerReff;
  if (!reff) return;
  for (const [prefix, hook] of hooks) {
    if (reff.startsWith(prefix)) await hook(services, trx, event);
  }
}
