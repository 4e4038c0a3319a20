import { useQueryClient } from '@tanstack/react-query';
import { paymentKeys, progressKeys, recordKeys, userKeys } from '../../../lib/query-keys.ts';

/**
 * What a change of payments moves: the 'Pagos' page, the class board's payments column and, for a
 * trainee, their page and their module list (a payment may have enabled modules).
 */
export function useRefreshPayments(courseId: string) {
  const queryClient = useQueryClient();
  return (userId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: paymentKeys.ofCourse(courseId) }),
      queryClient.invalidateQueries({ queryKey: progressKeys.ofCourse(courseId) }),
      ...(userId
        ? [
            queryClient.invalidateQueries({ queryKey: recordKeys.ofTrainee(courseId, userId) }),
            queryClient.invalidateQueries({ queryKey: userKeys.modules(userId, courseId) }),
            queryClient.invalidateQueries({ queryKey: userKeys.courses(userId) }),
          ]
        : [queryClient.invalidateQueries({ queryKey: recordKeys.all })]),
    ]);
}
