import { useSearchParams } from 'wouter';

/**
 * The course an admin page is about, kept in the address (`?curso=`): a link from the course's
 * page opens on it, and a reload or the back button keep it.
 */
export function useCourseParam(): [courseId: string | null, setCourseId: (courseId: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const courseId = params.get('curso');
  return [courseId, (id) => setParams(id ? { curso: id } : {}, { replace: true })];
}
