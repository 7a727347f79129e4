import { lazy, Suspense, useEffect, useState } from 'react';

const ModalsHost = lazy(() => import('./modals-host'));

let requested = false;
let ready = false;
let readyWaiters: Array<() => void> = [];
let requestListener: (() => void) | null = null;

const markReady = () => {
  ready = true;
  const waiters = readyWaiters;
  readyWaiters = [];
  for (const resolve of waiters) resolve();
};

/**
 * Loads and mounts the modal stack (once) and resolves when `modals.open…` calls are heard. Error
 * dialogs await it; the back office calls it when it loads so its confirm dialogs open at once.
 */
export function loadModals(): Promise<void> {
  if (ready) return Promise.resolve();
  const promise = new Promise<void>((resolve) => readyWaiters.push(resolve));
  if (!requested) {
    requested = true;
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
