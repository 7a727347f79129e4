import { lazy, Suspense, useEffect, useState } from 'react';

const ModalsHost = lazy(() => import('./modals-host'));

let requested = false;
let ready = false;
let readyWaiters: Array<() => void> = [];
let requestListener: (() => void) | null = null;

/**
 * `modals.open…` (Mantine) is a window event the provider listens to. From the stack's request
 * until it is mounted, those events are kept here and sent again once it listens: a click in the
 * first moments of a page opens its dialog a moment later instead of never.
 */
const MODAL_EVENTS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
].map((name) => `mantine-modals:${name}`);
let heldEvents: CustomEvent[] = [];
const holdEvent = (event: Event) => heldEvents.push(event as CustomEvent);

function replayHeldCalls() {
  for (const name of MODAL_EVENTS) window.removeEventListener(name, holdEvent);
  const events = heldEvents;
  heldEvents = [];
  for (const event of events)
    window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
}

const markReady = () => {
  ready = true;
  replayHeldCalls();
  const waiters = readyWaiters;
  readyWaiters = [];
  for (const resolve of waiters) resolve();
};

/**
 * Loads and mounts the modal stack (once) and resolves when `modals.open…` calls are heard; calls
 * made meanwhile are held and replayed. Error dialogs await it; the back office calls it when it
 * loads and does not wait for it.
 */
export function loadModals(): Promise<void> {
  if (ready) return Promise.resolve();
  const promise = new Promise<void>((resolve) => readyWaiters.push(resolve));
  if (!requested) {
    requested = true;
    for (const name of MODAL_EVENTS) window.addEventListener(name, holdEvent);
    requestListener?.();
  }
  return promise;
}

/** Rendered once beside the app (main.tsx): mounts the modal stack after the first request. */
export function LazyModals() {
  const [mounted, setMounted] = useState(requested);
  useEffect(() => {
    requestListener = () => setMounted(true);
    if (requested) setMounted(true);
    return () => {
      requestListener = null;
    };
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ModalsHost onReady={markReady} />
    </Suspense>
  );
}
