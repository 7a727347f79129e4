import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A lazy page that can start loading before React renders it. */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * `lazy()` with a `preload()`: the page's chunk is fetched once, whether the preload or the first
 * render asks first. A page behind the login starts its download as soon as the route table is
 * loaded, in parallel with the shell, instead of after the shell has rendered.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | null = null;
  const once = () => {
    loading ??= load();
    return loading;
  };
  return Object.assign(lazy(once), { preload: once });
}
