// The module page's first paint, sent by the server inside the document (server/http/document.ts):
// the bar, the title and the video, shown before the app's code runs. The app replaces it on its
// first render; the module page's player takes the video element over, moved into its own place
// with Element.moveBefore, which keeps an iframe or a video playing instead of reloading it.
// Browsers without moveBefore get a new element (the video loads once more).

const ids = { view: 'aula-boot', video: 'aula-boot-video' };

const canMoveWithoutReload = typeof Element !== 'undefined' && 'moveBefore' in Element.prototype;

/**
 * The first paint's video element if it is exactly the one the player would make (the same tag,
 * `'IFRAME'` or `'VIDEO'`, and the same address) and can be moved without reloading; taken once.
 */
export function takeFirstPaintVideo(tag: 'IFRAME' | 'VIDEO', src: string): HTMLElement | null {
  const element = document.getElementById(ids.video);
  if (!element || !canMoveWithoutReload || element.tagName !== tag || element.getAttribute('src') !== src) return null;
  element.removeAttribute('id');
  return element;
}

/** Moves a taken video element into `parent`, keeping it loaded; false if the browser refused. */
export function moveInto(parent: HTMLElement, element: HTMLElement): boolean {
  if (element.parentElement === parent) return true;
  try {
    (parent as HTMLElement & { moveBefore(node: Node, child: Node | null): void }).moveBefore(element, null);
    return true;
  } catch {
    return false;
  }
}

/** Whether the server sent the page drawn. */
export function hasFirstPaint(): boolean {
  return document.getElementById(ids.view) !== null;
}

/** Removes what is left of the first paint, once the app has rendered its own page. */
export function removeFirstPaint() {
  document.getElementById(ids.view)?.remove();
}
