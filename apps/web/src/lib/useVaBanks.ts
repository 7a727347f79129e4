import { RC } from '@gerbang/shared';
import type { VaBankItem } from '@gerbang/shared/contract/bulk-va';
import { BULK_VA_PATHS } from '@gerbang/shared/contract/bulk-va-paths';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { useLoggedIn } from './session';

/**
 * Banks that issue VAs (`GET data/list_va`, spec 03 §7.1; bank 523 is never listed): the bulk VA
 * rows' bank select and the VA data pages' bank selector.
 */
export function useVaBanks(type: 'open' | 'close' = 'close', enabled = true) {
  const session = useLoggedIn();
  return useQuery({
    queryKey: ['bulk-va', 'list_va', type, session.environment],
    queryFn: async () => {
      const res = await api.get<VaBankItem[]>(BULK_VA_PATHS.listVa, { type }, { silent: true });
      if (res.rc !== RC.OK) throw new Error(res.rd);
      return res.data.filter((b) => b.kodeBank !== '523');
    },
    staleTime: 10 * 60_000,
    enabled,
  });
}
