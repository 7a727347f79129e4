import type { Envelope } from '@gerbang/shared';
import { RC } from '@gerbang/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { showErrorDialog } from '../../lib/dialogs';
import { i18next } from '../../lib/i18n';

/** What a payout receipt carries to be asked about again. */
export interface PolledReceipt {
  id_transaksi: string;
  checksum: string;
  uuid_user: string;
  status_trx: string;
}

export type StatusQuery = {
  checksum: string;
  reff_id: string;
  uuid_user: string;
};

export interface StatusCalls<Receipt> {
  status(query: StatusQuery): Promise<Envelope<{ status_trx: string; id_produk: string }>>;
  detail(query: StatusQuery & { id_product: string }): Promise<Envelope<{ receipt: Receipt }>>;
  pollMs: number;
}

/**
 * The check-status mode of the last step (spec 02 §4): while `receipt` is in process, ask its
 * status every `pollMs`; once final, read the detail and show it. A failed detail shows its error
 * and returns to the form (`onFailed`).
 */
export function useStatusPoll<Receipt extends PolledReceipt>(
  receipt: Receipt | null,
  checking: boolean,
  calls: StatusCalls<Receipt>,
  handlers: { onFinal(receipt: Receipt): void; onStopped(): void; onFailed(): void },
) {
  const queryClient = useQueryClient();
  // The latest calls and handlers, without restarting the timer on every render.
  const latest = useRef({ calls, handlers });
  latest.current = { calls, handlers };
  const pollKey =
    checking && receipt ? `${receipt.id_transaksi}|${receipt.checksum}|${receipt.uuid_user}` : '';
  useEffect(() => {
    if (!pollKey) return;
    const [reffId, checksum, uuidUser] = pollKey.split('|');
    const query = { checksum, reff_id: reffId, uuid_user: uuidUser };
    let cancelled = false;
    const timer = setInterval(async () => {
      const { calls, handlers } = latest.current;
      const status = await calls.status(query);
      if (cancelled || status.rc !== RC.OK || status.data.status_trx === 'PROCESS') return;
      clearInterval(timer);
      handlers.onStopped();
      const detail = await calls.detail({ ...query, id_product: status.data.id_produk });
      void queryClient.invalidateQueries({ queryKey: ['balance'] });
      if (cancelled) return;
      if (detail.rc === RC.OK) handlers.onFinal(detail.data.receipt);
      else {
        showErrorDialog(detail.rd, i18next.t('common.attention'));
        handlers.onFailed();
      }
    }, latest.current.calls.pollMs);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [pollKey, queryClient]);
}
