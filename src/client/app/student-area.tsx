import { useEffect, useState, type ComponentType } from 'react';
import { Link, Route, Switch, useLocation } from 'wouter';
import { NavLink } from '@mantine/core';
import { IconCards, IconDoorExit, IconFiles, IconHome, IconLayoutList, IconUserCircle, IconVideo } from '@tabler/icons-react';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { matchesRoute, studentRoutes, type StudentRoute } from '../../shared/app-routes.ts';
import { lazyPage, type LazyPage } from './lazy-page.ts';
import { paths } from '../lib/paths.ts';
import { ShellLayout } from './shell-layout.tsx';
import { useDownloadRevalidation } from '../lib/offline/use-downloads.ts';
import { useQueueNeeded } from '../lib/offline-queue/presence.ts';
import { useSession } from '../lib/session.ts';
import { useQuery } from '@tanstack/react-query';
import { coursesQueryOptions } from '../lib/use-courses.ts';
import { loadMatchPage } from '../features/matches/stream-player.ts';

/**
 * The panel of writes waiting for signal or refused, once the line of writes is needed: its code
 * is asked for then, and it shows when it arrives (outside any Suspense, so no page waits for it).
 */
function usePendingWritesPanel(needed: boolean): ComponentType | null {
  const [Panel, setPanel] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!needed || Panel) return;
    let live = true;
    void import('../components/pending-writes.tsx').then((module) => live && setPanel(() => module.PendingWrites));
    return () => {
      live = false;
    };
  }, [needed, Panel]);
  return Panel;
}

/** A download removed because its module is no longer open to the trainee: they are told why. */
const tellDownloadRemoved = (message: string) =>
  void import('../components/notify.ts').then(({ notify }) => notify('Descarga quitada', message, 'gray'));

const StudentHomePage = lazyPage(() => import('../features/courses/student-home-page.tsx'), 'StudentHomePage');
const CoursesPage = lazyPage(() => import('../features/courses/courses-page.tsx'), 'CoursesPage');
const CourseWelcomePage = lazyPage(() => import('../features/courses/course-welcome-page.tsx'), 'CourseWelcomePage');
const CourseModulesPage = lazyPage(() => import('../features/modules/course-modules-page.tsx'), 'CourseModulesPage');
const CourseDocumentsPage = lazyPage(() => import('../features/documents/course-documents-page.tsx'), 'CourseDocumentsPage');
const ModulePage = lazyPage(() => import('../features/modules/module-page.tsx'), 'ModulePage');
const ActivitiesPage = lazyPage(() => import('../features/activities/activities-page.tsx'), 'ActivitiesPage');
const JugadasPage = lazyPage(() => import('../features/jugadas/jugadas-page.tsx'), 'JugadasPage');
const ModuleForumPage = lazyPage(() => import('../features/forum/module-forum-page.tsx'), 'ModuleForumPage');
const PracticePage = lazyPage(() => import('../features/practice/practice-page.tsx'), 'PracticePage');
const ExamPage = lazyPage(() => import('../features/exams/exam-page.tsx'), 'ExamPage');
const MarkAttendancePage = lazyPage(() => import('../features/lessons/mark-attendance-page.tsx'), 'MarkAttendancePage');

const MyAccountPage = lazyPage(() => import('../features/account/my-account-page.tsx'), 'MyAccountPage');
const MyCertificatesPage = lazyPage(() => import('../features/certificates/my-certificates-page.tsx'), 'MyCertificatesPage');
const MyDownloadsPage = lazyPage(() => import('../features/downloads/my-downloads-page.tsx'), 'MyDownloadsPage');
const MatchPage = lazyPage(loadMatchPage, 'MatchPage');
const MyMatchesPage = lazyPage(() => import('../features/matches/my-matches-page.tsx'), 'MyMatchesPage');

