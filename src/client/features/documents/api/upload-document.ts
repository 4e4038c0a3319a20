import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import type { CourseDocument } from '../../../../shared/schemas/content.ts';
import { upload } from '../../../lib/upload.ts';
import { documentKeys } from '../../../lib/query-keys.ts';

export interface UploadDocumentVariables {
  courseId: string;
  name: string;
  file: File;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export function uploadDocument({ courseId, name, file, onProgress, signal }: UploadDocumentVariables) {
  const body = new FormData();
  // The server reads the fields before the file: the name must come first.
  body.append('name', name);
  body.append('file', file, file.name);
  return upload<{ document: CourseDocument }>(`/api/courses/${encodeURIComponent(courseId)}/documents`, body, { onProgress, signal });
}

/** Lets the page tell an upload is under way (to keep the course fixed meanwhile). */
export const uploadDocumentMutationKey = ['upload-document'] as const;

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationKey: uploadDocumentMutationKey,
    mutationFn: uploadDocument,
    onSuccess: (_data, { courseId }) => queryClient.invalidateQueries({ queryKey: documentKeys.ofCourse(courseId) }),
    meta: { handlesOwnErrors: true },
  });
}
