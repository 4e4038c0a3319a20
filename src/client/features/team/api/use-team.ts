import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffRole } from '../../../../shared/course-roles.ts';
import type { AddMemberInput, Candidate, Team } from '../../../../shared/schemas/team.ts';
import { api } from '../../../lib/api.ts';
import { useIdempotencyKeys } from '../../../lib/idempotency-key.ts';
import { courseKeys, teamKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

const teamUrl = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}/team`;

export function useTeam(courseId: string) {
  return useQuery({ queryKey: teamKeys.ofCourse(courseId), queryFn: ({ signal }) => api<Team>(teamUrl(courseId), { signal }) });
}

/** People by name or email, for 'Agregar al equipo' (from 2 letters; the previous list stays while the next loads). */
export function useCandidates(courseId: string, query: string) {
  const q = query.trim();
  return useQuery<Candidate[]>({
    queryKey: teamKeys.candidates(courseId, q),
    queryFn: ({ signal }) =>
      api<{ people: Candidate[] }>(`${teamUrl(courseId)}/candidates?q=${encodeURIComponent(q)}`, { signal }).then((r) => r.people),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** After any change: the team, and the courses' overview (someone's roles, and so their menus, changed). */
function useAfterChange(courseId: string) {
  const queryClient = useQueryClient();
  return (team: Team) => {
    queryClient.setQueryData(teamKeys.ofCourse(courseId), team);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKeys.all }),
      queryClient.invalidateQueries({ queryKey: courseKeys.overview() }),
    ]);
  };
}

export function useAddMember(courseId: string) {
  const keys = useIdempotencyKeys();
  const after = useAfterChange(courseId);
  return useSingleFlightMutation({
    mutationFn: (input: AddMemberInput) =>
      api<{ team: Team; message: string }>(teamUrl(courseId), { method: 'POST', body: input, idempotencyKey: keys.keyFor(input) }),
    onSuccess: ({ team }) => {
      keys.done();
      return after(team);
    },
    meta: { handlesOwnErrors: true },
  });
}

export function useSetRoles(courseId: string) {
  const after = useAfterChange(courseId);
  return useSingleFlightMutation({
    mutationFn: ({ userId, roles }: { userId: string; roles: StaffRole[] }) =>
      api<{ team: Team; message: string }>(`${teamUrl(courseId)}/${encodeURIComponent(userId)}`, { method: 'PUT', body: { roles } }),
    onSuccess: ({ team }) => after(team),
    meta: { handlesOwnErrors: true },
  });
}

export function useRemoveMember(courseId: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (userId: string) => api<undefined>(`${teamUrl(courseId)}/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        queryClient.invalidateQueries({ queryKey: courseKeys.overview() }),
      ]),
    meta: { handlesOwnErrors: true },
  });
}
