import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { api } from '../../../lib/api.ts';
import { progressKeys, userKeys } from '../../../lib/query-keys.ts';

export interface ModuleAccessInput {
  userId: string;
  /** The module's course, whose module list (and, when enabling, course list) changes. */
  courseId: string;
  moduleId: string;
  enabled: boolean;
}

export const setModuleAccess = ({ userId, moduleId, enabled }: ModuleAccessInput) =>
  api<void>(`/api/users/${encodeURIComponent(userId)}/modules/${encodeURIComponent(moduleId)}/access`, {
    method: 'PUT',
    body: { enabled },
  });

/**
 * 'Habilitar' / 'Bloquear' a module for one user. Enabling also enables its course on the
 * server, so the user's course list is refreshed too; blocking leaves the courses as they are.
 */
export function useSetModuleAccess() {
  const queryClient = useQueryClient();
  // One request at a time per item: a double tap on 'Habilitar' sends it once.
  return useSingleFlightMutation({
    mutationFn: setModuleAccess,
    onSuccess: (_data, { userId, courseId, enabled }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.modules(userId, courseId) }),
        queryClient.invalidateQueries({ queryKey: progressKeys.ofCourse(courseId) }),
        enabled && queryClient.invalidateQueries({ queryKey: userKeys.courses(userId) }),
      ]),
  });
}
