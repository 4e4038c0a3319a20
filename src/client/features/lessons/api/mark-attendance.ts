import { useQueryClient } from '@tanstack/react-query';
import type { AttendanceStatus, LessonDetail, RosterEntry } from '../../../../shared/schemas/lessons.ts';
import { api } from '../../../lib/api.ts';
import { lessonKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

export interface MarkAttendance {
  userId: string;
  /** null clears the mark. */
  status: AttendanceStatus | null;
}

/** The instructor marks a trainee by hand; the list shows the answer at once, then the counts are asked again. */
export function useMarkAttendance(lessonId: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ userId, status }: MarkAttendance) =>
      api<{ entry: RosterEntry }>(`/api/lessons/${encodeURIComponent(lessonId)}/attendance/${encodeURIComponent(userId)}`, {
        method: 'PUT',
        body: { status },
      }),
    onSuccess: ({ entry }) => {
      queryClient.setQueryData<LessonDetail>(lessonKeys.detail(lessonId), (detail) =>
        detail ? { ...detail, roster: detail.roster.map((e) => (e.userId === entry.userId ? entry : e)) } : detail,
      );
      return queryClient.invalidateQueries({ queryKey: lessonKeys.all });
    },
    meta: { handlesOwnErrors: true },
  });
}
