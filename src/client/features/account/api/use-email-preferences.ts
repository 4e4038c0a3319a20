import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailPreferences } from '../../../../shared/schemas/users.ts';
import { api } from '../../../lib/api.ts';
import { accountKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

type Answer = { preferences: EmailPreferences };

export const getEmailPreferences = (signal?: AbortSignal) => api<Answer>('/api/me/email-preferences', { signal });

export const emailPreferencesQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.emailPreferences(), queryFn: ({ signal }) => getEmailPreferences(signal) });

/** The signed-in user's email choices. */
export function useEmailPreferences() {
  return useQuery({ ...emailPreferencesQueryOptions(), select: (data) => data.preferences });
}

export function useSaveEmailPreferences() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (changes: Partial<EmailPreferences>) => api<Answer>('/api/me/email-preferences', { method: 'PUT', body: changes }),
    onSuccess: (data) => queryClient.setQueryData(accountKeys.emailPreferences(), data),
  });
}
