import { WITHDRAW_LIMITS } from '@gerbang/shared/contract/withdraw';
import { withdrawCalls } from '@gerbang/shared/contract/withdraw-calls';
import { useQuery } from '@tanstack/react-query';
import { callKey, callQuery } from '../../lib/api';
import { useLoggedIn } from '../../lib/session';

const STATIC = { staleTime: 10 * 60_000 } as const;

/** The withdraw page's lookups (spec 02 §7): banks, e-wallets, retail and saved destinations. */
export function useWithdrawLookups() {
  const session = useLoggedIn();
  const banks = useQuery({
    ...callQuery(withdrawCalls.banks, undefined, { silent: true }),
    ...STATIC,
  });
  const ewallets = useQuery({
    ...callQuery(withdrawCalls.ewallets, undefined, { silent: true }),
    ...STATIC,
  });
  const retail = useQuery({
    ...callQuery(withdrawCalls.retailProducts, undefined, { silent: true }),
    ...STATIC,
  });
  const favourites = useQuery({
    ...callQuery(
      withdrawCalls.favouritesOnWithdraw,
      { email: session.user.username, offset: 0, limit: WITHDRAW_LIMITS.favouritesOnWithdraw },
      { silent: true },
    ),
    // The same query string reads another agent's or environment's favourites after a switch.
    queryKey: [
      ...callKey(withdrawCalls.favouritesOnWithdraw),
      session.agent.id_agen,
      session.environment,
    ],
  });
  return {
    banks: banks.data ?? [],
    ewallets: ewallets.data ?? [],
    retail: retail.data ?? [],
    favourites: favourites.data ?? [],
  };
}
