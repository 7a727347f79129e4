import { bulkVaCalls } from '@gerbang/shared/contract/bulk-va-calls';
import { useQuery } from '@tanstack/react-query';
import { callKey, callQuery } from './api';
import { useLoggedIn } from './session';

/**
 * Banks that issue VAs (`GET data/list_va`, spec 03 §7.1; bank 523 is never listed): the bulk VA
 * rows' bank select and the VA data pages' bank selector.
 */
export function useVaBanks(type: 'open' | 'close' = 'close', enabled = true) {
  const session = useLoggedIn();
  return useQuery({
    ...callQuery(bulkVaCalls.listVa, { type }, { silent: true }),
    // Read again after an environment switch.
    queryKey: [...callKey(bulkVaCalls.listVa, { type }), session.environment],
    select: (banks) => banks.filter((b) => b.kodeBank !== '523'),
    staleTime: 10 * 60_000,
    enabled,
  });
}
