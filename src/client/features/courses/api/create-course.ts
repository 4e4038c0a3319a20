import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Course } from '../../../../shared/schemas/content.ts';
import { api } from '../../../lib/api.ts';
import { courseKeys, userKeys } from '../../../lib/query-keys.ts';
import { uploadImage } from '../../../lib/upload.ts';

export interface CreateCourseVariables {
  name: string;
  description: string;
  image: File;
  onImageProgress?: (percent: number) => void;
}

/** Uploads the picture, then creates the course with it. */
export async function createCourse({ name, description, image, onImageProgress }: CreateCourseVariables) {
  const { id: imageId } = await uploadImage(image, onImageProgress);
  return api<{ course: Course }>('/api/courses', { method: 'POST', body: { name, description, imageId } });
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    // The course lists, and each student's list of courses to enable (the users feature).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: courseKeys.list() }),
        queryClient.invalidateQueries({ queryKey: userKeys.courseLists() }),
      ]),
    meta: { handlesOwnErrors: true },
  });
}
