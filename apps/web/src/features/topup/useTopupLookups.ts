import { RC } from '@gerbang/shared';
import { topupCalls } from '@gerbang/shared/contract/topup-calls';
import { useQuery } from '@tanstack/react-query';
import { client } from '../../lib/api';
import { useLoggedIn } from '../../lib/session';

/** The agent's deposit VAs (`data/user_list_va` with userId, spec 03 §7.1). */
export function useUserVaList() {
  const session = useLoggedIn();
  return useQuery({
    queryKey: ['topup', 'user_list_va', session.agent.id_agen, session.environment],
    queryFn: async () => {
      const res = await client.call(
        topupCalls.userVas,
        { userId: session.user.id },
        { silent: true },
      );
      if (res.rc !== RC.OK) throw new Error(res.rd);
      return res.data;
    },
    staleTime: 60_000,
  });
}

/** The receiving banks of a manual top-up (`data/bank_list` → data.nonipg[0].data). */
export function useTopupBanks() {
  const session = useLoggedIn();
  return useQuery({
    queryKey: ['topup', 'bank_list', session.environment],
    queryFn: async () => {
      const res = await client.call(topupCalls.banks, undefined, { silent: true });
      if (res.rc !== RC.OK) throw new Error(res.rd);
      return res.data.nonipg[0]?.data ?? [];
    },
    staleTime: 5 * 60_000,
  });
}
