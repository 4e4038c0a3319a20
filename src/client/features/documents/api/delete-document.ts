import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { api } from '../../../lib/api.ts';
import { documentKeys } from '../../../lib/query-keys.ts';

export interface DeleteDocumentVariables {
  documentId: string;
  courseId: string;
}

export const deleteDocument = ({ documentId }: DeleteDocumentVariables) =>
  api<void>(`/api/documents/${encodeURIComponent(documentId)}`, { method: 'DELETE' });

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: deleteDocument,
    onSuccess: (_data, { courseId }) => queryClient.invalidateQueries({ queryKey: documentKeys.ofCourse(courseId) }),
  });
}
