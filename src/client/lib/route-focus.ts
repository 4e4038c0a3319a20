import { useEffect, type RefObject } from 'react';

// Counts the moves to another page (a link, the menu, back and forward); replacing the address
// (a search typed in a list) is not one.
let navigation = 0;
let focusedFor = 0;
if (typeof window !== 'undefined') {
  let path = window.location.pathname;
  const moved = () => {
    if (window.location.pathname === path) return;
    path = window.location.pathname;
    navigation += 1;
  };
  // wouter dispatches 'pushState' after every history.pushState.
  window.addEventListener('pushState', moved);
  window.addEventListener('popstate', moved);
}

/**
 * After a route change, the new page's heading (the first h1 inside `root`) takes the focus, so
 * keyboard and screen reader users start at the top of the new page instead of on <body>. The
 * page may still be loading: the heading is awaited for a few seconds. On the first page load the
 * browser's own start is kept. `location` is the router's path, so this runs on every move.
 */
export function useFocusHeadingAfterNavigation(root: RefObject<HTMLElement | null>, location: string) {
  useEffect(() => {
    const container = root.current;
    if (!container || navigation === focusedFor) return;
    focusedFor = navigation;
    const focusHeading = () => {
      const heading = container.querySelector('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      // Only if nothing else took the focus meanwhile (a field the page focuses itself).
      const active = document.activeElement;
      if (!active || active === document.body || !container.contains(active)) heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(container, { childList: true, subtree: true });
    const stop = setTimeout(() => observer.disconnect(), 5_000);
    return () => {
      observer.disconnect();
      clearTimeout(stop);
    };
  }, [root, location]);
}
