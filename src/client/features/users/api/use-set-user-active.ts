import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDetail } from '../../../../shared/schemas/users.ts';
import { api } from '../../../lib/api.ts';
import { progressKeys, userKeys } from '../../../lib/query-keys.ts';

/** 'Desactivar' / 'Reactivar' a user. */
export function useSetUserActive(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) =>
      api<UserDetail>(`/api/users/${encodeURIComponent(userId)}/active`, { method: 'PUT', body: { active } }),
    onSuccess: (detail) => {
      queryClient.setQueryData(userKeys.detail(userId), detail);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: progressKeys.all }),
      ]);
    },
    meta: { handlesOwnErrors: true },
  });
}
