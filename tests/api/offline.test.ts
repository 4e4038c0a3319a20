// 'Descargar para ver sin conexión': the list of what a trainee downloads of a module, only for a
// module open to them, with nothing an exam asks (exam-only jugadas, exams and their questions).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCourseArchived, setModuleArchived } from '../../src/server/courses/archive.ts';
import { courseOptions, createJugada, setJugadaArchived } from '../../src/server/jugadas/service.ts';
import { storeBuffer } from '../../src/server/files/storage.ts';
import { insertVideo } from '../../src/server/videos/service.ts';
import { messages, offlineMessages } from '../../src/shared/messages.ts';
import type { OfflineModule } from '../../src/shared/schemas/offline.ts';
import { buildBank, buildExam } from './helpers/exams.ts';
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
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const offline = (moduleId: string, cookie?: string) => call(t.app, { url: `/api/modules/${moduleId}/offline`, cookie });

/** A stored WebM clip, as an upload leaves it. */
async function storedClip() {
  const bytes = webmBytes();
  const key = await storeBuffer(t.ctx.storage, bytes, 'webm', 'video/webm');
  return { id: await insertVideo(t.ctx.db, { key, mime: 'video/webm', size: bytes.length, durationSeconds: 10 }), size: bytes.length };
}

/** A jugada on an uploaded clip, for `use`. */
async function fileJugada(moduleId: string, courseId: string, use: 'practica' | 'examen' | 'ambos', prompt: string) {
  const clip = await storedClip();
  const options = await courseOptions(t.ctx.db, courseId);
  const jugada = await createJugada(t.ctx.db, moduleId, {
    video: { kind: 'file', videoId: clip.id },
    start: null,
    end: 8,
    prompt,
    correctDecisionId: options.decisions[0]!.id,
    correctSanctionId: options.sanctions[0]!.id,
    moment: 2,
    tolerance: 1,
    explanation: 'Regla 8',
    use,
  });
  return { jugada, size: clip.size };
}

/** A course with a module (uploaded video, jugadas of each use, a bank, an exam, a document) open to a new student. */
async function setup() {
  const course = await buildCourse(t.ctx);
  const module = await buildModule(t.ctx, course.id, { name: 'Módulo 2' });
  const clip = await storedClip();
  const withVideo = await call(t.app, { method: 'PATCH', url: `/api/modules/${module.id}`, cookie: admin, body: { videoId: clip.id } });
  expect(withVideo.statusCode, withVideo.body).toBe(200);
  const practice = await fileJugada(module.id, course.id, 'practica', 'Práctica');
  const both = await fileJugada(module.id, course.id, 'ambos', 'Ambos');
  const examOnly = await fileJugada(module.id, course.id, 'examen', 'Sólo examen');
  const youtube = await buildJugada(t.ctx, module.id);
  const archived = await fileJugada(module.id, course.id, 'practica', 'Archivada');
  await setJugadaArchived(t.ctx.db, archived.jugada.id, true);
  await buildBank(t.ctx, course.id, [{}, {}, {}, {}]);
  const exam = await buildExam(t.ctx, course.id, module.id);
  const document = await buildDocument(t.ctx, course.id, 'Reglamento');
  const student = await signedIn(t.app, t.ctx);
  await enableModule(t.ctx, student.id, module.id);
  return { course, module, clip, practice, both, examOnly, youtube, archived, exam, document, student };
}

