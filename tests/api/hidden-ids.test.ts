// A student cannot tell which ids exist: on every route a student may call with a course,
// module, document, jugada or picture id, something they may not see (never enabled, blocked,
// archived) is answered exactly as an id that does not exist: same status, same body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setCourseArchived, setModuleArchived } from '../../src/server/courses/archive.ts';
import { course as courseTable } from '../../src/server/db/schema.ts';
import { storeBuffer } from '../../src/server/files/storage.ts';
import { updateJugada } from '../../src/server/jugadas/service.ts';
import { insertVideo } from '../../src/server/videos/service.ts';
import {
  buildCourse,
  buildDocument,
  buildJugada,
  buildModule,
  enableCourse,
  enableModule,
  signedIn,
  unknownId,
} from './helpers/content.ts';
import { webmBytes } from './helpers/files.ts';
import { call, type CallOptions } from './helpers/http.ts';
import { listen, openEventStream } from './helpers/live.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

type Kind = 'course' | 'module' | 'document' | 'jugada' | 'courseImage' | 'moduleImage';

interface StudentRoute {
  route: string;
  kind: Kind;
  request: (id: string) => Omit<CallOptions, 'cookie'>;
  stream?: boolean;
  /** Not served even to a member here (the module's video is on YouTube, not an uploaded file). */
  notServed?: boolean;
}

/** Every route a student may call with an id of something they might not be allowed to see. */
const routes: StudentRoute[] = [
  { route: 'GET /api/courses/:courseId', kind: 'course', request: (id) => ({ url: `/api/courses/${id}` }) },
  { route: 'GET /api/courses/:courseId/documents', kind: 'course', request: (id) => ({ url: `/api/courses/${id}/documents` }) },
  { route: 'GET /api/pages/courses/:courseId/modules', kind: 'course', request: (id) => ({ url: `/api/pages/courses/${id}/modules` }) },
  { route: 'GET /api/pages/modules/:moduleId', kind: 'module', request: (id) => ({ url: `/api/pages/modules/${id}` }) },
  {
    route: 'GET /api/pages/modules/:moduleId/activity',
    kind: 'module',
    request: (id) => ({ url: `/api/pages/modules/${id}/activity` }),
  },
  {
    route: 'PUT /api/modules/:moduleId/activity/answers',
    kind: 'module',
    request: (id) => ({ method: 'PUT', url: `/api/modules/${id}/activity/answers`, body: { answers: [] } }),
  },
  {
    route: 'POST /api/modules/:moduleId/activity/submit',
    kind: 'module',
    request: (id) => ({ method: 'POST', url: `/api/modules/${id}/activity/submit`, body: { answers: [] } }),
  },
  { route: 'GET /api/modules/:moduleId/messages', kind: 'module', request: (id) => ({ url: `/api/modules/${id}/messages` }) },
  { route: 'GET /api/courses/:courseId/practice', kind: 'course', request: (id) => ({ url: `/api/courses/${id}/practice` }) },

  {
    route: 'GET /api/modules/:moduleId/messages (an older page)',
    kind: 'module',
    request: (id) => ({
      url: `/api/modules/${id}/messages?before=1772359200000000_${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}&limit=10`,
    }),
  },
  {
    route: 'POST /api/modules/:moduleId/messages',
    kind: 'module',
    request: (id) => ({ method: 'POST', url: `/api/modules/${id}/messages`, body: { body: '¿Existe este módulo?' } }),
  },
  { route: 'GET /api/modules/:moduleId/events', kind: 'module', stream: true, request: (id) => ({ url: `/api/modules/${id}/events` }) },
  { route: 'GET /api/modules/:moduleId/my-jugadas', kind: 'module', request: (id) => ({ url: `/api/modules/${id}/my-jugadas` }) },
  { route: 'GET /api/modules/:moduleId/video', kind: 'module', notServed: true, request: (id) => ({ url: `/api/modules/${id}/video` }) },
  {
    route: 'POST /api/modules/:moduleId/watched',
    kind: 'module',
    request: (id) => ({ method: 'POST', url: `/api/modules/${id}/watched`, body: { duration: 60, position: 5, intervals: [[0, 5]] } }),
  },
  { route: 'GET /api/documents/:documentId/file', kind: 'document', request: (id) => ({ url: `/api/documents/${id}/file` }) },
  { route: 'GET /api/jugadas/:jugadaId/video', kind: 'jugada', request: (id) => ({ url: `/api/jugadas/${id}/video` }) },
  {
    route: 'POST /api/jugadas/:jugadaId/answer',
    kind: 'jugada',
    request: (id) => ({ method: 'POST', url: `/api/jugadas/${id}/answer`, body: { decisionId: 'una', sanctionId: 'otra', moment: null } }),
  },
  { route: 'GET /api/images/:imageId (a course’s)', kind: 'courseImage', request: (id) => ({ url: `/api/images/${id}` }) },
  { route: 'GET /api/images/:imageId (a module’s)', kind: 'moduleImage', request: (id) => ({ url: `/api/images/${id}` }) },
];

interface World {
  ids: Record<Kind, string>;
  /** A student who sees everything of this world: shows that each id really exists and is served. */
  member: string;
  /** The student this world is hidden from, in the way the scenario says. */
  viewer: string;
}

