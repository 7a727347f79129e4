import { BALANCE_POLL_MS, RC } from '@gerbang/shared';
import { balanceCalls } from '@gerbang/shared/contract/balance-calls';
import { useQuery } from '@tanstack/react-query';
import { client } from './api';
import { seesBalances } from './balance-view';
import { useLiveConnected } from './live-events';
import { useSession } from './session';

/**
 * Balance and hold balance of the session's agent and environment, pushed by the live event stream,
 * or refreshed every 10 s while it is down (spec 01 §4). `null` values mean "not known" and display as Rp. 0.
 */
export function useBalances(): {
  balance: number | null;
  hold_balance: number | null;
  /** False until the first answer (or failure): show a skeleton, not Rp. 0. */
  loaded: boolean;
  /** False for a user flagged "no balance": nothing is asked, nothing is shown. */
  visible: boolean;
} {
  const { session } = useSession();
  // The live stream writes the balance (lib/live-queries.ts); polling only while it is down.
  const live = useLiveConnected();
  const visible = session !== null && seesBalances(session);
  const query = useQuery({
    queryKey: ['balance', session?.agent.id_agen, session?.environment],
    queryFn: async () => {
      const res = await client.call(balanceCalls.appInfo, undefined, { silent: true });
      if (res.rc !== RC.OK) throw new Error(res.rd);
      return res.data;
    },
    enabled: visible,
    refetchInterval: live ? false : BALANCE_POLL_MS,
    refetchIntervalInBackground: false,
  });
  return {
    balance: query.data?.balance ?? null,
    hold_balance: query.data?.hold_balance ?? null,
    loaded: !query.isPending || query.isError,
    visible,
  };
}
