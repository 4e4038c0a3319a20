import { useQueryClient } from '@tanstack/react-query';
import type { Course } from '../../../../shared/schemas/content.ts';
import { api } from '../../../lib/api.ts';
import { courseKeys, userKeys } from '../../../lib/query-keys.ts';
import { uploadImage } from '../../../lib/upload.ts';
import { useIdempotencyKeys } from '../../../lib/idempotency-key.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

export interface CreateCourseVariables {
  name: string;
  description: string;
  image: File;
  onImageProgress?: (percent: number) => void;
}

/** Uploads the picture, then creates the course with it. */
export async function createCourse(
  { name, description, image, onImageProgress }: CreateCourseVariables,
  keyFor?: (body: unknown) => string,
) {
  const { id: imageId } = await uploadImage(image, onImageProgress);
  const body = { name, description, imageId };
  return api<{ course: Course }>('/api/courses', { method: 'POST', body, idempotencyKey: keyFor?.(body) });
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useSingleFlightMutation({
    mutationFn: (variables: CreateCourseVariables) => createCourse(variables, keys.keyFor),
    // The course lists, and each student's list of courses to enable (the users feature).
    onSuccess: () => {
      keys.done();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: courseKeys.list() }),
        queryClient.invalidateQueries({ queryKey: courseKeys.overview() }),
        queryClient.invalidateQueries({ queryKey: userKeys.courseLists() }),
      ]);
    },
    meta: { handlesOwnErrors: true },
  });
}