describe('GET /api/modules/:moduleId/offline', () => {
  it('lists what the module page, its activity, video, practice jugadas, rules practice and documents ask for', async () => {
    const s = await setup();
    const response = await offline(s.module.id, s.student.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json() as OfflineModule;
    expect(list).toMatchObject({ moduleId: s.module.id, courseId: s.course.id, moduleName: 'Módulo 2' });
    const entry = (url: string) => list.entries.find((e) => e.url === url);
    const base = { optional: false, downloadable: true };
    expect(entry(`/api/pages/modules/${s.module.id}`)).toMatchObject({ ...base, kind: 'page', label: offlineMessages.page, size: null });
    expect(entry(`/api/pages/modules/${s.module.id}/activity`)).toMatchObject({ ...base, kind: 'activity' });
    expect(entry(`/api/modules/${s.module.id}/video`)).toMatchObject({
      ...base,
      kind: 'video',
      label: offlineMessages.video,
      size: s.clip.size,
    });
    expect(entry(`/api/modules/${s.module.id}/my-jugadas`)).toMatchObject({ ...base, kind: 'jugadas' });
    expect(entry(`/api/jugadas/${s.practice.jugada.id}/video`)).toMatchObject({
      ...base,
      kind: 'clip',
      label: offlineMessages.clip(1),
      size: s.practice.size,
    });
    expect(entry(`/api/jugadas/${s.both.jugada.id}/video`)).toMatchObject({ kind: 'clip', label: offlineMessages.clip(2) });
    // The YouTube clip is listed, as something that cannot be kept on the phone.
    expect(entry(`/api/jugadas/${s.youtube.id}/video`)).toMatchObject({ kind: 'clip', downloadable: false });
    expect(entry(`/api/courses/${s.course.id}/practice`)).toMatchObject({ ...base, kind: 'practice' });
    expect(entry(`/api/courses/${s.course.id}/documents`)).toMatchObject({ ...base, kind: 'documents' });
    expect(entry(`/api/documents/${s.document.id}/file`)).toEqual({
      kind: 'document',
      url: `/api/documents/${s.document.id}/file`,
      label: 'Reglamento.pdf',
      size: s.document.size,
      optional: true,
      downloadable: true,
    });
    expect(entry(`/api/modules/${s.module.id}/offline/jugadas`)).toMatchObject({ ...base, kind: 'keys' });
    expect(list.entries).toHaveLength(11);

    // Exam-only and archived jugadas, exams and their questions never appear.
    const text = response.body;
    expect(text).not.toContain(s.examOnly.jugada.id);
    expect(text).not.toContain(s.archived.jugada.id);
    expect(text).not.toContain(s.exam.id);
    expect(text).not.toMatch(/exam|correct|bank/i);
  });

  it('downloads the call of practice-only jugadas, never of those drawn in video exams', async () => {
    const s = await setup();
    const response = await call(t.app, { url: `/api/modules/${s.module.id}/offline/jugadas`, cookie: s.student.cookie });
    expect(response.statusCode, response.body).toBe(200);
    const options = await courseOptions(t.ctx.db, s.course.id);
    const { keys } = response.json() as { keys: Array<{ jugadaId: string }> };
    expect(keys.map((key) => key.jugadaId)).toEqual([s.practice.jugada.id, s.youtube.id]);
    expect(keys[0]).toEqual({
      jugadaId: s.practice.jugada.id,
      correctDecision: options.decisions[0],
      correctSanction: options.sanctions[0],
      correctMoment: 2,
      tolerance: 1,
      explanation: 'Regla 8',
    });
    expect(response.body).not.toContain(s.both.jugada.id);
    expect(response.body).not.toContain(s.examOnly.jugada.id);
    expect(response.body).not.toContain(s.archived.jugada.id);

    expect((await call(t.app, { url: `/api/modules/${s.module.id}/offline/jugadas` })).statusCode).toBe(401);
    expect((await call(t.app, { url: `/api/modules/${s.module.id}/offline/jugadas`, cookie: admin })).statusCode).toBe(403);
    await enableModule(t.ctx, s.student.id, s.module.id, false);
    const blocked = await call(t.app, { url: `/api/modules/${s.module.id}/offline/jugadas`, cookie: s.student.cookie });
    expect(blocked.statusCode).toBe(404);
    expect(blocked.json().error.message).toBe(messages.moduleNotFound);
  });

  it('says the video cannot be downloaded when it is on YouTube, and leaves out what the module does not have', async () => {
    const course = await buildCourse(t.ctx);
    const module = await buildModule(t.ctx, course.id, { questions: [] });
    const student = await signedIn(t.app, t.ctx);
    await enableModule(t.ctx, student.id, module.id);
    const response = await offline(module.id, student.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as OfflineModule).entries).toEqual([
      {
        url: `/api/pages/modules/${module.id}`,
        kind: 'page',
        label: offlineMessages.page,
        size: null,
        optional: false,
        downloadable: true,
      },
      {
        url: 'https://youtu.be/dQw4w9WgXcQ',
        kind: 'video',
        label: offlineMessages.videoElsewhere,
        size: null,
        optional: false,
        downloadable: false,
      },
    ]);
  });

  it('answers 401 without a session, 403 to an admin and 400 in Spanish for a malformed id', async () => {
    const s = await setup();
    expect((await offline(s.module.id)).statusCode).toBe(401);
    const asAdmin = await offline(s.module.id, admin);
    expect(asAdmin.statusCode).toBe(403);
    const malformed = await offline('no%20v%C3%A1lido', s.student.cookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe(messages.invalidId);
  });

  it('answers the 404 of an unknown module for a blocked, archived or another course’s module', async () => {
    const s = await setup();
    const notFound = async (moduleId: string, cookie: string) => {
      const response = await offline(moduleId, cookie);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().error.message).toBe(messages.moduleNotFound);
    };
    await notFound(unknownId(), s.student.cookie);

    // Another course's module, and a module of their course not given to them.
    const other = await buildCourse(t.ctx);
    const elsewhere = await buildModule(t.ctx, other.id);
    await notFound(elsewhere.id, s.student.cookie);
    const notGiven = await buildModule(t.ctx, s.course.id);
    await notFound(notGiven.id, s.student.cookie);

    // Blocked ('Bloquear'), then given back.
    await enableModule(t.ctx, s.student.id, s.module.id, false);
    await notFound(s.module.id, s.student.cookie);
    await enableModule(t.ctx, s.student.id, s.module.id);
    expect((await offline(s.module.id, s.student.cookie)).statusCode).toBe(200);

    // The course blocked for them, then the module archived, then the course archived.
    await enableCourse(t.ctx, s.student.id, s.course.id, false);
    await notFound(s.module.id, s.student.cookie);
    await enableCourse(t.ctx, s.student.id, s.course.id);
    await setModuleArchived(t.ctx.db, s.module.id, true);
    await notFound(s.module.id, s.student.cookie);
    await setModuleArchived(t.ctx.db, s.module.id, false);
    expect((await offline(s.module.id, s.student.cookie)).statusCode).toBe(200);
    await setCourseArchived(t.ctx.db, s.course.id, true);
    await notFound(s.module.id, s.student.cookie);
  });
});
