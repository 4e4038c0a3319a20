import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import type { Course } from '../../../../shared/schemas/content.ts';
import { api } from '../../../lib/api.ts';
import { courseKeys, userKeys } from '../../../lib/query-keys.ts';
import { uploadImage } from '../../../lib/upload.ts';

export interface UpdateCourseVariables {
  courseId: string;
  name: string;
  description: string;
  /** A new picture, or null to keep the current one. */
  image: File | null;
  onImageProgress?: (percent: number) => void;
}

/** Saves a course's name and description, and its picture when a new one was picked. */
export async function updateCourse({ courseId, name, description, image, onImageProgress }: UpdateCourseVariables) {
  const imageId = image ? (await uploadImage(image, onImageProgress)).id : undefined;
  return api<{ course: Course }>(`/api/courses/${encodeURIComponent(courseId)}`, {
    method: 'PATCH',
    body: { name, description, ...(imageId ? { imageId } : {}) },
  });
}

export function useUpdateCourse() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: updateCourse,
    onSuccess: (_data, { courseId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: courseKeys.list() }),
        queryClient.invalidateQueries({ queryKey: courseKeys.overview() }),
        queryClient.invalidateQueries({ queryKey: courseKeys.detail(courseId) }),
        queryClient.invalidateQueries({ queryKey: userKeys.courseLists() }),
      ]),
    meta: { handlesOwnErrors: true },
  });
}
