import { useQuery } from '@tanstack/react-query';
import type { Activity } from '../../../../shared/schemas/activities.ts';
import { api } from '../../../lib/api.ts';

export const userActivityKey = (userId: string, moduleId: string) => ['users', userId, 'modules', moduleId, 'activity'] as const;

export function useUserActivity(userId: string, moduleId: string) {
  return useQuery({
    queryKey: userActivityKey(userId, moduleId),
    queryFn: () =>
      api<{ activity: Activity; user: { id: string; name: string; email: string } }>(
        `/api/users/${encodeURIComponent(userId)}/modules/${encodeURIComponent(moduleId)}/activity`,
      ),
  });
}
