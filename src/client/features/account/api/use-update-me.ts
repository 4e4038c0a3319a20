import { useQueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '../../../../shared/schemas/auth.ts';
import type { ChangePasswordInput, UpdateMeInput } from '../../../../shared/schemas/users.ts';
import { api } from '../../../lib/api.ts';
import { sessionKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

/** 'Tus datos': the name; the session (the top bar shows it) takes the new one at once. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (input: UpdateMeInput) => api<SessionResponse>('/api/me', { method: 'PATCH', body: input }),
    onSuccess: (data) => queryClient.setQueryData<SessionResponse>(sessionKeys.current, data),
    meta: { handlesOwnErrors: true },
  });
}

/** 'Cambiar contraseña': the other sessions of the account end; this one goes on. */
export function useChangePassword() {
  return useSingleFlightMutation({
    mutationFn: (input: ChangePasswordInput) => api<void>('/api/me/password', { method: 'PUT', body: input }),
    meta: { handlesOwnErrors: true },
  });
}
