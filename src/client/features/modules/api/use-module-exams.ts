import { useQuery } from '@tanstack/react-query';
import type { ExamLink } from '../../../../shared/schemas/exams.ts';
import { loadPage, pageUrls } from '../../../lib/page-data.ts';
import { examKeys } from '../../../lib/query-keys.ts';

/** The exams on a module's page: they come with the module page's data (no request of their own). */
export function useModuleExams(moduleId: string, enabled: boolean) {
  return useQuery({
    queryKey: examKeys.ofModule(moduleId),
    queryFn: () => loadPage<{ exams: ExamLink[] }>(pageUrls.module(moduleId)).then((data) => ({ exams: data.exams })),
    select: (data) => data.exams,
    enabled,
    // Not worth a notification: the module page works without its exam buttons.
    meta: { ahead: true },
  });
}
