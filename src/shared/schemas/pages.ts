// What each page a student opens most gets in one request: the signed-in user and every piece
// the page shows. The client files each piece under its own query key, so navigating to another
// page reuses what it already holds.
import * as z from 'zod/mini';
import { activitySchema } from './activities.ts';
import { sessionUserSchema } from './auth.ts';
import { courseSchema, moduleWithQuestionsSchema, studentModuleDetailSchema, studentModuleSchema } from './content.ts';
import { attemptSchema, examLinkSchema, studentExamSchema } from './exams.ts';

/** /inicio: the courses enabled for the student (every course for an admin). */
export const homePageSchema = z.object({ user: sessionUserSchema, courses: z.array(courseSchema) });
export type HomePage = z.infer<typeof homePageSchema>;

/** /{courseId}/modulos: the course's modules with the student's state in each. */
export const courseModulesPageSchema = z.object({ user: sessionUserSchema, modules: z.array(studentModuleSchema) });
export type CourseModulesPage = z.infer<typeof courseModulesPageSchema>;

/** /{courseId}/{moduleId}/modulo: the module (with its questions for an admin) and its course's module list. */
export const modulePageSchema = z.object({
  user: sessionUserSchema,
  // A student's first: the answer is checked against the union on every request, and a failed
  // branch costs as much as a pass.
  module: z.union([studentModuleDetailSchema, moduleWithQuestionsSchema]),
  modules: z.array(studentModuleSchema),
  /** The module's rules exams, each a button on the page. */
  exams: z.array(examLinkSchema),
});
export type ModulePage = z.infer<typeof modulePageSchema>;

/**
 * /{courseId}/{moduleId}/examen/{examId}: where the trainee stands with the exam, and their open
 * attempt (its questions, answers and the seconds left when the server answered), if any.
 */
export const examPageSchema = z.object({ user: sessionUserSchema, exam: studentExamSchema, attempt: z.nullable(attemptSchema) });
export type ExamPage = z.infer<typeof examPageSchema>;

/** /{courseId}/{moduleId}/actividades: the student's own activity of the module. */
export const activitiesPageSchema = z.object({ user: sessionUserSchema, activity: activitySchema });
export type ActivitiesPage = z.infer<typeof activitiesPageSchema>;
