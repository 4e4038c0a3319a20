import { useMemo, useRef, type FormEvent } from 'react';

const focusable = 'input:not([type=hidden]), select, textarea, button, [tabindex]';

/**
 * After a form's check failed (in the browser or on the server): its first field marked invalid,
 * scrolled into view and focused once its error is drawn — the errors of a long form are often
 * above, out of view, and a tap on the button would otherwise seem to do nothing.
 */
export function focusFirstError(form: HTMLElement | null) {
  requestAnimationFrame(() => {
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.scrollIntoView({ block: 'center' });
    // A group marked invalid as a whole (a score's radio buttons) takes focus on its first choice.
    const target = field.matches(focusable) ? field : (field.querySelector<HTMLElement>(focusable) ?? field);
    target.focus({ preventScroll: true });
  });
}

/**
 * Every form's way to its first error: `ref` goes on the `<form>`, its submit handler is wrapped in
 * `onSubmit` (the browser-side check draws its errors in the same event; a valid form has none to
 * focus), and `focus` is called after the server's field errors are set.
 */
export function useErrorFocus() {
  const ref = useRef<HTMLFormElement>(null);
  return useMemo(() => {
    const focus = () => focusFirstError(ref.current);
    return {
      ref,
      focus,
      onSubmit: (submit: (event: FormEvent<HTMLFormElement>) => void) => (event: FormEvent<HTMLFormElement>) => {
        submit(event);
        focus();
      },
    };
  }, []);
}
