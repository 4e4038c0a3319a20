import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import type { ModuleWithQuestions } from '../../../../shared/schemas/content.ts';
import { api } from '../../../lib/api.ts';
import { moduleKeys } from '../../../lib/query-keys.ts';
import { uploadImage } from '../../../lib/upload.ts';
import { invalidateCourseModuleLists } from './course-module-lists.ts';
import type { ModuleVideoInput } from './upload-module-video.ts';

export interface UpdateModuleVariables {
  moduleId: string;
  courseId: string;
  name: string;
  /** The video: an address or an uploaded file's id. */
  video: ModuleVideoInput;
  /** The new question list, or undefined to leave the questions as they are. */
  questions?: string[];
  /** A new picture, or null to keep the current one. */
  image: File | null;
  onImageProgress?: (percent: number) => void;
}

/** Saves a module's name, video and questions, and its picture when a new one was picked. */
export async function updateModule({ moduleId, courseId: _courseId, image, onImageProgress, video, ...input }: UpdateModuleVariables) {
  const imageId = image ? (await uploadImage(image, onImageProgress)).id : undefined;
  return api<{ module: ModuleWithQuestions }>(`/api/modules/${encodeURIComponent(moduleId)}`, {
    method: 'PATCH',
    body: { ...input, ...video, ...(imageId ? { imageId } : {}) },
  });
}

export function useUpdateModule() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: updateModule,
    onSuccess: (_data, { courseId, moduleId }) =>
      Promise.all([
        invalidateCourseModuleLists(queryClient, courseId),
        queryClient.invalidateQueries({ queryKey: moduleKeys.detail(moduleId) }),
      ]),
    meta: { handlesOwnErrors: true },
  });
}
