import { Link, Route, Switch, useLocation } from 'wouter';
import { NavLink } from '@mantine/core';
import { IconDoorExit, IconFiles, IconHome, IconLayoutList, IconUserCircle } from '@tabler/icons-react';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { lazyPage, matchesRoute, type LazyPage } from './lazy-page.ts';
import { paths } from '../lib/paths.ts';
import { ShellLayout } from './shell-layout.tsx';

const StudentHomePage = lazyPage(() => import('../features/courses/student-home-page.tsx'), 'StudentHomePage');
const CoursesPage = lazyPage(() => import('../features/courses/courses-page.tsx'), 'CoursesPage');
const CourseWelcomePage = lazyPage(() => import('../features/courses/course-welcome-page.tsx'), 'CourseWelcomePage');
const CourseModulesPage = lazyPage(() => import('../features/modules/course-modules-page.tsx'), 'CourseModulesPage');
const CourseDocumentsPage = lazyPage(() => import('../features/documents/course-documents-page.tsx'), 'CourseDocumentsPage');
const ModulePage = lazyPage(() => import('../features/modules/module-page.tsx'), 'ModulePage');
const ActivitiesPage = lazyPage(() => import('../features/activities/activities-page.tsx'), 'ActivitiesPage');
const JugadasPage = lazyPage(() => import('../features/jugadas/jugadas-page.tsx'), 'JugadasPage');
const ModuleForumPage = lazyPage(() => import('../features/forum/module-forum-page.tsx'), 'ModuleForumPage');

const MyAccountPage = lazyPage(() => import('../features/account/my-account-page.tsx'), 'MyAccountPage');

/** The student pages by route, in the order they are matched. */
const pages: [path: string, page: LazyPage][] = [
  ['/inicio', StudentHomePage],
  ['/courses', CoursesPage],
  ['/mi-cuenta', MyAccountPage],
  ['/:courseId', CourseWelcomePage],
  ['/:courseId/modulos', CourseModulesPage],
  ['/:courseId/documentos', CourseDocumentsPage],
  ['/:courseId/:moduleId/modulo', ModulePage],
  ['/:courseId/:moduleId/actividades', ActivitiesPage],
  ['/:courseId/:moduleId/preguntas', ModuleForumPage],
  ['/:courseId/:moduleId/jugadas', JugadasPage],
];

/** Loads the code of the student page at `path` (if any), so it renders without a fallback. */
export function preloadStudentPage(path: string): Promise<void> {
  return pages.find(([pattern]) => matchesRoute(pattern, path))?.[1].preload() ?? Promise.resolve();
}

const namedStudentRoutes = new Set(['inicio', 'courses', 'mi-cuenta']);

/** The course being viewed, read from the address (`/{courseId}/...`), if any. */
function useCurrentCourseId(): string | undefined {
  const [location] = useLocation();
  const first = decodeURIComponent(location.split('/')[1] ?? '');
  return first && !namedStudentRoutes.has(first) ? first : undefined;
}

/** The student shell (top bar and side menu) around the student pages. */
export function StudentArea() {
  const [location] = useLocation();
  const courseId = useCurrentCourseId();

  const link = (label: string, to: string, Icon: typeof IconHome, close: () => void, enabled = true) =>
    enabled ? (
      <NavLink
        component={Link}
        href={to}
        label={label}
        active={location === to}
        aria-current={location === to ? 'page' : undefined}
        leftSection={<Icon size={18} aria-hidden />}
        onClick={close}
      />
    ) : (
      // Outside a course there is nowhere to go: shown, but not a link.
      <NavLink
        component="div"
        label={label}
        description="Elegí un curso primero"
        disabled
        aria-disabled
        leftSection={<Icon size={18} aria-hidden />}
      />
    );

  return (
    <ShellLayout
      title="Aula Virtual"
      menu={(close) => (
        <>
          {link('Inicio', paths.studentHome(), IconHome, close)}
          {/* Módulos, Documentos and Salir del curso act on the course being viewed. */}
          {link('Módulos', courseId ? paths.courseModules(courseId) : paths.studentHome(), IconLayoutList, close, Boolean(courseId))}
          {link('Documentos', courseId ? paths.courseDocuments(courseId) : paths.studentHome(), IconFiles, close, Boolean(courseId))}
          {courseId && link('Salir del curso', paths.studentHome(), IconDoorExit, close)}
          {link('Mi cuenta', paths.myAccount(), IconUserCircle, close)}
        </>
      )}
    >
      <Switch>
        {pages.map(([path, page]) => (
          <Route key={path} path={path} component={page} />
        ))}
        <Route>
          <NotFoundPage homeTo={paths.studentHome()} />
        </Route>
      </Switch>
    </ShellLayout>
  );
}
