import { useQuery } from '@tanstack/react-query';
import type { Activity } from '../../../../shared/schemas/activities.ts';
import { api } from '../../../lib/api.ts';

export const myActivityKey = (moduleId: string) => ['modules', moduleId, 'activity'] as const;

export function useMyActivity(moduleId: string) {
  return useQuery({
    queryKey: myActivityKey(moduleId),
    queryFn: () => api<{ activity: Activity }>(`/api/modules/${encodeURIComponent(moduleId)}/activity`).then((r) => r.activity),
    // Drafts are edited locally; refetching under the student's fingers would be confusing.
    staleTime: Infinity,
  });
}
