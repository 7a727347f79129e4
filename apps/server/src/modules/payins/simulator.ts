/**
 * The payer side of the rails simulator: a small "bank app" that pays what the pay-in block
 * issued, through the same inbound handler a real connector calls, and runs settlement on demand.
 * Demo and test mode only: the routes are not registered in production, and the service
 * functions refuse there as well, so no other caller can reach them either.
 */
import { randomBytes } from 'node:crypto';
import { RC } from '@gerbang/shared';
import { devCalls } from '@gerbang/shared/contract/dev-calls';
import type {
  SimulatorPayChannel,
  SimulatorPayRequest,
  SimulatorPayResult,
  SimulatorSettleResult,
} from '@gerbang/shared/contract/payins';
import { retryOnConnectionLoss } from '../../db/retry';
import { ApiError, accessDenied } from '../../http/errors';
import { defineRoute, ok } from '../../http/route';
import type { Services } from '../../http/services';
import type { InboundChannel } from '../../rails';
import { receivePayment } from './receive';
import { runOnce } from './settlement';

type SimulatorServices = Pick<Services, 'db' | 'now' | 'config' | 'ledger'> &
  Partial<Pick<Services, 'rails'>>;

const CHANNELS: Record<SimulatorPayChannel, InboundChannel> = {
  va: 'VA',
  qris: 'QRIS',
  retail: 'RETAIL',
  bank_transfer: 'BANK_TRANSFER',
  ewallet: 'EWALLET',
  card: 'CREDIT_CARD',
};

function refuseInProduction(services: SimulatorServices): void {
  if (services.config.mode === 'production')
    throw accessDenied('payins.simulator.productionRefused');
}

/** Pays `number` as a payer would; throws ApiError (rc 01, data with the reason) on a refusal. */
export async function simulatePayment(
  services: SimulatorServices,
  input: Omit<SimulatorPayRequest, 'notify'> & { notify?: boolean },
): Promise<SimulatorPayResult> {
  refuseInProduction(services);
  const reference = input.reference ?? `SIM${randomBytes(8).toString('hex').toUpperCase()}`;
  const notification = {
    environment: input.environment,
    channel: CHANNELS[input.channel],
    railReference: reference,
    paidTo: input.number,
    amount: input.amount,
    paidAt: services.now(),
  };
  // A bank transfer the bank only books on its statement: found later by a check.
  if (input.notify === false && input.channel === 'bank_transfer' && services.rails) {
    await services.rails.simulatorStatement.record(notification);
    return {
      reference,
      status: 'SUCCESS',
      id_transaksi: null,
      replayed: false,
      outcome: null,
      reason: null,
    };
  }
  const result = await receivePayment(services, notification);
  if (!result.accepted) {
    const answer: SimulatorPayResult = {
      reference,
      status: 'REFUSED',
      id_transaksi: null,
      replayed: false,
      outcome: null,
      reason: result.reason,
    };
    throw new ApiError(RC.REFUSED, `payins.refused.${result.reason}`, undefined, answer);
  }
  return {
    reference,
    status: 'SUCCESS',
    id_transaksi: result.idTransaksi,
    replayed: result.replayed,
    outcome: result.outcome,
    reason: null,
  };
}

export async function simulateSettlement(
  services: SimulatorServices,
  input: { all: boolean },
): Promise<SimulatorSettleResult> {
  refuseInProduction(services);
  const report = await runOnce(services, { all: input.all });
  return { settled: report.settledHolds, settlements: report.settlements, skipped: report.skipped };
}

export const payinSimulatorRoutes = [
  defineRoute(devCalls.simulatorPay, async ({ services, body }) => {
    // Idempotent by the bank reference (a known one answers `replayed`): run again after a lost
    // database connection (a failover; db/retry.ts).
    const answer = await retryOnConnectionLoss(() => simulatePayment(services, body));
    if (answer.outcome === null) return ok(answer, 'payins.simulator.recorded');
    return ok(answer, answer.replayed ? 'payins.simulator.replayed' : 'payins.simulator.paid');
  }),
  defineRoute(devCalls.simulatorSettle, async ({ services, body }) => {
    const answer = await simulateSettlement(services, body);
    return ok(
      answer,
      answer.skipped ? 'payins.simulator.bankDowntime' : 'payins.simulator.settled',
      { count: answer.settled },
    );
  }),
];
