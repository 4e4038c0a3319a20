import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseMatches, Match, MatchCreateInput, MatchStorage, MyMatches } from '../../../../shared/schemas/matches.ts';
import { api } from '../../../lib/api.ts';
import { matchKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

/** Whether a list has a match the server is still working on (asked again every few seconds then). */
const working = (matches: Array<Pick<Match, 'state'>>) => matches.some((match) => match.state === 'procesando');

/** 'Mis partidos': the trainee's matches, their consent and the courses they may upload to. */
export function useMyMatches() {
  return useQuery({
    queryKey: matchKeys.mine(),
    queryFn: ({ signal }) => api<MyMatches>('/api/matches', { signal }),
    refetchInterval: (query) => (query.state.data && working(query.state.data.matches) ? 5_000 : false),
  });
}

/** A course's 'Partidos' for its staff, with its storage. */
export function useCourseMatches(courseId: string) {
  return useQuery({
    queryKey: matchKeys.ofCourse(courseId),
    queryFn: ({ signal }) => api<CourseMatches>(`/api/courses/${encodeURIComponent(courseId)}/matches`, { signal }),
    refetchInterval: (query) => (query.state.data && working(query.state.data.matches) ? 10_000 : false),
  });
}

/** 'Subir partido': the match, before its file (refused here when the course has no room). */
export function useCreateMatch() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ input, idempotencyKey }: { input: MatchCreateInput; idempotencyKey: string }) =>
      api<{ match: Match; message: string }>('/api/matches', { method: 'POST', body: input, idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: matchKeys.mine() }),
  });
}

export function useDeleteMatch() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (matchId: string) => api<{ message: string }>(`/api/matches/${encodeURIComponent(matchId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: matchKeys.all }),
  });
}

/** 'Permito que el curso use momentos de mis partidos para enseñar'. */
export function useSetConsent() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (allowed: boolean) =>
      api<{ consent: boolean; message: string }>('/api/matches/consent', { method: 'PUT', body: { allowed } }),
    onSuccess: ({ consent }) => queryClient.setQueryData<MyMatches>(matchKeys.mine(), (data) => (data ? { ...data, consent } : data)),
  });
}

/** The course's storage limit for matches (administrators). */
export function useSetStorageLimit(courseId: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (limitGb: number) =>
      api<{ storage: MatchStorage; message: string }>(`/api/courses/${encodeURIComponent(courseId)}/match-storage`, {
        method: 'PUT',
        body: { limitGb },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: matchKeys.ofCourse(courseId) }),
  });
}
