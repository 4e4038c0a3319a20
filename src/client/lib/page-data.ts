import type { SessionResponse } from '../../shared/schemas/auth.ts';
import type { ActivitiesPage, CourseModulesPage, HomePage, ModulePage } from '../../shared/schemas/pages.ts';
import { ApiError, readResponse } from './api.ts';
import { messages } from '../../shared/messages.ts';
import { queryClient } from './query-client.ts';
import { activityKeys, courseKeys, moduleKeys, sessionKeys } from './query-keys.ts';

// The pages a student opens most get everything in one request (GET /api/pages/...). Each piece
// of the answer is filed under its own query key (the session, the course's module list, the
// module, the activity), so the next page reuses what this one brought. The queries of those
// pieces load through here: two pieces asked at once share one request.

/**
 * Set by the inline script in index.html: the page's data, either as the document brought it
 * (`data`) or asked for before any code loaded (`response`).
 */
interface Prefetched {
  url: string;
  response?: Promise<Response>;
  data?: unknown;
}
declare global {
  interface Window {
    __aulaPage?: Prefetched | undefined;
  }
}

export const pageUrls = {
  home: () => '/api/pages/home',
  courseModules: (courseId: string) => `/api/pages/courses/${encodeURIComponent(courseId)}/modules`,
  module: (moduleId: string) => `/api/pages/modules/${encodeURIComponent(moduleId)}`,
  activities: (moduleId: string) => `/api/pages/modules/${encodeURIComponent(moduleId)}/activity`,
};

const inFlight = new Map<string, Promise<unknown>>();

function request(url: string): Promise<Response> {
  const prefetched = window.__aulaPage;
  if (prefetched?.url === url && prefetched.response) {
    window.__aulaPage = undefined;
    return prefetched.response;
  }
  return fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
}

/** Files every piece of a page's answer under its own key. */
function seed(data: Partial<HomePage & CourseModulesPage & ModulePage & ActivitiesPage>, url: string) {
  if (queryClient.getQueryData(sessionKeys.current) === undefined)
    queryClient.setQueryData<SessionResponse>(sessionKeys.current, { user: data.user ?? null });
  if (data.courses) queryClient.setQueryData(courseKeys.list(), { courses: data.courses });
  if (data.module) {
    queryClient.setQueryData(moduleKeys.detail(data.module.id), data.module);
    if (data.modules) queryClient.setQueryData(moduleKeys.mine(data.module.courseId), { modules: data.modules });
  } else if (data.modules) {
    const courseId = decodeURIComponent(/\/courses\/([^/]+)\/modules$/.exec(url)?.[1] ?? '');
    if (courseId) queryClient.setQueryData(moduleKeys.mine(courseId), { modules: data.modules });
  }
  if (data.activity) queryClient.setQueryData(activityKeys.mine(data.activity.moduleId), data.activity);
}

/**
 * At start, before the first render: files the page's data the document brought, so the page
 * (and who is signed in) is known at once, with no request. Data that does not look like a
 * page's answer is ignored and the pages ask for theirs as usual.
 */
export function seedFromDocument() {
  const prefetched = window.__aulaPage;
  if (prefetched?.data === undefined) return;
  window.__aulaPage = undefined;
  const data = prefetched.data;
  if (typeof data !== 'object' || data === null || !('user' in data) || typeof data.user !== 'object' || data.user === null) return;
  seed(data as Parameters<typeof seed>[0], prefetched.url);
}

/** One page's data, shared by every piece asked for while it loads. */
export function loadPage<T>(url: string): Promise<T> {
  let pending = inFlight.get(url) as Promise<T> | undefined;
  if (!pending) {
    pending = request(url)
      .catch(() => {
        throw new ApiError(0, 'INTERNAL', messages.network);
      })
      .then((response) => readResponse<T>(response))
      .then((data) => {
        seed(data as Parameters<typeof seed>[0], url);
        return data;
      })
      .finally(() => inFlight.delete(url));
    inFlight.set(url, pending);
  }
  return pending;
}

/**
 * The signed-in user, taken from the page's data when the inline script already asked for it
 * (no separate session request before the page can load); null when it did not.
 */
export function userFromPrefetchedPage(): Promise<SessionResponse> | null {
  const prefetched = window.__aulaPage;
  if (!prefetched?.response) return null;
  return loadPage<{ user: SessionResponse['user'] }>(prefetched.url).then((data) => ({ user: data.user }));
}
