import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface SetModuleAccessVariables {
  moduleId: string;
  courseId: string;
  enabled: boolean;
}

/** 'Habilitar para todos' / 'Bloquear para todos': every student who has the module's course enabled. */
export const setModuleAccessForAll = ({ moduleId, enabled }: SetModuleAccessVariables) =>
  api<{ affected: number }>(`/api/modules/${encodeURIComponent(moduleId)}/access`, { method: 'PUT', body: { enabled } });

export function useSetModuleAccessForAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setModuleAccessForAll,
    // What changes is each student's module list for this course, cached by the users feature
    // as ['user', userId, 'modules', courseId] (matched by shape: features do not import each other).
    onSuccess: (_data, { courseId }) =>
      queryClient.invalidateQueries({
        predicate: ({ queryKey }) => queryKey[0] === 'user' && queryKey[2] === 'modules' && queryKey[3] === courseId,
      }),
  });
}
