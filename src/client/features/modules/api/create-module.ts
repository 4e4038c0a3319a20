import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModuleWithQuestions } from '../../../../shared/schemas/content.ts';
import { api } from '../../../lib/api.ts';
import { uploadImage } from '../../../lib/upload.ts';
import { invalidateCourseModuleLists } from './course-module-lists.ts';

export interface CreateModuleVariables {
  courseId: string;
  name: string;
  videoUrl: string;
  questions: string[];
  image: File;
  onImageProgress?: (percent: number) => void;
}

/** Uploads the picture, then creates the module at the end of its course. */
export async function createModule({ image, onImageProgress, ...input }: CreateModuleVariables) {
  const { id: imageId } = await uploadImage(image, onImageProgress);
  return api<{ module: ModuleWithQuestions }>('/api/modules', { method: 'POST', body: { ...input, imageId } });
}

export function useCreateModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createModule,
    onSuccess: (_data, { courseId }) => invalidateCourseModuleLists(queryClient, courseId),
    meta: { handlesOwnErrors: true },
  });
}
