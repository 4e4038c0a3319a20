import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { api } from '../../../lib/api.ts';
import { progressKeys, userKeys } from '../../../lib/query-keys.ts';

export interface CourseAccessInput {
  userId: string;
  courseId: string;
  enabled: boolean;
}

export const setCourseAccess = ({ userId, courseId, enabled }: CourseAccessInput) =>
  api<void>(`/api/users/${encodeURIComponent(userId)}/courses/${encodeURIComponent(courseId)}/access`, {
    method: 'PUT',
    body: { enabled },
  });

/** 'Habilitar' / 'Bloquear' a course for one user; pending until the user's course list is fresh again. */
export function useSetCourseAccess() {
  const queryClient = useQueryClient();
  // One request at a time per item: a double tap on 'Habilitar' sends it once.
  return useSingleFlightMutation({
    mutationFn: setCourseAccess,
    onSuccess: (_data, { userId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.courses(userId) }),
        // The class progress boards list the students of each course (the progress feature).
        queryClient.invalidateQueries({ queryKey: progressKeys.all }),
      ]),
  });
}
