import { lazy, Suspense, useEffect } from 'react';
import type { MessageDialogProps } from './message-dialog-view.tsx';

// The modal code (portal, transitions, focus trap) stays out of the first download: a page
// that can show a popup fetches it while the browser is idle, well before the popup is needed;
// a page without one (the module page) never does.
const load = () => import('./message-dialog-view.tsx');
const LazyMessageDialog = lazy(async () => ({ default: (await load()).MessageDialogView }));

function usePrefetchWhenIdle() {
  useEffect(() => {
    const prefetch = () => void load().catch(() => undefined);
    // Safari has no requestIdleCallback.
    if (!('requestIdleCallback' in window)) {
      const timer = setTimeout(prefetch, 200);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(prefetch);
    return () => window.cancelIdleCallback(handle);
  }, []);
}

/** The spec's popups: one message and one button. When it closes, the focus goes back to what opened it. */
export function MessageDialog(props: MessageDialogProps) {
  const { opened } = props;
  usePrefetchWhenIdle();
  useEffect(() => {
    if (!opened) return;
    // A button that went busy (loading, so disabled) while the request ran has already lost the focus to <body>.
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    return () => {
      // After the dialog is gone (its focus trap let go), unless something else took the focus meanwhile.
      requestAnimationFrame(() => {
        const current = document.activeElement;
        if (current && current !== document.body) return;
        // The opener may be gone or disabled now (Enviar after a submit): then the page's heading.
        if (opener?.isConnected && !opener.matches(':disabled')) opener.focus();
        else document.querySelector<HTMLElement>('main h1[tabindex]')?.focus();
      });
    };
  }, [opened]);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LazyMessageDialog {...props} />
    </Suspense>
  );
}