/** The student pages by route (shared/app-routes.ts: the server answers 404 to any other address). */
const pages: Record<StudentRoute, LazyPage> = {
  '/inicio': StudentHomePage,
  '/courses': CoursesPage,
  '/mi-cuenta': MyAccountPage,
  '/mi-cuenta/certificados': MyCertificatesPage,
  '/mi-cuenta/descargas': MyDownloadsPage,
  '/partidos/:matchId': MatchPage,
  '/partidos': MyMatchesPage,
  '/:courseId': CourseWelcomePage,
  '/:courseId/modulos': CourseModulesPage,
  '/:courseId/documentos': CourseDocumentsPage,
  '/:courseId/practica': PracticePage,
  '/:courseId/asistencia': MarkAttendancePage,
  '/:courseId/:moduleId/modulo': ModulePage,
  '/:courseId/:moduleId/actividades': ActivitiesPage,
  '/:courseId/:moduleId/preguntas': ModuleForumPage,
  '/:courseId/:moduleId/jugadas': JugadasPage,
  '/:courseId/:moduleId/examen/:examId': ExamPage,
};

/** The route of `path`, in the table's order (a malformed id matches none). */
const routeAt = (path: string) => studentRoutes.find((pattern) => matchesRoute(pattern, path));

const pageAt = (path: string) => {
  const route = routeAt(path);
  return route ? pages[route] : undefined;
};

/** Loads the code of the student page at `path` (if any), so it renders without a fallback. */
export function preloadStudentPage(path: string): Promise<void> {
  return pageAt(path)?.preload() ?? Promise.resolve();
}

/** Where a student usually goes next from a page: that page's code loads while they look at this one. */
const nextPages = new Map<LazyPage, LazyPage[]>([
  [StudentHomePage, [CourseModulesPage]],
  [CourseModulesPage, [ModulePage]],
  [ModulePage, [ActivitiesPage]],
]);

/** Once the page at `location` is shown and the browser is idle, the code of the pages it leads to. */
function usePreloadNextPages(location: string) {
  useEffect(() => {
    const current = pageAt(location);
    const next = (current && nextPages.get(current)) ?? [];
    if (next.length === 0) return;
    const load = () => next.forEach((page) => void page.preload().catch(() => undefined));
    // Safari has no requestIdleCallback.
    if (!('requestIdleCallback' in window)) {
      const timer = setTimeout(load, 200);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(load);
    return () => window.cancelIdleCallback(handle);
  }, [location]);
}

/** The course being viewed, read from the address (`/{courseId}/...`), if the address is one of a course's pages. */
function useCurrentCourseId(): string | undefined {
  const [location] = useLocation();
  if (!routeAt(location)?.startsWith('/:courseId')) return undefined;
  return decodeURIComponent(location.split('/')[1] ?? '');
}

/** The student shell (top bar and side menu) around the student pages. */
export function StudentArea() {
  const [location] = useLocation();
  const viewedCourseId = useCurrentCourseId();
  // Outside a course, a trainee with exactly one course has the menu of that one (read only there).
  const courses = useQuery({ ...coursesQueryOptions(), enabled: !viewedCourseId, select: (data) => data.courses });
  const courseId = viewedCourseId ?? (courses.data?.length === 1 ? courses.data[0]!.id : undefined);
  usePreloadNextPages(location);
  const route = routeAt(location);
  useDownloadRevalidation(tellDownloadRemoved);
  const PendingWrites = usePendingWritesPanel(useQueueNeeded(useSession().data?.id ?? null));

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
          {/* Módulos, Documentos, Practicar reglamento and Salir del curso act on the course being viewed. */}
          {link('Módulos', courseId ? paths.courseModules(courseId) : paths.studentHome(), IconLayoutList, close, Boolean(courseId))}
          {link('Documentos', courseId ? paths.courseDocuments(courseId) : paths.studentHome(), IconFiles, close, Boolean(courseId))}
          {link('Practicar reglamento', courseId ? paths.practice(courseId) : paths.studentHome(), IconCards, close, Boolean(courseId))}
          {viewedCourseId && link('Salir del curso', paths.studentHome(), IconDoorExit, close)}
          {link('Mis partidos', paths.myMatches(), IconVideo, close)}
          {link('Mi cuenta', paths.myAccount(), IconUserCircle, close)}
        </>
      )}
    >
      {/* The changes waiting on the phone for signal, and those the server refused. */}
      {PendingWrites && <PendingWrites />}
      <Switch>
        {/* Only the route that matches by the app's own rules (an id well formed), so wouter gives its params. */}
        {route && <Route path={route} component={pages[route]} />}
        <Route>
          <NotFoundPage homeTo={paths.studentHome()} />
        </Route>
      </Switch>
    </ShellLayout>
  );
}
