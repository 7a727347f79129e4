import { RC, type ResumeItem, type ResumeKey, type TransactionType } from '@gerbang/shared';
import { dashboardCalls } from '@gerbang/shared/contract/dashboard-calls';
import { useQuery } from '@tanstack/react-query';
import { ApiFailure, client } from '../../lib/api';
import { useLoggedIn } from '../../lib/session';

export interface ResumeParams {
  date: string;
  group?: number;
  type?: TransactionType;
}

/**
 * One `GET resume/{key}` summary. Failures are silent: a card shows "n/a" in place (spec 01 §8)
 * rather than a dialog per card.
 */
export function useResume<T extends ResumeItem | ResumeItem[] = ResumeItem>(
  key: ResumeKey,
  params: ResumeParams,
  opts: { enabled?: boolean } = {},
) {
  const session = useLoggedIn();
  return useQuery({
    queryKey: ['resume', session.agent.id_agen, session.environment, key, params],
    queryFn: async () => {
      const res = await client.call(dashboardCalls.resume[key], { ...params }, { silent: true });
      if (res.rc !== RC.OK) throw new ApiFailure(res.rc, res.rd);
      // A card's key answers one item, a chart's a list: the caller names which.
      return res.data as T;
    },
    enabled: opts.enabled ?? true,
    retry: false,
    staleTime: 30_000,
  });
}
