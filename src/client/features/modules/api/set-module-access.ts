import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { api } from '../../../lib/api.ts';
import { invalidateCourseModuleLists } from './course-module-lists.ts';

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
  return useSingleFlightMutation({
    mutationFn: setModuleAccessForAll,
    onSuccess: (_data, { courseId }) => invalidateCourseModuleLists(queryClient, courseId),
  });
}
