import type { PaymentStatus } from '../../../../shared/schemas/payments.ts';
import { api } from '../../../lib/api.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { useRefreshPayments } from './refresh.ts';

/** The option a trainee pays by (null: none). */
export function useSetTraineeOption(courseId: string) {
  const refresh = useRefreshPayments(courseId);
  return useSingleFlightMutation({
    mutationFn: ({ userId, optionId }: { userId: string; optionId: string | null }) =>
      api<{ status: PaymentStatus }>(`/api/courses/${encodeURIComponent(courseId)}/trainees/${encodeURIComponent(userId)}/payment-option`, {
        method: 'PUT',
        body: { optionId },
      }),
    onSuccess: (_answer, { userId }) => refresh(userId),
  });
}
