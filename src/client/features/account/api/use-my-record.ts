import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyRecord } from '../../../../shared/schemas/record.ts';
import { api } from '../../../lib/api.ts';
import { recordKeys } from '../../../lib/query-keys.ts';

export const getMyRecord = (signal?: AbortSignal) => api<MyRecord>('/api/me/record', { signal });

export const myRecordQueryOptions = () => queryOptions({ queryKey: recordKeys.mine(), queryFn: ({ signal }) => getMyRecord(signal) });

/** The signed-in trainee's own record in each of their courses: standing, exams, licence, attendance, plan and payments, physical test, observations. */
export function useMyRecord() {
  return useQuery({ ...myRecordQueryOptions(), select: (data) => data.courses });
}
