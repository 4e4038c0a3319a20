import { createElement, lazy, useState, type ComponentType } from 'react';

/** A page loaded on first visit, as its own chunk, whose code can be asked for ahead. */
export interface LazyPage {
  (props: object): ReturnType<typeof createElement>;
  /** Loads the page's code; once loaded, the page renders at once (no Suspense fallback). */
  preload(): Promise<void>;
}

/** How many times a page whose code did not arrive was tried again (`retryFailedPages`). */
let retries = 0;

/** A page whose code did not arrive asks for it again at its next mount (app/page-boundary.tsx's 'Reintentar'). */
export function retryFailedPages() {
  retries++;
}

/**
 * `lazyPage(() => import('./x.tsx'), 'XPage')`. A page whose code is already loaded (preload)
 * renders directly: showing a Suspense fallback, even for a moment, would make React hold the
 * page back (it throttles revealing suspended content to 300 ms after a fallback appeared).
 */
export function lazyPage<T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  // React keeps what a lazy component's load gave, a failure too (no signal): the page's error
  // boundary says so, and after its 'Reintentar' (`retryFailedPages`) the page gets a new one,
  // which asks for the code again. Not before: a page that never showed mounts anew on each try,
  // and a new lazy component each time would try for ever instead of failing.
  const newLazy = () => lazy(async () => ({ default: await get() }));
  let Lazy = newLazy();
  let failedIn: number | null = null;
  const get = () =>
    (pending ??= load().then(
      (module) => (loaded = module[name] as ComponentType),
      (error: unknown) => {
        pending = undefined;
        failedIn ??= retries;
        throw error;
      },
    ));
  const current = () => {
    if (failedIn !== null && failedIn !== retries) {
      Lazy = newLazy();
      failedIn = null;
    }
    return Lazy;
  };
  function Page(props: object) {
    // Chosen once per mount: switching later would remount the page and lose its state.
    const [Component] = useState<ComponentType>(() => loaded ?? current());
    return createElement(Component, props);
  }
  Page.preload = () => get().then(() => undefined);
  return Page;
}
