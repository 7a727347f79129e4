/**
 * What each live event refreshes (the shell mounts `useLiveQueries` once): the balance is written
 * straight from the event; other events refetch the queries on screen that show the thing, at most
 * once per second per type (a busy merchant's burst of transactions is one refetch, not hundreds).
 */
import type { BalancePayload, LiveEvent } from '@gerbang/shared/contract/events';
import { DATA_PATHS } from '@gerbang/shared/domain/permissions';
import { type Query, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { startLiveEvents, useLiveEvent } from './live-events';

const path = (q: Query) => (typeof q.queryKey[1] === 'string' ? q.queryKey[1] : '');
/** The data pages (and their summaries): lists of rows, not the static lookups under /data/. */
const DATA_PAGES = new Set(DATA_PATHS.map((p) => `/data/${p}`));
const isDataPage = (q: Query) => DATA_PAGES.has(path(q).replace(/\/summary$/, ''));

/** The queries each event type makes stale. */
const STALE: Record<string, (q: Query) => boolean> = {
  transaction: (q) => isDataPage(q) || path(q).startsWith('/resume/'),
  callback: (q) => path(q).startsWith('/data/callback') || q.queryKey[0] === 'callback-attempts',
  bulk: (q) => path(q).includes('disbursement'),
  export: (q) => path(q).startsWith('/data/export'),
  topup: (q) => path(q) === '/transaction/topup_status' || path(q).startsWith('/data/deposit'),
  pay: (q) => path(q).startsWith('/data/request_payment'),
  reset: () => true,
};

const THROTTLE_MS = 1_000;

/**
 * The shell's part: one stream per tab while logged in, opened again when the session's agent or
 * environment changes (the server decides the stream's scope when it opens), and the queries it
 * refreshes.
 */
export function useLiveQueries(scope: string): void {
  useEffect(() => (scope ? startLiveEvents() : undefined), [scope]);
  const queryClient = useQueryClient();
  const refresh = useMemo(() => {
    // Per type: absent = idle; false = refetched within the second; true = one more is due.
    const state = new Map<string, boolean>();
    const run = (type: string) => {
      void queryClient.invalidateQueries({ predicate: STALE[type] });
      state.set(type, false);
      setTimeout(() => {
        if (state.get(type)) run(type);
        else state.delete(type);
      }, THROTTLE_MS);
    };
    return (type: string) => {
      if (state.has(type)) state.set(type, true);
      else run(type);
    };
  }, [queryClient]);
  useLiveEvent(['balance'], (event: LiveEvent) => {
    queryClient.setQueriesData(
      { queryKey: ['balance'] },
      event.payload as unknown as BalancePayload,
    );
  });
  useLiveEvent(Object.keys(STALE), (event) => refresh(event.type));
}
