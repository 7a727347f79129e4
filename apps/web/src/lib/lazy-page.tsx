import { type ComponentType, useEffect, useState } from 'react';
import { PageLoader } from '../components/PageLoader';

/** A page loaded on demand that can start loading before React renders it. */
export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

type Loaded = { component: ComponentType } | { error: unknown };

/**
 * A page in a chunk of its own, with a `preload()`: the chunk is fetched once, whether the preload
 * or the first render asks first. A page behind the login starts its download as soon as the
 * route table is loaded, in parallel with the shell and the session check.
 *
 * Not `React.lazy`: a lazy component suspends on its first render even when its module is
 * already there, and React then holds the page back until 300 ms after the Suspense fallback
 * showed (its fallback throttle) — an idle wait on every cold load. Here a page whose chunk has
 * arrived renders at once; one still on its way shows the page loader and renders when it lands.
 * A chunk that fails to load throws while rendering, as `lazy` does.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | null = null;
  let loaded: Loaded | null = null;
  const once = () => {
    loading ??= load().then(
      (module) => {
        loaded = { component: module.default };
        return module;
      },
      (error: unknown) => {
        loaded = { error };
        throw error;
      },
    );
    return loading;
  };
  function Page() {
    const [state, setState] = useState<Loaded | null>(() => loaded);
    useEffect(() => {
      if (state !== null) return;
      let mounted = true;
      const settle = () => {
        if (mounted) setState(loaded);
      };
      once().then(settle, settle);
      return () => {
        mounted = false;
      };
    }, [state]);
    if (state === null) return <PageLoader />;
    if ('error' in state) throw state.error;
    const Component = state.component;
    return <Component />;
  }
  return Object.assign(Page, { preload: once });
}
