import { lazy, type ComponentType } from 'react';

/** A page loaded on first visit, as its own chunk: `lazyPage(() => import('./x.tsx'), 'XPage')`. */
export const lazyPage = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));
