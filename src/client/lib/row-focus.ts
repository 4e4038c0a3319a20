// Where the focus goes when a list's rows come and go in a form: a row added takes it on its first
// field, a row removed gives it to a neighbour. Without this a keyboard is left on the button that
// was pressed (an added row is then found by tabbing back) or, when that button went with its row,
// on the page's start.
import { useId } from 'react';

export function useRowFocus() {
  const base = useId();
  return {
    /** The id to give a row's field (`part`: 'text', 'amount'…), unique in the page. */
    idOf: (key: string | number, part: string) => `${base}-${key}-${part}`,
    /** Focuses the element with `id` once React has drawn the change that made it. */
    focusLater: (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus()),
  };
}
