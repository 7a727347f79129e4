import { devCalls } from '@gerbang/shared/contract/dev-calls';
import { accessDenied, refused } from '../../http/errors';
import { defineRoute, ok } from '../../http/route';

/**
 * The simulator's account control: rename a simulated bank account, VA or e-wallet so
 * the next inquiry answers another name — how a demo or a test shows a saved beneficiary's payout
 * held for a name mismatch. Demo and test mode only, like the rest of the simulator page.
 */
export const simulatorAccountRoutes = [
  defineRoute(devCalls.simulatorRenameAccount, async ({ services, body }) => {
    if (services.config.mode === 'production') {
      throw accessDenied('payins.simulator.productionRefused');
    }
    const renamed = services.rails.simulatorAccounts.renameAccount({
      kind: body.kind,
      code: body.code,
      accountNumber: body.account_number,
      name: body.name === '' ? null : body.name,
    });
    if (!renamed.ok) throw refused(`withdraw.rail.${renamed.code}`);
    return ok({ name: renamed.name }, 'simulator.rename.done', { name: renamed.name });
  }),
];
