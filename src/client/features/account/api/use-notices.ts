import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoticePreferences, PushSubscriptionInput } from '../../../../shared/schemas/notices.ts';
import { api } from '../../../lib/api.ts';
import { accountKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

type PreferencesAnswer = { preferences: NoticePreferences };
type PushStatus = { publicKey: string; endpoints: string[] };

export const noticePreferencesQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.noticePreferences(),
    queryFn: ({ signal }) => api<PreferencesAnswer>('/api/me/notice-preferences', { signal }),
  });

/** Per kind: whether it comes as a notice on the phone and how by email. */
export function useNoticePreferences() {
  return useQuery({ ...noticePreferencesQueryOptions(), select: (data) => data.preferences });
}

export function useSaveNoticePreferences() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (changes: Partial<NoticePreferences>) =>
      api<PreferencesAnswer>('/api/me/notice-preferences', { method: 'PUT', body: changes }),
    onSuccess: (data) => {
      queryClient.setQueryData(accountKeys.noticePreferences(), data);
      // The email choices are the same row.
      void queryClient.invalidateQueries({ queryKey: accountKeys.emailPreferences() });
    },
  });
}

/** The server's key to subscribe with, and the phones of this person it sends notices to. */
export function usePushStatus() {
  return useQuery({ queryKey: accountKeys.push(), queryFn: ({ signal }) => api<PushStatus>('/api/me/push', { signal }) });
}

export function useSavePushSubscription() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (subscription: PushSubscriptionInput) => api<void>('/api/me/push/subscription', { method: 'PUT', body: subscription }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.push() }),
  });
}

export function useDeletePushSubscription() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (endpoint: string) => api<void>('/api/me/push/subscription', { method: 'DELETE', body: { endpoint } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.push() }),
  });
}
