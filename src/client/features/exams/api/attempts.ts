import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AnswerBody, Attempt } from '../../../../shared/schemas/exams.ts';
import { api } from '../../../lib/api.ts';
import { examKeys, moduleKeys, recordKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

/**
 * An attempt with the moment its request left the phone, by the monotonic clock
 * (performance.now()): the countdown runs from the server's `remainingSeconds` at that moment, so
 * changing the phone's time or a slow answer never gives more time than the server allows.
 */
export interface TimedAttempt {
  attempt: Attempt;
  sentAt: number;
}

const timed = async (request: () => Promise<Attempt>): Promise<TimedAttempt> => {
  const sentAt = performance.now();
  return { attempt: await request(), sentAt };
};

const getAttempt = (attemptId: string, signal?: AbortSignal) =>
  api<{ attempt: Attempt }>(`/api/attempts/${encodeURIComponent(attemptId)}`, { signal }).then((r) => r.attempt);

/** One attempt: the student's own while it runs and once graded, or any attempt for the admin (with its review). */
export function useAttempt(attemptId: string | null, options: { pollMs?: number | false; fresh?: boolean } = {}) {
  return useQuery({
    queryKey: examKeys.attempt(attemptId ?? ''),
    queryFn: ({ signal }) => timed(() => getAttempt(attemptId!, signal)),
    enabled: attemptId !== null,
    // The running attempt is read once (and again when time is up); another person's, each time it is opened.
    staleTime: options.fresh ? 0 : Infinity,
    refetchInterval: options.pollMs ?? false,
  });
}

/** Every course's module list of the trainee: its cards say which exam is open or under way. */
const invalidateModuleLists = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: [...moduleKeys.all, 'mine'] });

/**
 * What a graded attempt changes: the exam's status and results, the module's exam buttons and its
 * card in the module list, the trainee's results in 'Mi cuenta', the admin's results.
 */
export const invalidateAfterAttempt = (queryClient: QueryClient, examId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: examKeys.mine(examId) }),
    queryClient.invalidateQueries({ queryKey: [...examKeys.all, 'of-module'] }),
    queryClient.invalidateQueries({ queryKey: examKeys.results(examId) }),
    invalidateModuleLists(queryClient),
    queryClient.invalidateQueries({ queryKey: recordKeys.mine() }),
  ]);

/** 'Comenzar examen' and 'Continuar examen': a new attempt, or the open one as it stands (same questions, the time left). */
export function useStartAttempt(examId: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: () =>
      timed(() =>
        api<{ attempt: Attempt }>(`/api/exams/${encodeURIComponent(examId)}/attempts`, { method: 'POST' }).then((r) => r.attempt),
      ),
    onSuccess: (data) => {
      queryClient.setQueryData(examKeys.attempt(data.attempt.id), data);
      return Promise.all([queryClient.invalidateQueries({ queryKey: examKeys.mine(examId) }), invalidateModuleLists(queryClient)]);
    },
    meta: { handlesOwnErrors: true },
  });
}

/** 'Entregar examen': the attempt comes back graded. */
export function useSubmitAttempt(examId: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (attemptId: string) =>
      timed(() =>
        api<{ attempt: Attempt }>(`/api/attempts/${encodeURIComponent(attemptId)}/submit`, { method: 'POST' }).then((r) => r.attempt),
      ),
    onSuccess: (data) => {
      queryClient.setQueryData(examKeys.attempt(data.attempt.id), data);
      return invalidateAfterAttempt(queryClient, examId);
    },
    meta: { handlesOwnErrors: true },
  });
}

export interface SavedAnswer {
  position: number;
  answerSeq: number;
  remainingSeconds: number;
}

/** Sends one question's answer; a late, older `seq` is ignored by the server. */
export const saveAnswer = (attemptId: string, position: number, body: AnswerBody, signal?: AbortSignal) =>
  api<SavedAnswer>(`/api/attempts/${encodeURIComponent(attemptId)}/answers/${position}`, { method: 'PUT', body, signal });