const everything: Kind[] = ['course', 'module', 'document', 'jugada', 'courseImage', 'moduleImage'];
const scenarios: {
  name: string;
  hidden: Kind[];
  hide: (w: World & { viewerId: string; courseId: string; moduleId: string }) => Promise<void>;
}[] = [
  { name: 'never enabled for them', hidden: everything, hide: async () => {} },
  {
    name: 'course blocked',
    hidden: everything,
    hide: async (w) => {
      await enableModule(t.ctx, w.viewerId, w.moduleId);
      await enableCourse(t.ctx, w.viewerId, w.courseId, false);
    },
  },
  {
    name: 'module blocked',
    // The course stays open: its documents and pictures (blocked modules show in its list) too.
    hidden: ['module', 'jugada'],
    hide: async (w) => {
      await enableModule(t.ctx, w.viewerId, w.moduleId);
      await enableModule(t.ctx, w.viewerId, w.moduleId, false);
    },
  },
  {
    name: 'course archived',
    hidden: everything,
    hide: async (w) => {
      await enableModule(t.ctx, w.viewerId, w.moduleId);
      await setCourseArchived(t.ctx.db, w.courseId, true);
    },
  },
  {
    name: 'module archived',
    hidden: ['module', 'jugada', 'moduleImage'],
    hide: async (w) => {
      await enableModule(t.ctx, w.viewerId, w.moduleId);
      await setModuleArchived(t.ctx.db, w.moduleId, true);
    },
  },
];

let t: TestApp;
let baseUrl: string;
const worlds = new Map<string, World>();

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listen(t.app);
  for (const scenario of scenarios) {
    const course = await buildCourse(t.ctx);
    const module = await buildModule(t.ctx, course.id);
    const document = await buildDocument(t.ctx, course.id);
    const jugada = await buildJugada(t.ctx, module.id);
    const videoId = await insertVideo(t.ctx.db, {
      key: await storeBuffer(t.ctx.storage, webmBytes(), 'webm', 'video/webm'),
      mime: 'video/webm',
      size: webmBytes().length,
    });
    await updateJugada(t.ctx.db, jugada.id, {
      video: { kind: 'file', videoId },
      start: null,
      end: null,
      prompt: jugada.prompt,
      correctDecisionId: jugada.correctDecisionId,
      correctSanctionId: jugada.correctSanctionId,
      moment: null,
      tolerance: 1,
      explanation: 'Regla 8',
    });
    const [courseRow] = await t.ctx.db.select({ imageId: courseTable.imageId }).from(courseTable).where(eq(courseTable.id, course.id));
    const member = await signedIn(t.app, t.ctx);
    await enableModule(t.ctx, member.id, module.id);
    const viewer = await signedIn(t.app, t.ctx);
    const ids: Record<Kind, string> = {
      course: course.id,
      module: module.id,
      document: document.id,
      jugada: jugada.id,
      courseImage: courseRow!.imageId,
      moduleImage: module.imageUrl.split('/').pop()!,
    };
    // What the member gets is checked before the world is hidden (an archived one is hidden from all).
    worlds.set(scenario.name, { ids, member: member.cookie, viewer: viewer.cookie });
    await checkServedToMember(ids, member.cookie);
    await scenario.hide({
      ids,
      member: member.cookie,
      viewer: viewer.cookie,
      viewerId: viewer.id,
      courseId: course.id,
      moduleId: module.id,
    });
  }
});

afterAll(async () => {
  await t?.close();
});

async function send(route: StudentRoute, id: string, cookie: string) {
  const request = { ...route.request(id), cookie };
  if (route.stream) {
    const stream = await openEventStream(baseUrl, request.url, cookie);
    stream.close();
    return { status: stream.status, body: stream.body };
  }
  const response = await call(t.app, request);
  return { status: response.statusCode, body: response.body };
}

/** The answer without the request id, which differs on every request by design. */
function comparable(body: string) {
  const parsed = JSON.parse(body) as { error?: { requestId?: string } };
  delete parsed.error?.requestId;
  return parsed;
}

async function checkServedToMember(ids: Record<Kind, string>, cookie: string) {
  for (const route of routes.filter((r) => !r.notServed)) {
    const answer = await send(route, ids[route.kind], cookie);
    // The ids exist and are served to someone allowed (a refusal here would make the comparison empty).
    expect(answer.status, `${route.route}: ${answer.body.slice(0, 200)}`).not.toBe(404);
    expect(answer.status, route.route).not.toBe(403);
  }
}

const cells = scenarios.flatMap((scenario) =>
  routes
    .filter((route) => scenario.hidden.includes(route.kind))
    .map((route) => [scenario.name, route.route, scenario.name, route] as const),
);

describe('ids a student may not see are answered like ids that do not exist', () => {
  it('walks every student route that takes an id', () => {
    const registered = new Set(t.routes.map((r) => r.route));
    for (const route of routes) expect(registered, route.route).toContain(route.route.replace(/ \(.*\)$/, ''));
    expect(cells.length).toBeGreaterThan(60);
  });

  it.each(cells)('%s: %s', async (_name, _route, scenarioName, route) => {
    const world = worlds.get(scenarioName)!;
    const hidden = await send(route, world.ids[route.kind], world.viewer);
    const missing = await send(route, unknownId(), world.viewer);
    expect(missing.status, missing.body).toBe(404);
    expect(hidden.status, hidden.body).toBe(missing.status);
    expect(comparable(hidden.body)).toEqual(comparable(missing.body));
    expect(comparable(hidden.body)).toMatchObject({
      error: { code: 'NOT_FOUND', message: expect.stringMatching(/no existe|No encontramos/) },
    });
  });
});
