import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarAddress } from '../../../../shared/schemas/notices.ts';
import { api } from '../../../lib/api.ts';
import { accountKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

/** The person's private calendar address (made on the first visit). */
export function useCalendarAddress() {
  return useQuery({ queryKey: accountKeys.calendar(), queryFn: ({ signal }) => api<CalendarAddress>('/api/me/calendar', { signal }) });
}

/** 'Cambiar dirección': a new address; the old one stops working. */
export function useChangeCalendarAddress() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: () => api<CalendarAddress>('/api/me/calendar/address', { method: 'POST' }),
    onSuccess: (data) => queryClient.setQueryData(accountKeys.calendar(), data),
  });
}
