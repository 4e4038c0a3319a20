import type { QueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '../../shared/schemas/auth.ts';
import type { ActivitiesPage, CourseModulesPage, ExamPage, HomePage, ModulePage } from '../../shared/schemas/pages.ts';
import type { Attempt } from '../../shared/schemas/exams.ts';
import { pageDataElementId, pageDataFor, pageDataUrl } from '../../shared/page-data.ts';
import { ApiError, baseHeaders, readResponse } from './api.ts';
import { readDeadline, watchRequest } from './connectivity.ts';
import { messages } from '../../shared/messages.ts';
import { queryClient } from './query-client.ts';
import { activityKeys, courseKeys, examKeys, moduleKeys, sessionKeys } from './query-keys.ts';

// The pages a student opens most get everything in one request (GET /api/pages/...), or find it
// in their document (the server puts it there, server http/document.ts). Each piece of the
// answer is filed under its own query key (the session, the course's module list, the module,
// the activity), so the next page reuses what this one brought. The queries of those pieces
// load through here: two pieces asked at once share one request.

export const pageUrls = {
  home: () => pageDataUrl('home'),
  courseModules: (courseId: string) => pageDataUrl('courseModules', courseId),
  module: (moduleId: string) => pageDataUrl('module', moduleId),
  activities: (moduleId: string) => pageDataUrl('activities', moduleId),
};

const inFlight = new Map<string, Promise<unknown>>();

export type PageData = Partial<HomePage & CourseModulesPage & ModulePage & ActivitiesPage & ExamPage>;

/**
 * Files every piece of a page's answer under its own key (in the server's render, that request's
 * own cache). `updatedAt` 0: an old copy, shown until the fresh answer replaces it. `sentAt`: when
 * the request for it left, on the monotonic clock (performance.now()) — the document's, 0: the
 * navigation's start, before the server counted an attempt's seconds left.
 */
export function seedPage(client: QueryClient, data: PageData, url: string, updatedAt?: number, sentAt = 0) {
  const at = updatedAt === undefined ? undefined : { updatedAt };
  // Who is signed in: known from here at start; later answers bring the same person's latest name
  // (a copy of the page may have an older one), never someone else (a sign-out is the session's to tell).
  const session = client.getQueryData<SessionResponse>(sessionKeys.current);
  if (session === undefined || (data.user && session.user?.id === data.user.id))
    client.setQueryData<SessionResponse>(sessionKeys.current, { user: data.user ?? null });
  if (data.courses) client.setQueryData(courseKeys.list(), { courses: data.courses }, at);
  if (data.module) {
    client.setQueryData(moduleKeys.detail(data.module.id), data.module, at);
    if (data.modules) client.setQueryData(moduleKeys.mine(data.module.courseId), { modules: data.modules }, at);
    if (data.exams) client.setQueryData(examKeys.ofModule(data.module.id), { exams: data.exams }, at);
  } else if (data.modules) {
    const courseId = decodeURIComponent(/\/courses\/([^/]+)\/modules$/.exec(url)?.[1] ?? '');
    if (courseId) client.setQueryData(moduleKeys.mine(courseId), { modules: data.modules }, at);
  }
  if (data.activity) client.setQueryData(activityKeys.mine(data.activity.moduleId), data.activity, at);
  if (data.exam) client.setQueryData(examKeys.mine(data.exam.id), data.exam, at);
  // The open attempt, its clock counting from the seconds the server said were left (never more).
  if (data.attempt)
    client.setQueryData<{ attempt: Attempt; sentAt: number }>(examKeys.attempt(data.attempt.id), { attempt: data.attempt, sentAt }, at);
}

/** Whether `data` looks like a page's answer: it says who is signed in. */
export function isPageData(data: unknown): data is PageData {
  return typeof data === 'object' && data !== null && 'user' in data && typeof data.user === 'object' && data.user !== null;
}

/** The page's data asked for at start because the document did not bring it; the first session load takes it. */
let startLoad: Promise<PageData> | undefined;

function readDocumentData(url: string): unknown {
  const element = document.getElementById(pageDataElementId);
  if (element?.getAttribute('data-url') !== url) return undefined;
  try {
    return JSON.parse(element.textContent);
  } catch {
    return undefined;
  }
}

/**
 * Whether this document is the browser's copy (the server lets it keep a student's page for a
 * few minutes, server http/document.ts) rather than one the server just sent. Where the browser
 * does not say how it came, a document without bytes on the wire is taken for a copy.
 */
export function documentFromCache(entry = performance.getEntriesByType('navigation')[0]): boolean {
  if (!entry) return false;
  const { deliveryType, transferSize, encodedBodySize } = entry as PerformanceNavigationTiming & { deliveryType?: string };
  return deliveryType === 'cache' || (transferSize === 0 && encodedBodySize > 0);
}

/**
 * At start, before the first render: files the page's data the document brought, so the page
 * (and who is signed in) is known at once, with no request; true when it did. Without it (or
 * with data that does not look like the page's answer) the page's data is asked for at once,
 * while the code loads. The browser's copy of a page shows too, filed as old: the page asks
 * for its data as soon as the app takes it over (not before: data that changed while the page
 * is being taken over would not match what it shows). The fresh answer replaces the copy's,
 * and a page no longer the student's (a module blocked since, a session ended) says so as the
 * pages do.
 */
export function seedFromDocument(): boolean {
  const page = pageDataFor(location.pathname);
  if (!page) return false;
  const data = readDocumentData(page.url);
  if (isPageData(data)) {
    seedPage(queryClient, data, page.url, documentFromCache() ? 0 : undefined);
    return true;
  }
  startLoad = loadPage<PageData>(page.url);
  startLoad.catch(() => undefined);
  return false;
}

/** One page's data, shared by every piece asked for while it loads. */
export function loadPage<T>(url: string): Promise<T> {
  let pending = inFlight.get(url) as Promise<T> | undefined;
  if (!pending) {
    const watch = watchRequest();
    // Given up once the app is without connection and nothing answers: the page says so.
    const deadline = readDeadline();
    const sentAt = performance.now();
    pending = fetch(url, { credentials: 'same-origin', headers: baseHeaders(), signal: deadline.signal })
      .then(
        (response) => (watch.settled(response), response),
        () => {
          watch.settled(undefined);
          throw new ApiError(0, 'INTERNAL', messages.network);
        },
      )
      .finally(() => deadline.done())
      .then((response) => readResponse<T>(response))
      .then((data) => {
        seedPage(queryClient, data as PageData, url, undefined, sentAt);
        return data;
      })
      .finally(() => inFlight.delete(url));
    inFlight.set(url, pending);
  }
  return pending;
}

/** Who is signed in, from the page's data asked for at start (taken once), or null when there is none. */
export function userFromStartPage(): Promise<SessionResponse> | null {
  const pending = startLoad;
  startLoad = undefined;
  return pending ? pending.then((data) => ({ user: data.user ?? null })) : null;
}
