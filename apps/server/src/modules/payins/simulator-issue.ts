/**
 * The simulator's demo-only issuing call: issues a VA, a dynamic QRIS, a retail code or an
 * e-wallet checkout for an agent named by username, through the pay-in block's own issuing
 * functions, so a payer (a person in `/dev/simulator`, a browser test) has something to pay
 * before the pages that issue them exist. Demo and test mode only: not registered in production,
 * and the function refuses there too.
 */
import { devCalls } from '@gerbang/shared/contract/dev-calls';
import type { SimulatorPayChannel } from '@gerbang/shared/contract/payins';
import type {
  SimulatorIssueRequest,
  SimulatorIssueResult,
} from '@gerbang/shared/contract/payins-simulator';
import { findPayinChannel, type PayinChannelKind } from '@gerbang/shared/domain/payin-channels';
import { accessDenied, validationError } from '../../http/errors';
import { defineRoute, ok } from '../../http/route';
import type { Services } from '../../http/services';
import { issuePayinCode, issueVirtualAccount } from './issue';

type IssueServices = Pick<Services, 'db' | 'now' | 'config'>;

/** A close VA issued here stays payable for a day. */
const CLOSE_VA_VALID_MS = 24 * 3_600_000;

const PAY_CHANNEL: Partial<Record<PayinChannelKind, SimulatorPayChannel>> = {
  VA: 'va',
  QRIS: 'qris',
  RETAIL: 'retail',
  EWALLET: 'ewallet',
};

export async function simulateIssue(
  services: IssueServices,
  input: SimulatorIssueRequest,
): Promise<SimulatorIssueResult> {
  if (services.config.mode === 'production')
    throw accessDenied('payins.simulator.productionRefused');
  const channel = findPayinChannel(input.channel);
  const payChannel = channel && PAY_CHANNEL[channel.kind];
  if (!channel || !payChannel) throw validationError('payins.unknownChannel');
  const agent = await services.db
    .selectFrom('agents')
    .select('id')
    .where('username', '=', input.agent)
    .executeTakeFirst();
  if (!agent) throw validationError('simulator.unknownAgent');
  const owner = { agentId: agent.id, environment: input.environment };

  if (channel.kind === 'VA') {
    const now = services.now();
    const va = await issueVirtualAccount(services, owner, {
      bankCode: channel.code,
      kind: input.amount === undefined ? 'open' : 'close',
      customerName: 'Pelanggan Simulator',
      amount: input.amount,
      expiresAt:
        input.amount === undefined ? undefined : new Date(now.getTime() + CLOSE_VA_VALID_MS),
    });
    return {
      channel: channel.code,
      pay_channel: payChannel,
      number: va.vaNumber,
      amount: va.amount,
      expires_at: va.expiresAt?.toISOString() ?? null,
    };
  }
  if (input.amount === undefined) throw validationError('payins.amountRequired');
  const code = await issuePayinCode(services, owner, {
    channelCode: channel.code,
    amount: input.amount,
    customerName: 'Pelanggan Simulator',
  });
  return {
    channel: channel.code,
    pay_channel: payChannel,
    number: code.payload ?? code.code,
    amount: code.amount,
    expires_at: code.expiresAt.toISOString(),
  };
}

export const simulatorIssueRoutes = [
  defineRoute(devCalls.simulatorIssue, async ({ services, body }) =>
    ok(await simulateIssue(services, body), 'simulator.issued'),
  ),
];
