/**
 * What each live event refreshes (the shell mounts `useLiveQueries` once): the balance is written
 * straight from the event; data-page rows on screen are patched from the event (lib/live-rows.ts)
 * and a data page reloads only when the event names a row it cannot show by patching, only while
 * the tab is visible, only on page 1 in the default order, and at most once per 5 s per type
 * (ADR 017, "Data pages"). Other views that follow events (the top-up status, a callback's
 * attempts, the pay links) reload at most once per second per type.
 */
import type { BalancePayload, LiveEvent } from '@gerbang/shared/contract/events';
import { DATA_PATHS } from '@gerbang/shared/domain/permissions';
import { type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { startLiveEvents, useLiveEvent } from './live-events';
import { patchRows } from './live-rows';

const path = (q: Query) => (typeof q.queryKey[1] === 'string' ? q.queryKey[1] : '');
/** The data pages (and their summaries): lists of rows, not the static lookups under /data/. */
const DATA_PAGES = new Set(DATA_PATHS.map((p) => `/data/${p}`));
const isDataPage = (q: Query) => DATA_PAGES.has(path(q).replace(/\/summary$/, ''));
/** Lists and their totals: the views a burst of payments would otherwise reload over and over. */
const isList = (q: Query) => isDataPage(q) || path(q).startsWith('/resume/');

/** The queries each event type concerns. */
const STALE: Record<string, (q: Query) => boolean> = {
  transaction: (q) => isDataPage(q) || path(q).startsWith('/resume/'),
  callback: (q) => path(q).startsWith('/data/callback') || q.queryKey[0] === 'callback-attempts',
  bulk: (q) => path(q).includes('disbursement'),
  export: (q) => path(q).startsWith('/data/export'),
  topup: (q) => path(q) === '/transaction/topup_status' || path(q).startsWith('/data/deposit'),
  pay: (q) => path(q).startsWith('/data/request_payment'),
  reset: () => true,
};

/** A data page reloads at most this often per event type while payments flow. */
const DATA_THROTTLE_MS = 5_000;
/** Views that wait for one outcome (a top-up, a callback's attempts) follow faster. */
const VIEW_THROTTLE_MS = 1_000;

const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

/**
 * Leading-edge throttle per key: the first call runs now, calls within `ms` fold into one more run
 * at the end of the window; a run due while the tab is hidden waits for it to be visible again.
 */
function throttled(run: (key: string) => void, ms: number) {
  const state = new Map<string, boolean>();
  const hiddenDue = new Set<string>();
  const fire = (key: string) => {
    if (!visible()) {
      hiddenDue.add(key);
      state.delete(key);
      return;
    }
    run(key);
    state.set(key, false);
    setTimeout(() => {
      if (state.get(key)) fire(key);
      else state.delete(key);
    }, ms);
  };
  const onVisible = () => {
    if (!visible()) return;
    for (const key of [...hiddenDue]) {
      hiddenDue.delete(key);
      if (!state.has(key)) fire(key);
    }
  };
  const call = (key: string) => (state.has(key) ? state.set(key, true) : fire(key));
  return { call, onVisible };
}

function liveRefresher(client: QueryClient) {
  const isView = (type: string) => (q: Query) => STALE[type]?.(q) === true && !isList(q);
  // A table off its head (page 2, another order) says so in its meta; summaries have none.
  const isHeadPage = (type: string) => (q: Query) =>
    STALE[type]?.(q) === true && isList(q) && q.meta?.liveHead !== false;
  const views = throttled(
    (type) => void client.invalidateQueries({ predicate: isView(type) }),
    VIEW_THROTTLE_MS,
  );
  const pages = throttled(
    (type) => void client.invalidateQueries({ predicate: isHeadPage(type) }),
    DATA_THROTTLE_MS,
  );
  const onEvent = (event: LiveEvent) => {
    const type = event.type;
    if (type === 'reset') {
      void client.invalidateQueries();
      return;
    }
    views.call(type);
    const dataOf = (q: Query) => STALE[type]?.(q) === true && isList(q);
    const outcomes = patchRows(client, event, dataOf);
    const stale = outcomes.filter((o) => o.outcome === 'stale').map((o) => o.query.queryHash);
    if (stale.length > 0) {
      const hashes = new Set(stale);
      void client.invalidateQueries({
        predicate: (q) => hashes.has(q.queryHash),
        refetchType: 'none',
      });
    }
    if (outcomes.some((o) => o.outcome === 'reload')) pages.call(type);
  };
  const onVisible = () => {
    views.onVisible();
    pages.onVisible();
  };
  return { onEvent, onVisible };
}

/**
 * The shell's part: one stream per tab while logged in, opened again when the session's agent or
 * environment changes (the server decides the stream's scope when it opens), and the queries it
 * refreshes.
 */
export function useLiveQueries(scope: string): void {
  useEffect(() => (scope ? startLiveEvents() : undefined), [scope]);
  const queryClient = useQueryClient();
  const refresher = useMemo(() => liveRefresher(queryClient), [queryClient]);
  useEffect(() => {
    document.addEventListener('visibilitychange', refresher.onVisible);
    return () => document.removeEventListener('visibilitychange', refresher.onVisible);
  }, [refresher]);
  useLiveEvent(['balance'], (event: LiveEvent) => {
    queryClient.setQueriesData(
      { queryKey: ['balance'] },
      event.payload as unknown as BalancePayload,
    );
  });
  useLiveEvent(Object.keys(STALE), refresher.onEvent);
}
