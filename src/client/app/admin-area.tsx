import { Route, Switch, useLocation } from 'wouter';
import { NavLink } from '@mantine/core';
import { Link } from 'wouter';
import {
  IconBook2,
  IconChecklist,
  IconFileUpload,
  IconHome,
  IconSchool,
  IconLayoutList,
  IconMessages,
  IconUserCircle,
  IconUserPlus,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { adminRoutes, matchesRoute, type AdminRoute } from '../../shared/app-routes.ts';
import type { CourseAction } from '../../shared/course-roles.ts';
import { useStaffReach } from '../lib/course-roles.ts';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { lazyPage } from './lazy-page.ts';
import { paths } from '../lib/paths.ts';
import { ShellLayout } from './shell-layout.tsx';
import { loadMatchPage } from '../features/matches/stream-player.ts';

const AdminHomePage = lazyPage(() => import('../features/admin-home/admin-home-page.tsx'), 'AdminHomePage');
const CreateUserPage = lazyPage(() => import('../features/users/create-user-page.tsx'), 'CreateUserPage');
const MyAccountPage = lazyPage(() => import('../features/account/my-account-page.tsx'), 'MyAccountPage');
const ImportUsersPage = lazyPage(() => import('../features/users/import-users-page.tsx'), 'ImportUsersPage');
const UsersActivitiesPage = lazyPage(() => import('../features/users/users-activities-page.tsx'), 'UsersActivitiesPage');
const UserCoursesPage = lazyPage(() => import('../features/users/user-courses-page.tsx'), 'UserCoursesPage');
const UserModulesPage = lazyPage(() => import('../features/users/user-modules-page.tsx'), 'UserModulesPage');
const TraineeRecordPage = lazyPage(() => import('../features/record/trainee-record-page.tsx'), 'TraineeRecordPage');
const ReviewActivityPage = lazyPage(() => import('../features/activities/review-activity-page.tsx'), 'ReviewActivityPage');
const ReviewQueuePage = lazyPage(() => import('../features/activities/review-queue-page.tsx'), 'ReviewQueuePage');
const AdminCoursesPage = lazyPage(() => import('../features/courses/admin-courses-page.tsx'), 'AdminCoursesPage');
const AdminCoursePage = lazyPage(() => import('../features/courses/admin-course-page.tsx'), 'AdminCoursePage');
const CreateCoursePage = lazyPage(() => import('../features/courses/create-course-page.tsx'), 'CreateCoursePage');
const CreateModulePage = lazyPage(() => import('../features/modules/create-module-page.tsx'), 'CreateModulePage');
const UploadDocumentsPage = lazyPage(() => import('../features/documents/upload-documents-page.tsx'), 'UploadDocumentsPage');
const ForumModulesPage = lazyPage(() => import('../features/forum/forum-modules-page.tsx'), 'ForumModulesPage');
const ProgressBoardPage = lazyPage(() => import('../features/progress/progress-board-page.tsx'), 'ProgressBoardPage');
const AdminJugadasPage = lazyPage(() => import('../features/jugadas/admin-jugadas-page.tsx'), 'AdminJugadasPage');
const CourseJugadasPage = lazyPage(() => import('../features/jugadas/course-jugadas-page.tsx'), 'CourseJugadasPage');
const AdminForumPage = lazyPage(() => import('../features/forum/admin-forum-page.tsx'), 'AdminForumPage');
const AdminBankPage = lazyPage(() => import('../features/bank/admin-bank-page.tsx'), 'AdminBankPage');
const AdminExamsPage = lazyPage(() => import('../features/exams/admin-exams-page.tsx'), 'AdminExamsPage');
const ExamResultsPage = lazyPage(() => import('../features/exams/exam-results-page.tsx'), 'ExamResultsPage');
const LessonsPage = lazyPage(() => import('../features/lessons/lessons-page.tsx'), 'LessonsPage');
const LessonPage = lazyPage(() => import('../features/lessons/lesson-page.tsx'), 'LessonPage');
const AttendanceCodePage = lazyPage(() => import('../features/lessons/attendance-code-page.tsx'), 'AttendanceCodePage');
const PaymentsPage = lazyPage(() => import('../features/payments/payments-page.tsx'), 'PaymentsPage');
const ApprovalPage = lazyPage(() => import('../features/approval/approval-page.tsx'), 'ApprovalPage');

const TeamPage = lazyPage(() => import('../features/team/team-page.tsx'), 'TeamPage');
const CourseLogPage = lazyPage(() => import('../features/course-log/course-log-page.tsx'), 'CourseLogPage');
const CourseMatchesPage = lazyPage(() => import('../features/matches/course-matches-page.tsx'), 'CourseMatchesPage');
const MatchPage = lazyPage(loadMatchPage, 'MatchPage');

/** The menu: each entry for whoever may use it (`for`: an action in some course, or the site's administrators). */
const entries: Array<{ label: string; to: string; icon: Icon; for?: CourseAction | 'admin' }> = [
  { label: 'Inicio', to: paths.adminHome(), icon: IconHome },
  { label: 'Cursos', to: paths.adminCourses(), icon: IconSchool, for: 'curso.ver' },
  // An instructor creates the trainees of their courses (the page asks which).
  { label: 'Crear usuario', to: paths.adminCreateUser(), icon: IconUserPlus, for: 'alumnos.gestionar' },
  { label: 'Lista de Usuarios', to: paths.adminUsers(), icon: IconUsers, for: 'admin' },
  { label: 'Por corregir', to: paths.adminReview(), icon: IconChecklist, for: 'actividades.corregir' },
  { label: 'Responder Preguntas', to: paths.adminForumModules(), icon: IconMessages, for: 'foro.responder' },
  { label: 'Crear Curso', to: paths.adminCreateCourse(), icon: IconBook2, for: 'admin' },
  { label: 'Subir Documentos', to: paths.adminUploadDocuments(), icon: IconFileUpload, for: 'contenido.editar' },
  { label: 'Crear Módulo', to: paths.adminCreateModule(), icon: IconLayoutList, for: 'contenido.editar' },
  { label: 'Mi cuenta', to: paths.adminMyAccount(), icon: IconUserCircle },
];

/** The instructors' pages by route (shared/app-routes.ts: the server answers 404 to any other address). */
const pages: Record<Exclude<AdminRoute, '/admin'>, ComponentType> = {
  '/admin/home': AdminHomePage,
  '/admin/users': CreateUserPage,
  '/admin/users/import': ImportUsersPage,
  '/admin/mi-cuenta': MyAccountPage,
  '/admin/users-activities': UsersActivitiesPage,
  '/admin/users-activities/:userId/cursos': UserCoursesPage,
  '/admin/users-activities/:userId/cursos/:courseId': TraineeRecordPage,
  '/admin/users-activities/:userId/cursos/:courseId/modules': UserModulesPage,
  '/admin/users-activities/:userId/cursos/:courseId/modules/:moduleId': ReviewActivityPage,
  '/admin/review': ReviewQueuePage,
  '/admin/courses': AdminCoursesPage,
  '/admin/courses/:courseId': AdminCoursePage,
  '/admin/create-course': CreateCoursePage,
  '/admin/courses/:courseId/progreso': ProgressBoardPage,
  '/admin/courses/:courseId/banco': AdminBankPage,
  '/admin/courses/:courseId/jugadas': CourseJugadasPage,
  '/admin/courses/:courseId/examenes': AdminExamsPage,
  '/admin/examenes/:examId/resultados': ExamResultsPage,
  '/admin/courses/:courseId/clases': LessonsPage,
  '/admin/courses/:courseId/clases/:lessonId': LessonPage,
  '/admin/courses/:courseId/clases/:lessonId/asistencia': AttendanceCodePage,
  '/admin/courses/:courseId/pagos': PaymentsPage,
  '/admin/courses/:courseId/aprobacion': ApprovalPage,
  '/admin/courses/:courseId/equipo': TeamPage,
  '/admin/courses/:courseId/registro': CourseLogPage,
  '/admin/courses/:courseId/partidos': CourseMatchesPage,
  '/admin/partidos/:matchId': MatchPage,
  '/admin/create-module': CreateModulePage,
  '/admin/upload-documents': UploadDocumentsPage,
  '/admin/modules/:moduleId/jugadas': AdminJugadasPage,
  '/admin/question-modules': ForumModulesPage,
  '/admin/question-modules/:moduleId': AdminForumPage,
};

/** The route of `path` (a malformed id matches none). */
const routeAt = (path: string) =>
  adminRoutes.find((pattern): pattern is Exclude<AdminRoute, '/admin'> => pattern !== '/admin' && matchesRoute(pattern, path));

/** The admin shell (top bar and side menu) around the admin pages. */
export function AdminArea() {
  const [location] = useLocation();
  const route = routeAt(location);
  const reach = useStaffReach();
  const shown = entries.filter((entry) => !entry.for || (entry.for === 'admin' ? reach.admin : reach.somewhere(entry.for)));

  return (
    <ShellLayout
      title="Aula Virtual · Administración"
      menu={(close) => (
        <>
          {shown.map((entry) => (
            <NavLink
              key={entry.to}
              component={Link}
              href={entry.to}
              label={entry.label}
              active={location === entry.to}
              aria-current={location === entry.to ? 'page' : undefined}
              leftSection={<entry.icon size={18} aria-hidden />}
              onClick={close}
            />
          ))}
        </>
      )}
    >
      <Switch>
        {/* Only the route that matches by the app's own rules (an id well formed), so wouter gives its params. */}
        {route && <Route path={route} component={pages[route]} />}
        <Route>
          <NotFoundPage homeTo={paths.adminHome()} />
        </Route>
      </Switch>
    </ShellLayout>
  );
}
