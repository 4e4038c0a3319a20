import { useMutation } from '@tanstack/react-query';
import type { BankImportPreview, BankImportResult } from '../../../../shared/schemas/exams.ts';
import { upload } from '../../../lib/upload.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { useRefreshBank } from './save-question.ts';

export interface ImportInput {
  file: File;
  edition: number;
}

/** The edition goes before the file: the server reads the fields first. */
function importForm({ file, edition }: ImportInput) {
  const form = new FormData();
  form.append('edition', String(edition));
  form.append('file', file, file.name);
  return form;
}

const importPath = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}/bank/import`;

/** Checks the file row by row; writes nothing. */
export function usePreviewImport(courseId: string) {
  return useMutation({
    mutationFn: (input: ImportInput) => upload<BankImportPreview>(`${importPath(courseId)}/preview`, importForm(input)),
    meta: { handlesOwnErrors: true },
  });
}

/** 'Importar': writes the valid rows in one go. */
export function useImportQuestions(courseId: string) {
  const refresh = useRefreshBank(courseId);
  return useSingleFlightMutation({
    mutationFn: (input: ImportInput) => upload<BankImportResult>(importPath(courseId), importForm(input)),
    onSuccess: refresh,
    meta: { handlesOwnErrors: true },
  });
}
