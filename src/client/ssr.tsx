// The server's render of a student's page (built by `npm run build` into dist/server): the same
// components as the app, with the page's data the document also carries, so the page (the
// module's video first of all) shows as the document arrives and the app takes it over
// (hydrates it) where it stands.
import { renderToString } from 'react-dom/server';
import { pageDataUrl } from '../shared/page-data.ts';
import type { StudentModule, StudentModuleDetail } from '../shared/schemas/content.ts';
import type { CourseModulesPage, HomePage, ModulePage } from '../shared/schemas/pages.ts';
import { App } from './app/app.tsx';
import { preloadRoute } from './app/router.tsx';
import { isPageData, seedPage } from './lib/page-data.ts';
import { paths } from './lib/paths.ts';
import { createQueryClient } from './lib/query-client.ts';

/**
 * The HTML of the page at `path`, for the data `data` of its data route `url`, or '' when that
 * is not a page's answer. `origin` is the app's public origin.
 */
export async function renderPage(path: string, url: string, data: unknown, origin: string): Promise<string> {
  if (!isPageData(data)) return '';
  const queryClient = createQueryClient();
  seedPage(queryClient, data, url);
  // The page's code, loaded once per process: the render then has nothing to wait for.
  await preloadRoute(path);
  return renderToString(<App queryClient={queryClient} server={{ path, origin }} />);
}

/**
 * The code of every page the server renders, loaded as the server starts: the first visit after a
 * restart does not wait for it (the first module page's render took 40 ms instead of 18).
 */
export async function preloadPages(): Promise<void> {
  await Promise.all([paths.studentHome(), paths.courseModules('curso'), paths.module('curso', 'modulo')].map(preloadRoute));
}

// --- Drawn before the first student asks ---------------------------------------------------

const sampleUser = { id: 'muestra', name: 'Alumno de muestra', email: 'muestra@aula.invalid', role: 'student', staff: false } as const;
const sampleListed = (position: number, enabled: boolean): StudentModule => ({
  id: `modulo-${position}`,
  name: `Módulo ${position}`,
  imageUrl: '',
  position,
  archived: false,
  enabled,
  progress: enabled ? 'enviado' : null,
  jugadas: enabled ? { correct: 2, total: 3 } : null,
  watchedPercent: enabled ? 40 : null,
  // The first module's exam, never taken: whether it is open now is the browser's to say after it takes the page over.
  exams:
    enabled && position === 1
      ? [
          {
            id: 'examen',
            title: 'Examen de reglas',
            opensAt: null,
            closesAt: null,
            attempts: 2,
            waitHours: 0,
            attemptsUsed: 0,
            lastSubmittedAt: null,
            passed: false,
            openAttemptEndsAt: null,
          },
        ]
      : [],
});
const sampleModules = [sampleListed(1, true), sampleListed(2, true), sampleListed(3, false)];
const sampleModule: StudentModuleDetail = {
  ...sampleListed(1, true),
  courseId: 'curso',
  videoUrl: 'https://youtu.be/aaaaaaaaaaa',
  videoFile: null,
  videoRenditions: [],
  posterUrl: null,
  captionsUrl: null,
  watched: { percent: 40, seconds: 120, duration: 300, position: 120 },
};

/** A made-up page of each kind the server draws, with what its data route answers (the schemas' types keep them whole). */
export const samplePages = [
  {
    path: paths.module('curso', sampleModule.id),
    url: pageDataUrl('module', sampleModule.id),
    data: {
      user: sampleUser,
      module: sampleModule,
      modules: sampleModules,
      exams: [{ id: 'examen', title: 'Examen de reglas' }],
    } satisfies ModulePage,
  },
  {
    path: paths.courseModules('curso'),
    url: pageDataUrl('courseModules', 'curso'),
    data: { user: sampleUser, modules: sampleModules } satisfies CourseModulesPage,
  },
  {
    path: paths.studentHome(),
    url: pageDataUrl('home'),
    data: {
      user: sampleUser,
      courses: [{ id: 'curso', name: 'Curso de árbitros', description: 'Curso de muestra', imageUrl: '' }],
    } satisfies HomePage,
  },
];

let warming: Promise<void> | undefined;

/**
 * Draws each sample page a few times, once per process, as the server starts: the first render of
 * a page after a start took six times as long as the third (46, 23, then 7 ms: code compiled and
 * styles set up on first use), and the first student to open the course after a restart waited
 * for it. Not awaited by the server: a request that comes meanwhile is drawn as before.
 */
export function warmUp(): Promise<void> {
  warming ??= (async () => {
    for (let round = 0; round < 3; round++)
      for (const sample of samplePages) await renderPage(sample.path, sample.url, structuredClone(sample.data), 'http://localhost');
  })();
  return warming;
}
