import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Course } from '../../../../shared/schemas/content.ts';
import { coursesQueryKey } from '../../../lib/use-courses.ts';
import { api } from '../../../lib/api.ts';
import { uploadImage } from '../../../lib/upload.ts';
import { invalidateUserCourseLists } from './user-course-lists.ts';

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
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: coursesQueryKey, exact: true }), invalidateUserCourseLists(queryClient)]),
    // The form shows the failure itself.
    onError: () => undefined,
  });
}
