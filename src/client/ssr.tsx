// The server's render of a student's page (built by `npm run build` into dist/server): the same
// components as the app, with the page's data the document also carries, so the page (the
// module's video first of all) shows as the document arrives and the app takes it over
// (hydrates it) where it stands.
import { renderToString } from 'react-dom/server';
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
