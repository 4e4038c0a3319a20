import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportPreview, ImportResult } from '../../../../shared/schemas/users.ts';
import { userKeys } from '../../../lib/query-keys.ts';
import { upload } from '../../../lib/upload.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

export interface ClassListInput {
  file: File;
  courseId: string | null;
}

/** The course goes before the file: the server reads the fields first. */
function classListForm({ file, courseId }: ClassListInput) {
  const form = new FormData();
  if (courseId) form.append('courseId', courseId);
  form.append('file', file, file.name);
  return form;
}

/** Checks the file row by row; writes nothing. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (input: ClassListInput) => upload<ImportPreview>('/api/users/import/preview', classListForm(input)),
    meta: { handlesOwnErrors: true },
  });
}

/** 'Importar': creates the valid rows and sends their invitations. */
export function useImportUsers() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (input: ClassListInput) => upload<ImportResult>('/api/users/import', classListForm(input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
    meta: { handlesOwnErrors: true },
  });
}
