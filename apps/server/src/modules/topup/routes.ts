import { formatRupiah } from '@gerbang/shared';
import { amountProblem, TOPUP_LIMITS } from '@gerbang/shared/contract/topup';
import { topupCalls } from '@gerbang/shared/contract/topup-calls';
import { refused, validationError } from '../../http/errors';
import { defineRoute, ok, type RouteContext } from '../../http/route';
import { requireOwnPassword } from '../account/own-password';
import { listUserVa } from './deposit-vas';
import { createDeposit, depositStatus } from './deposits';
import { findReceivingAccount, RECEIVING_ACCOUNTS } from './receiving-accounts';

/**
 * The top-up calls (spec 02 §2.5, §7; spec 03 §7.1). Every one carries TOPUP_ACCESS: topup READ
 * and ADD, API enabled, not a Personal END USER, production only.
 */

/** Spec 02 §5: captcha after bank, nominal and password; a test session skips it. */
async function checkCaptcha(ctx: RouteContext<unknown, unknown, unknown>, captcha: string) {
  if (ctx.auth.isTest) return;
  if (!captcha) throw validationError('topup.fillCaptcha');
  const verified = await ctx.services.captcha.verify(captcha, {
    now: ctx.services.now(),
    allowTestKey: false,
  });
  if (!verified) throw refused('topup.invalidCaptcha');
}

export const topupRoutes = [
  defineRoute(topupCalls.userVas, async ({ services, auth }) =>
    ok(await listUserVa(services, { agentId: auth.agent.id, environment: auth.environment })),
  ),
  defineRoute(topupCalls.banks, async () =>
    ok({
      nonipg: [
        {
          data: RECEIVING_ACCOUNTS.map((a) => ({ codeBank: a.kodebank, namaBank: a.namabank })),
        },
      ],
    }),
  ),
  defineRoute(topupCalls.topup, async (ctx) => {
    const { body, auth } = ctx;
    await checkCaptcha(ctx, body.recaptcha);
    if (!findReceivingAccount(body.kodeBank)) throw validationError('topup.unknownBank');
    const problem = amountProblem(body.nominal);
    if (problem) {
      throw validationError(problem, {
        min: formatRupiah(TOPUP_LIMITS.minAmount),
        max: formatRupiah(TOPUP_LIMITS.maxAmount),
      });
    }
    await requireOwnPassword(ctx, body.password, 'topup');
    const deposit = await createDeposit(
      ctx.services,
      {
        agentId: auth.agent.id,
        userId: auth.user.id,
        username: auth.user.username,
        environment: auth.environment,
      },
      { kodeBank: body.kodeBank, nominal: body.nominal },
    );
    return ok(deposit);
  }),
  defineRoute(topupCalls.status, async ({ services, auth, query }) =>
    ok(
      await depositStatus(
        services,
        { agentId: auth.agent.id, environment: auth.environment },
        query.idDeposit,
      ),
    ),
  ),
];
