import { createElement, lazy, useState, type ComponentType } from 'react';

/** A page loaded on first visit, as its own chunk, whose code can be asked for ahead. */
export interface LazyPage {
  (props: object): ReturnType<typeof createElement>;
  /** Loads the page's code; once loaded, the page renders at once (no Suspense fallback). */
  preload(): Promise<void>;
}

/**
 * `lazyPage(() => import('./x.tsx'), 'XPage')`. A page whose code is already loaded (preload)
 * renders directly: showing a Suspense fallback, even for a moment, would make React hold the
 * page back (it throttles revealing suspended content to 300 ms after a fallback appeared).
 */
export function lazyPage<T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const get = () =>
    (pending ??= load().then(
      (module) => (loaded = module[name] as ComponentType),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await get() }));
  function Page(props: object) {
    // Chosen once per mount: switching later would remount the page and lose its state.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  Page.preload = () => get().then(() => undefined);
  return Page;
}
