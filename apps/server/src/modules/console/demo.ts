import { REMITTANCE_COUNTRIES } from '@gerbang/shared/contract/remittance';
import { validationError } from '../../http/errors';
import type { Services } from '../../http/services';
import type { ConsoleReviewer } from '../../platform/staff/reviewer';
import { currentRates } from '../remittance/rates';
import { auditConsole } from './audit';

/**
 * The demo switches of the console (demo mode only): the simulator's clock (the
 * server's one clock), the simulated banks' nightly downtime, and the remittance selling rates.
 */
const DEFAULT_DOWNTIME = { startsAtWib: '23:00', endsAtWib: '06:00' } as const;
const RATE_VALIDITY_MS = 24 * 60 * 60_000;

export async function demoState(services: Services) {
  const rates = await currentRates(services).catch(() => new Map());
  return {
    now: services.now().toISOString(),
    bankDowntime: services.rails.simulatorSettings.bankDowntime,
    rates: [...rates.values()].map((r) => ({
      currency: r.currency as string,
      sellingRate: r.selling_rate as number,
      validUntil: (r.valid_until as Date).toISOString(),
    })),
  };
}

export async function setBankDowntime(
  services: Services,
  reviewer: ConsoleReviewer,
  enabled: boolean,
) {
  services.rails.simulatorSettings.bankDowntime = enabled ? { ...DEFAULT_DOWNTIME } : null;
  await auditConsole(services.db, reviewer, {
    action: 'demo_bank_downtime',
    agentId: null,
    detail: { enabled },
    at: services.now(),
  });
  return demoState(services);
}

/** A new selling rate for one currency, in force from now for a day (the newest row wins). */
export async function setRate(
  services: Services,
  reviewer: ConsoleReviewer,
  input: { currency: string; sellingRate: number },
) {
  const known = REMITTANCE_COUNTRIES.some((c) => c.currency === input.currency);
  if (!known) throw validationError('console.errors.currency');
  const now = services.now();
  await services.db
    .insertInto('remittance_rates')
    .values({
      currency: input.currency,
      selling_rate: input.sellingRate,
      valid_from: now,
      valid_until: new Date(now.getTime() + RATE_VALIDITY_MS),
      fetched_at: now,
    })
    .onConflict((oc) => oc.columns(['currency', 'valid_from']).doNothing())
    .execute();
  await auditConsole(services.db, reviewer, {
    action: 'demo_rate',
    agentId: null,
    target: input.currency,
    detail: { sellingRate: input.sellingRate },
    at: now,
  });
  return demoState(services);
}
