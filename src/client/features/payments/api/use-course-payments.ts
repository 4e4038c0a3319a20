import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CoursePayments } from '../../../../shared/schemas/payments.ts';
import { api } from '../../../lib/api.ts';
import { paymentKeys } from '../../../lib/query-keys.ts';

const base = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}`;

export const getCoursePayments = (courseId: string, signal?: AbortSignal) => api<CoursePayments>(`${base(courseId)}/payments`, { signal });

/** The address of 'Descargar CSV': every payment of the course. */
export const paymentsCsvUrl = (courseId: string) => `${base(courseId)}/payments.csv`;

/** Where a payment's receipt is served (to admins and to the trainee who paid). */
export const receiptUrl = (paymentId: string) => `/api/payments/${encodeURIComponent(paymentId)}/receipt`;

export const coursePaymentsQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: paymentKeys.ofCourse(courseId), queryFn: ({ signal }) => getCoursePayments(courseId, signal) });

/** The 'Pagos' page: the plan, each trainee and where they stand, the payments. */
export function useCoursePayments(courseId: string) {
  return useQuery(coursePaymentsQueryOptions(courseId));
}
