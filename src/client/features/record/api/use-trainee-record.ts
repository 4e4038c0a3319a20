import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TraineeRecord } from '../../../../shared/schemas/record.ts';
import { api } from '../../../lib/api.ts';
import { recordKeys } from '../../../lib/query-keys.ts';

export const getTraineeRecord = (courseId: string, userId: string, signal?: AbortSignal) =>
  api<TraineeRecord>(`/api/courses/${encodeURIComponent(courseId)}/trainees/${encodeURIComponent(userId)}/record`, { signal });

export const traineeRecordQueryOptions = (courseId: string, userId: string) =>
  queryOptions({ queryKey: recordKeys.ofTrainee(courseId, userId), queryFn: ({ signal }) => getTraineeRecord(courseId, userId, signal) });

/** The trainee's page: everything about one trainee in one course. */
export function useTraineeRecord(courseId: string, userId: string) {
  return useQuery(traineeRecordQueryOptions(courseId, userId));
}
