import { useQueryClient } from '@tanstack/react-query';
import type { ModuleWithQuestions } from '../../../../shared/schemas/content.ts';
import { api } from '../../../lib/api.ts';
import { uploadImage } from '../../../lib/upload.ts';
import { useIdempotencyKeys } from '../../../lib/idempotency-key.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { invalidateCourseModuleLists } from './course-module-lists.ts';
import type { ModuleBody } from '../module-form-schema.ts';
import { saveCaptions, type CaptionsChange } from './module-captions.ts';

export interface CreateModuleVariables {
  courseId: string;
  body: ModuleBody;
  image: File;
  onImageProgress?: (percent: number) => void;
  /** 'Subtítulos (.vtt)' of the uploaded video, sent once the module exists. */
  captions?: CaptionsChange;
}

/** Uploads the picture, then creates the module at the end of its course. */
export async function createModule(
  { courseId, body, image, onImageProgress, captions }: CreateModuleVariables,
  keyFor?: (body: unknown) => string,
) {
  const { id: imageId } = await uploadImage(image, onImageProgress);
  const input = { courseId, ...body, imageId };
  const created = await api<{ module: ModuleWithQuestions }>('/api/modules', {
    method: 'POST',
    body: input,
    idempotencyKey: keyFor?.(input),
  });
  const withCaptions = captions ? await saveCaptions(created.module.id, captions) : null;
  return { module: withCaptions ?? created.module };
}

export function useCreateModule() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useSingleFlightMutation({
    mutationFn: (variables: CreateModuleVariables) => createModule(variables, keys.keyFor),
    onSuccess: (_data, { courseId }) => {
      keys.done();
      return invalidateCourseModuleLists(queryClient, courseId);
    },
    meta: { handlesOwnErrors: true },
  });
}
