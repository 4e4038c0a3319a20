import { lazy, Suspense } from 'react';
import type { MessageDialogProps } from './message-dialog-view.tsx';

// The modal code (portal, transitions, focus trap) stays out of the first download:
// it is fetched while the browser is idle, well before any popup can be needed.
const load = () => import('./message-dialog-view.tsx');
const LazyMessageDialog = lazy(async () => ({ default: (await load()).MessageDialogView }));
if (typeof window !== 'undefined') {
  const prefetch = () => void load();
  if ('requestIdleCallback' in window) window.requestIdleCallback(prefetch);
  else setTimeout(prefetch, 200);
}

/** The spec's popups: one message and one button. */
export function MessageDialog(props: MessageDialogProps) {
  if (!props.opened) return null;
  return (
    <Suspense fallback={null}>
      <LazyMessageDialog {...props} />
    </Suspense>
  );
}
