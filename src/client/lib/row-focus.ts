// Where the focus goes when a form's content changes under the keyboard. A row added to a list
// takes it on its first field and a row removed gives it to a neighbour: without this a keyboard
// is left on the button that was pressed or, when that button went with its row, on the page's
// start. A result that replaces part of the form (a file's summary) takes it as it comes.
import { useEffect, useId, useRef } from 'react';

export function useRowFocus() {
  const base = useId();
  return {
    /** The id to give a row's field (`part`: 'text', 'amount'…), unique in the page. */
    idOf: (key: string | number, part: string) => `${base}-${key}-${part}`,
    /** Focuses the element with `id` once React has drawn the change that made it. */
    focusLater: (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus()),
  };
}

/**
 * An element that takes the focus each time `value` changes (a file's summary after each reading):
 * a screen reader says it, and the next Tab goes on from there. Give it `tabIndex={-1}`.
 */
export function useFocusOnChange<T extends HTMLElement>(value: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), [value]);
  return ref;
}
