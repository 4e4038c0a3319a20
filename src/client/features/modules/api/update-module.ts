import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import type { ModuleUpdateBody, ModuleWithQuestions } from '../../../../shared/schemas/content.ts';
import { api } from '../../../lib/api.ts';
import { moduleKeys } from '../../../lib/query-keys.ts';
import { uploadImage } from '../../../lib/upload.ts';
import { invalidateCourseModuleLists } from './course-module-lists.ts';
import { saveCaptions, type CaptionsChange } from './module-captions.ts';

export interface UpdateModuleVariables {
  moduleId: string;
  courseId: string;
  /** The fields to save; without `questions`, the questions stay as they are. */
  body: ModuleUpdateBody;
  /** A new picture, or null to keep the current one. */
  image: File | null;
  onImageProgress?: (percent: number) => void;
  /** 'Subtítulos (.vtt)' chosen or removed, saved after the fields (a new video starts without captions). */
  captions?: CaptionsChange;
}

/** Saves a module's name, video and questions, and its picture when a new one was picked. */
export async function updateModule({ moduleId, body, image, onImageProgress, captions }: UpdateModuleVariables) {
  const imageId = image ? (await uploadImage(image, onImageProgress)).id : undefined;
  const saved = await api<{ module: ModuleWithQuestions }>(`/api/modules/${encodeURIComponent(moduleId)}`, {
    method: 'PATCH',
    body: { ...body, ...(imageId ? { imageId } : {}) },
  });
  const withCaptions = captions ? await saveCaptions(moduleId, captions) : null;
  return { module: withCaptions ?? saved.module };
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
