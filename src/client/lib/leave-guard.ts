import { useCallback, useEffect, useRef } from 'react';
import { useBrowserLocation } from 'wouter/use-browser-location';
import { messages } from '../../shared/messages.ts';

type DirtyCheck = { current: () => boolean };

/** The forms on screen that hold typed content, each asked when the person is about to leave. */
const guards = new Set<DirtyCheck>();

const hasUnsavedChanges = () => [...guards].some((guard) => guard.current());

/** True when nothing typed would be lost, or the person agreed to discard it. */
export function confirmLeave(): boolean {
  return !hasUnsavedChanges() || window.confirm(messages.leaveUnsaved);
}

/**
 * While the component is mounted, leaving (a link, the menu, back and forward, closing or
 * reloading the tab) asks first whenever `isDirty()` says there is typed content not yet saved.
 */
export function useLeaveGuard(isDirty: () => boolean) {
  const guard = useRef<() => boolean>(isDirty);
  useEffect(() => {
    guard.current = isDirty;
  });
  useEffect(() => {
    guards.add(guard);
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!guard.current()) return;
      event.preventDefault();
      // Older browsers need returnValue set to show their own "leave site?" prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      guards.delete(guard);
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, []);
}

/**
 * The router's location hook: wouter's browser location, whose navigation asks before
 * discarding typed content. A `replace` is the app correcting the address (a search, a
 * redirect), not the person leaving, and goes through.
 */
export function useGuardedBrowserLocation(
  options?: Parameters<typeof useBrowserLocation>[0],
): [string, ReturnType<typeof useBrowserLocation>[1]] {
  const [location, navigate] = useBrowserLocation(options);
  const guarded = useCallback<typeof navigate>(
    (to, navigateOptions) => {
      if (navigateOptions?.replace || confirmLeave()) navigate(to, navigateOptions);
    },
    [navigate],
  );
  return [location, guarded];
}

// Back and forward cannot be cancelled, only undone: this listener runs before the router's
// (registered when the app first renders) and, if the person stays, hides the event from the
// router and puts the address back.
let currentHref = typeof window === 'undefined' ? '' : window.location.href;
if (typeof window !== 'undefined') {
  const remember = () => (currentHref = window.location.href);
  // wouter dispatches these after every history.pushState / replaceState.
  window.addEventListener('pushState', remember);
  window.addEventListener('replaceState', remember);
  window.addEventListener('popstate', (event) => {
    if (confirmLeave()) {
      remember();
      return;
    }
    event.stopImmediatePropagation();
    window.history.pushState(window.history.state, '', currentHref);
  });
}
