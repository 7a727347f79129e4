/**
 * The tab's one live event stream (ADR 017): an EventSource on `GET /api/events`
 * opened by the shell while logged in, and a tiny store pages subscribe to. The browser reconnects
 * by itself with `Last-Event-ID` (the server replays what the tab missed); when the server refuses
 * (the session ended) the stream stays closed and is tried again later. Pages keep their polling as
 * the fallback: `useLiveConnected()` says when the stream is up.
 */
import { EVENT_TYPES, type LiveEvent } from '@gerbang/shared/contract/events';
import { eventsCalls } from '@gerbang/shared/contract/events-calls';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { callUrl } from './api';

type Handler = (event: LiveEvent) => void;

const handlers = new Set<{ types: ReadonlySet<string>; fn: Handler }>();
const statusListeners = new Set<() => void>();
let connected = false;
let source: EventSource | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
/** The ids already handled: a replay after a reconnect may repeat a few (at least once). */
const seen: number[] = [];
const seenSet = new Set<number>();
const SEEN_MAX = 500;
/** After the server refused the stream (a closed EventSource), try a new one this much later. */
const REOPEN_MS = 15_000;

function setConnected(next: boolean) {
  if (connected === next) return;
  connected = next;
  for (const listener of statusListeners) listener();
}

function dispatch(raw: MessageEvent<string>) {
  let event: LiveEvent;
  try {
    event = JSON.parse(raw.data) as LiveEvent;
  } catch {
    return;
  }
  if (event.id > 0) {
    if (seenSet.has(event.id)) return;
    seen.push(event.id);
    seenSet.add(event.id);
    if (seen.length > SEEN_MAX) seenSet.delete(seen.shift() as number);
  }
  for (const h of handlers) if (h.types.has(event.type)) h.fn(event);
}

/** Streams made since the page loaded: a new one (not the browser's reconnect) replays nothing. */
let made = 0;

function open() {
  made += 1;
  const fresh = made > 1;
  source = new EventSource(callUrl(eventsCalls.stream));
  source.onopen = () => {
    setConnected(true);
    // Made again after a refusal: what happened meanwhile is not replayed, so reload it.
    if (fresh)
      dispatch(new MessageEvent('reset', { data: '{"id":0,"type":"reset","payload":{}}' }));
  };
  source.onerror = () => {
    setConnected(false);
    // CLOSED: the server answered with an error (no session): the browser will not retry itself.
    if (source?.readyState === EventSource.CLOSED) {
      source = null;
      retryTimer = setTimeout(open, REOPEN_MS);
    }
  };
  for (const type of [...EVENT_TYPES, 'reset']) source.addEventListener(type, dispatch);
}

/** Opens the tab's stream (the shell, while logged in); the returned function closes it. */
export function startLiveEvents(): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  open();
  return () => {
    clearTimeout(retryTimer);
    source?.close();
    source = null;
    setConnected(false);
  };
}

/** True while the stream is up: polling may slow down or stop. */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => connected,
  );
}

/** Calls `fn` for each event of these types (and `reset`, when asked for) while mounted. */
export function useLiveEvent(types: readonly string[], fn: Handler): void {
  const ref = useRef(fn);
  ref.current = fn;
  const key = types.join(',');
  useEffect(() => {
    const entry = { types: new Set(key.split(',')), fn: (e: LiveEvent) => ref.current(e) };
    handlers.add(entry);
    return () => {
      handlers.delete(entry);
    };
  }, [key]);
}
