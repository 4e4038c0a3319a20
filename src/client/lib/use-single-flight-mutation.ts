import { useCallback, useRef } from 'react';
import { useMutation, type DefaultError, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';

/**
 * `useMutation` for what a button sends: while one request runs, another `mutate` (a double
 * click, Enter pressed twice) is ignored. The button's `loading` comes one render later, too
 * late for a second click in the same instant; this guard is not.
 */
export function useSingleFlightMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const running = useRef(false);
  const mutation = useMutation({
    ...options,
    onSettled: (...args) => {
      running.current = false;
      return options.onSettled?.(...args);
    },
  });
  const { mutate: run } = mutation;
  const mutate = useCallback(
    (...args: Parameters<typeof run>) => {
      if (running.current) return;
      running.current = true;
      run(...args);
    },
    [run],
  ) as typeof run;
  return { ...mutation, mutate };
}
