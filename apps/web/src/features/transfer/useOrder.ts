import { TRANSFER_LIMITS } from '@gerbang/shared/contract/transfer';
import { transferCalls } from '@gerbang/shared/contract/transfer-calls';
import { useQuery } from '@tanstack/react-query';
import { client as apiClient } from '../../lib/api';

const WAITING = new Set(['NEW', 'PAID', 'PROCESS_COMPLETED']);

/** The order with its detail call, polled every 3 s while it can still change (spec 02 §4, §9). */
export function useOrder(id: string, onError?: (rd: string) => void) {
  return useQuery({
    queryKey: ['transfer', 'order', id],
    queryFn: async () => {
      const res = await apiClient.call(
        transferCalls.orderDetail,
        { id_order: id },
        { silent: true },
      );
      if (res.rc !== '00') {
        onError?.(res.rd);
        throw new Error(res.rd);
      }
      return res.data;
    },
    enabled: id !== '',
    retry: false,
    refetchInterval: (query) =>
      query.state.data && WAITING.has(query.state.data.status)
        ? TRANSFER_LIMITS.statusPollMs
        : false,
  });
}
