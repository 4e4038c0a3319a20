// What the signed-in person may do in each course, for hiding what they cannot (the server
// refuses it anyway): an administrator everything; someone on courses' teams what their roles
// allow, course by course (shared/course-roles.ts). Read from the courses' overview, which brings
// the person's roles in each of their courses.
import { may, type CourseAction, type Reader } from '../../shared/course-roles.ts';
import type { CourseOverview } from '../../shared/schemas/content.ts';
import { useSession } from './session.ts';
import { useCourseOverview } from './use-course-overview.ts';

/** The person's roles in one course, or 'admin'. */
export const readerOf = (course: Pick<CourseOverview, 'roles'>): Reader => course.roles ?? 'admin';

export { may };

/** What the person may do where: in one course (`in`), in some course (`somewhere`), the whole site (`admin`). */
export function useStaffReach() {
  const session = useSession();
  const overview = useCourseOverview();
  const admin = session.data?.role === 'admin';
  const courses = overview.data ?? [];
  return {
    admin,
    pending: overview.isPending,
    in: (courseId: string, action: CourseAction) => {
      if (admin) return true;
      const course = courses.find((candidate) => candidate.id === courseId);
      return course ? may(readerOf(course), action) : false;
    },
    somewhere: (action: CourseAction) => admin || courses.some((course) => may(readerOf(course), action)),
  };
}
