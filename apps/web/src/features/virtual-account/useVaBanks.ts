import { RC } from '@gerbang/shared';
import { BULK_VA_PATHS, type VaBankItem } from '@gerbang/shared/contract/bulk-va';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useLoggedIn } from '../../lib/session';

/** Banks that issue VAs (`GET data/list_va`, spec 03 §7.1; bank 523 is never listed). */
export function useVaBanks(type: 'open' | 'close' = 'close') {
  const session = useLoggedIn();
  return useQuery({
    queryKey: ['bulk-va', 'list_va', type, session.environment],
    queryFn: async () => {
      const res = await api.get<VaBankItem[]>(BULK_VA_PATHS.listVa, { type }, { silent: true });
      if (res.rc !== RC.OK) throw new Error(res.rd);
      return res.data.filter((b) => b.kodeBank !== '523');
    },
    staleTime: 10 * 60_000,
  });
}
