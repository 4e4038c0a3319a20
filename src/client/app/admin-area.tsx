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
import type { CourseAction } from '../../shared/course-roles.ts';
import { useStaffReach } from '../lib/course-roles.ts';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { lazyPage } from './lazy-page.ts';
import { paths } from '../lib/paths.ts';
import { ShellLayout } from './shell-layout.tsx';

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

/** The admin shell (top bar and side menu) around the admin pages. */
export function AdminArea() {
  const [location] = useLocation();
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
        <Route path="/admin/home" component={AdminHomePage} />
        <Route path="/admin/users" component={CreateUserPage} />
        <Route path="/admin/users/import" component={ImportUsersPage} />
        <Route path="/admin/mi-cuenta" component={MyAccountPage} />
        <Route path="/admin/users-activities" component={UsersActivitiesPage} />
        <Route path="/admin/users-activities/:userId/cursos" component={UserCoursesPage} />
        <Route path="/admin/users-activities/:userId/cursos/:courseId" component={TraineeRecordPage} />
        <Route path="/admin/users-activities/:userId/cursos/:courseId/modules" component={UserModulesPage} />
        <Route path="/admin/users-activities/:userId/cursos/:courseId/modules/:moduleId" component={ReviewActivityPage} />
        <Route path="/admin/review" component={ReviewQueuePage} />
        <Route path="/admin/courses" component={AdminCoursesPage} />
        <Route path="/admin/courses/:courseId" component={AdminCoursePage} />
        <Route path="/admin/create-course" component={CreateCoursePage} />
        <Route path="/admin/courses/:courseId/progreso" component={ProgressBoardPage} />
        <Route path="/admin/courses/:courseId/banco" component={AdminBankPage} />
        <Route path="/admin/courses/:courseId/jugadas" component={CourseJugadasPage} />
        <Route path="/admin/courses/:courseId/examenes" component={AdminExamsPage} />
        <Route path="/admin/examenes/:examId/resultados" component={ExamResultsPage} />
        <Route path="/admin/courses/:courseId/clases" component={LessonsPage} />
        <Route path="/admin/courses/:courseId/clases/:lessonId" component={LessonPage} />
        <Route path="/admin/courses/:courseId/clases/:lessonId/asistencia" component={AttendanceCodePage} />
        <Route path="/admin/courses/:courseId/pagos" component={PaymentsPage} />
        <Route path="/admin/courses/:courseId/aprobacion" component={ApprovalPage} />
        <Route path="/admin/courses/:courseId/equipo" component={TeamPage} />
        <Route path="/admin/courses/:courseId/registro" component={CourseLogPage} />
        <Route path="/admin/create-module" component={CreateModulePage} />
        <Route path="/admin/upload-documents" component={UploadDocumentsPage} />
        <Route path="/admin/modules/:moduleId/jugadas" component={AdminJugadasPage} />
        <Route path="/admin/question-modules" component={ForumModulesPage} />
        <Route path="/admin/question-modules/:moduleId" component={AdminForumPage} />
        <Route>
          <NotFoundPage homeTo={paths.adminHome()} />
        </Route>
      </Switch>
    </ShellLayout>
  );
}
