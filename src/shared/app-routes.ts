// Every address of the web app, in one table: the client's routers draw a page for each (and
// 'Esta página no existe' for any other), and the server answers any other with 404. A segment
// `:somethingId` holds an id (shared/schemas/content.ts `idSchema`): an address whose id is
// malformed is not one of the app's, like an address the app does not have.

/** The pages of the signed-out, and those anyone reaches (the certificate's verification). */
export const publicRoutes = ['/', '/forgot-password', '/reset-password', '/crear-contrasena', '/verificar', '/verificar/:codigo'] as const;

/** Other names people type or follow for the login page: they lead to it. */
export const loginAliases = ['/login', '/ingresar'] as const;

/** A trainee's pages, in the order they are matched (a course's own pages after the fixed ones). */
export const studentRoutes = [
  '/inicio',
  '/courses',
  '/mi-cuenta',
  '/mi-cuenta/certificados',
  '/mi-cuenta/descargas',
  '/partidos/:matchId',
  '/partidos',
  '/:courseId',
  '/:courseId/modulos',
  '/:courseId/documentos',
  '/:courseId/practica',
  '/:courseId/asistencia',
  '/:courseId/:moduleId/modulo',
  '/:courseId/:moduleId/actividades',
  '/:courseId/:moduleId/preguntas',
  '/:courseId/:moduleId/jugadas',
  '/:courseId/:moduleId/examen/:examId',
] as const;
export type StudentRoute = (typeof studentRoutes)[number];

/** The instructors' side (`/admin` itself leads to its home). */
export const adminRoutes = [
  '/admin',
  '/admin/home',
  '/admin/users',
  '/admin/users/import',
  '/admin/mi-cuenta',
  '/admin/users-activities',
  '/admin/users-activities/:userId/cursos',
  '/admin/users-activities/:userId/cursos/:courseId',
  '/admin/users-activities/:userId/cursos/:courseId/modules',
  '/admin/users-activities/:userId/cursos/:courseId/modules/:moduleId',
  '/admin/review',
  '/admin/courses',
  '/admin/courses/:courseId',
  '/admin/create-course',
  '/admin/courses/:courseId/progreso',
  '/admin/courses/:courseId/banco',
  '/admin/courses/:courseId/jugadas',
  '/admin/courses/:courseId/examenes',
  '/admin/examenes/:examId/resultados',
  '/admin/courses/:courseId/clases',
  '/admin/courses/:courseId/clases/:lessonId',
  '/admin/courses/:courseId/clases/:lessonId/asistencia',
  '/admin/courses/:courseId/pagos',
  '/admin/courses/:courseId/aprobacion',
  '/admin/courses/:courseId/equipo',
  '/admin/courses/:courseId/registro',
  '/admin/courses/:courseId/partidos',
  '/admin/partidos/:matchId',
  '/admin/create-module',
  '/admin/upload-documents',
  '/admin/modules/:moduleId/jugadas',
  '/admin/question-modules',
  '/admin/question-modules/:moduleId',
] as const;
export type AdminRoute = (typeof adminRoutes)[number];

/** What an id looks like in an address (as `idSchema` checks it). */
const idSegment = /^[A-Za-z0-9_-]{1,64}$/;

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** A pattern's segments, split once (the server asks for every document it serves). */
const segmentsOf = new Map<string, readonly string[]>();
const segments = (pattern: string) => {
  let split = segmentsOf.get(pattern);
  if (!split) segmentsOf.set(pattern, (split = pattern.split('/')));
  return split;
};

/** Whether `path` (no query) is an address of `pattern`: fixed segments equal, ids well formed, other parameters not empty. */
export function matchesRoute(pattern: string, path: string): boolean {
  return matchesSegments(segments(pattern), path.split('/'));
}

function matchesSegments(want: readonly string[], have: readonly string[]): boolean {
  if (want.length !== have.length) return false;
  return want.every((segment, i) => {
    const actual = have[i]!;
    if (!segment.startsWith(':')) return segment === actual;
    if (actual === '') return false;
    return segment.endsWith('Id') ? idSegment.test(decoded(actual) ?? '') : decoded(actual) !== null;
  });
}

const everyRoute: readonly string[] = [...publicRoutes, ...loginAliases, ...studentRoutes, ...adminRoutes];

/** Whether the app has a page at `path` (a trailing slash aside). */
export function isAppPath(path: string): boolean {
  const bare = (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).split('/');
  return everyRoute.some((pattern) => matchesSegments(segments(pattern), bare));
}
