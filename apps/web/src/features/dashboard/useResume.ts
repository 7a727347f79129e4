import { RC, type ResumeItem, type ResumeKey, type TransactionType } from '@gerbang/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiFailure, api } from '../../lib/api';
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
      const res = await api.get<T>(`/resume/${key}`, { ...params }, { silent: true });
      if (res.rc !== RC.OK) throw new ApiFailure(res.rc, res.rd);
      return res.data;
    },
    enabled: opts.enabled ?? true,
    retry: false,
    staleTime: 30_000,
  });
}
