// 'Crear curso de actualización': a new course with the original's content (settings, modules with
// their questions and videos, jugadas with their lists of calls, the bank, the exams with their
// items mapped to the copies, documents with their own bytes) and none of its trainees' work; the
// holders of its licences in force or expired less than a year ago enrolled; idempotent; and a
// trainee who finishes it gets a new licence with a new expiry.
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerJugada, createJugada } from '../../src/server/jugadas/service.ts';
import { cleanUp } from '../../src/server/maintenance/cleanup.ts';
import {
  activity,
  activityItem,
  bankQuestion,
  certificate,
  course as courseTable,
  courseAccess,
  courseModule,
  courseRecord,
  document,
  exam,
  examAttempt,
  fitnessResult,
  forumMessage,
  jugada,
  jugadaAnswer,
  jugadaOption,
  lesson,
  moduleAccess,
  moduleQuestion,
  observation,
  payment,
  recordChange,
  videoProgress,
} from '../../src/server/db/schema.ts';
import { storeBuffer } from '../../src/server/files/storage.ts';
import { insertVideo } from '../../src/server/videos/service.ts';
import { noRequirements } from '../../src/shared/approval-rules.ts';
import { renewalMessages, tooLong } from '../../src/shared/messages.ts';
import { NAME_MAX } from '../../src/shared/schemas/content.ts';
import {
  buildCourse,
  buildDocument,
  buildJugada,
  buildMessage,
  buildModule,
  correctActivity,
  createImage,
  enableModule,
  optionId,
  signedIn,
  submitAnswers,
  unknownId,
} from './helpers/content.ts';
import { buildBank, buildExam } from './helpers/exams.ts';
import { mp4Bytes, multipart, webmBytes } from './helpers/files.ts';
import { call, login } from './helpers/http.ts';
import { defaultLicence, issueLicenceOn, requireFitness, revokeLicence } from './helpers/licences.ts';
import { buildLesson, markAttendance, recordObservation, recordPayment } from './helpers/record.ts';
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

/** Monday 15 March 2027, noon in Buenos Aires: the app's clock. */
const TODAY = '2027-03-15';
const setToday = (day: string) => {
  const now = new Date(`${day}T15:00:00Z`);
  t.ctx.clock.now = () => now;
};
beforeEach(() => setToday(TODAY));

const renewalUrl = (courseId: string) => `/api/courses/${courseId}/renewal`;
const createRenewal = (courseId: string, body: unknown = {}, options: { cookie?: string; key?: string } = {}) =>
  call(t.app, {
    method: 'POST',
    url: renewalUrl(courseId),
    cookie: options.cookie ?? admin,
    body,
    headers: options.key ? { 'idempotency-key': options.key } : {},
  });
const preview = (courseId: string, cookie = admin) => call(t.app, { url: renewalUrl(courseId), cookie });

/** A video file stored as an upload would be, and a jugada on it for exams, tagged. */
async function clipJugada(courseId: string, moduleId: string, prompt: string, tags: string[]) {
  const videoId = await insertVideo(t.ctx.db, {
    key: await storeBuffer(t.ctx.storage, mp4Bytes(), 'mp4', 'video/mp4'),
    mime: 'video/mp4',
    size: mp4Bytes().length,
    durationSeconds: 30,
  });
  const created = await createJugada(t.ctx.db, moduleId, {
    video: { kind: 'file', videoId },
    start: 2,
    end: 10,
    prompt,
    correctDecisionId: await optionId(t.ctx, courseId, 'Tiro libre'),
    correctSanctionId: await optionId(t.ctx, courseId, 'Amonestación (tarjeta amarilla)'),
    moment: null,
    tolerance: 1,
    explanation: `Por qué: ${prompt}`,
  });
  await t.ctx.db.update(jugada).set({ use: 'ambos', tags }).where(eq(jugada.id, created.id));
  return { ...created, videoId };
}

/**
 * A course with everything a renewal copies: three modules (the second with an uploaded video),
 * jugadas (two on uploaded clips), a bank, a rules exam and a video exam with fixed and critical
 * items, two documents, requirements naming the rules exam; and trainees: one holding a licence in
 * force who also worked in it (answers, a forum question, a jugada, an exam attempt, a class, a
 * payment, an observation), one whose licence expired 6 months ago, one 13 months ago, one revoked,
 * and one trainee with no licence.
 */
async function richCourse() {
  const original = await buildCourse(t.ctx, {
    name: 'Curso de Árbitros Regionales 2026',
    description: 'Cinco módulos y clases los sábados.',
  });
  await requireFitness(t, admin, original.id);
  const first = await buildModule(t.ctx, original.id, {
    name: 'Reglas básicas',
    questions: ['¿Cuánto dura un partido?', '¿Qué es un pasivo?'],
  });
  const uploaded = await call(t.app, {
    method: 'POST',
    url: '/api/videos',
    cookie: admin,
    ...multipart([{ name: 'file', filename: 'clase.webm', content: webmBytes(), contentType: 'video/webm' }]),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const second = await call(t.app, {
    method: 'POST',
    url: '/api/modules',
    cookie: admin,
    body: {
      courseId: original.id,
      name: 'Sanción progresiva',
      imageId: await createImage(t.ctx),
      videoId: uploaded.json().id,
      questions: ['¿Cuándo se excluye?'],
    },
  });
  expect(second.statusCode, second.body).toBe(201);
  const third = await buildModule(t.ctx, original.id, { name: 'Evaluación', questions: [] });
  const practice = await buildJugada(t.ctx, first.id, { prompt: '¿Qué cobrás en el 7 metros?' });
  const clipA = await clipJugada(original.id, third.id, 'Clip A', ['Sanción progresiva']);
  const clipB = await clipJugada(original.id, third.id, 'Clip B', ['Juego pasivo']);
  const bank = await buildBank(t.ctx, original.id, [
    { text: 'Pregunta 1' },
    { text: 'Pregunta 2' },
    { text: 'Pregunta 3' },
    { text: 'Pregunta 4' },
  ]);
  const rulesExam = await buildExam(t.ctx, original.id, third.id, {
    title: 'Examen de reglamento',
    questionCount: 3,
    fixedQuestionIds: [bank[0]!.id],
    criticalQuestionIds: [bank[1]!.id],
    opensAt: '2027-01-01T12:00:00.000Z',
    closesAt: '2027-12-01T12:00:00.000Z',
  });
  const videoExam = await buildExam(t.ctx, original.id, third.id, {
    kind: 'video',
    title: 'Examen de video',
    questionCount: 2,
    timeMinutes: undefined,
    fixedQuestionIds: [clipA.id],
    criticalQuestionIds: [clipB.id],
  });
  const documents = [
    await buildDocument(t.ctx, original.id, 'Reglamento IHF'),
    await buildDocument(t.ctx, original.id, 'Planilla de partido'),
  ];

  const inForce = await signedIn(t.app, t.ctx, 'student', { name: 'Vigente Vera' });
  const sixMonths = await signedIn(t.app, t.ctx, 'student', { name: 'Vencida Hace Seis' });
  const thirteenMonths = await signedIn(t.app, t.ctx, 'student', { name: 'Vencida Hace Trece' });
  const revoked = await signedIn(t.app, t.ctx, 'student', { name: 'Revocada Ruiz' });
  const noLicence = await signedIn(t.app, t.ctx, 'student', { name: 'Sin Licencia' });
  await issueLicenceOn(t, admin, { courseId: original.id, userId: inForce.id, day: '2026-06-01' });
  await issueLicenceOn(t, admin, { courseId: original.id, userId: sixMonths.id, day: '2025-09-15' });
  await issueLicenceOn(t, admin, { courseId: original.id, userId: thirteenMonths.id, day: '2025-02-14' });
  const toRevoke = await issueLicenceOn(t, admin, { courseId: original.id, userId: revoked.id, day: '2026-06-01' });
  await revokeLicence(t, admin, toRevoke.id);
  await enableModule(t.ctx, noLicence.id, first.id);

  // The trainee's work in the original.
  await enableModule(t.ctx, inForce.id, first.id);
  await enableModule(t.ctx, inForce.id, third.id);
  await submitAnswers(t.ctx, inForce.id, first.id);
  await correctActivity(t.ctx, inForce.id, first.id, [true, false]);
  await buildMessage(t.ctx, first.id, inForce, '¿Entra en el examen?');
  await answerJugada(t.ctx.db, practice.id, inForce.id, {
    decisionId: await optionId(t.ctx, original.id, 'Tiro de 7 metros'),
    sanctionId: await optionId(t.ctx, original.id, 'Exclusión de 2 minutos'),
    moment: 4,
  });
  const attempt = await call(t.app, { method: 'POST', url: `/api/exams/${rulesExam.id}/attempts`, cookie: inForce.cookie });
  expect(attempt.statusCode, attempt.body).toBe(201);
  await markAttendance(t.ctx, await buildLesson(t.ctx, original.id, '2026-05-02'), inForce.id, 'presente');
  await recordPayment(t.ctx, original.id, inForce.id, 3000, '2026-05-02');
  await recordObservation(t.ctx, original.id, inForce.id, 4, { observedOn: '2026-05-10' });

  // The course asks the rules exam too (set once the licences were issued).
  const approval = await call(t.app, {
    method: 'PUT',
    url: `/api/courses/${original.id}/approval`,
    cookie: admin,
    body: { requirements: { ...noRequirements, fitness: true, examIds: [rulesExam.id] }, licence: defaultLicence },
  });
  expect(approval.statusCode, approval.body).toBe(200);
  return {
    original,
    modules: [first, second.json().module as { id: string }, third],
    videoId: uploaded.json().id as string,
    jugadas: { practice, clipA, clipB },
    bank,
    exams: { rulesExam, videoExam },
    documents,
    trainees: { inForce, sixMonths, thirteenMonths, revoked, noLicence },
  };
}

const modulesOf = (courseId: string) =>
  t.ctx.db.select().from(courseModule).where(eq(courseModule.courseId, courseId)).orderBy(courseModule.position);
const questionsOf = async (moduleId: string) =>
  (await t.ctx.db.select().from(moduleQuestion).where(eq(moduleQuestion.moduleId, moduleId)).orderBy(moduleQuestion.position)).map(
    (q) => q.text,
  );
const jugadasOf = async (courseId: string) =>
  t.ctx.db
    .select({ jugada, moduleName: courseModule.name })
    .from(jugada)
    .innerJoin(courseModule, eq(courseModule.id, jugada.moduleId))
    .where(eq(courseModule.courseId, courseId))
    .orderBy(jugada.prompt);
const optionLabel = async (id: string) => (await t.ctx.db.select().from(jugadaOption).where(eq(jugadaOption.id, id)))[0]!;

describe('Crear curso de actualización', () => {
  it('copies the content with its ids mapped to the copies, enrols the holders and shows what it renews', async () => {
    const rich = await richCourse();
    const { original } = rich;
    const before = await preview(original.id);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({ holders: 2, defaultName: 'Actualización 2027: Curso de Árbitros Regionales 2026', renewals: [] });

    const created = await createRenewal(original.id);
    expect(created.statusCode, created.body).toBe(201);
    const { course: copy, enrolled } = created.json();
    expect(enrolled).toBe(2);
    expect(copy).toMatchObject({
      name: 'Actualización 2027: Curso de Árbitros Regionales 2026',
      description: 'Cinco módulos y clases los sábados.',
    });
    expect(renewalMessages.created(enrolled)).toBe('Se creó el curso de actualización con 2 alumnos');

    // The course: its settings and licence, the requirements' exam mapped to the copy's.
    const [row] = await t.ctx.db.select().from(courseTable).where(eq(courseTable.id, copy.id));
    const [originalRow] = await t.ctx.db.select().from(courseTable).where(eq(courseTable.id, original.id));
    expect(row).toMatchObject({
      renewsCourseId: original.id,
      imageId: originalRow!.imageId,
      licenceLevel: 'Árbitro Provincial',
      rulesEdition: 'Reglas IHF 2024',
      licenceMonths: 12,
      fitnessTestName: originalRow!.fitnessTestName,
      fitnessMinLevel: originalRow!.fitnessMinLevel,
      archivedAt: null,
    });
    const copiedExams = await t.ctx.db.select().from(exam).where(eq(exam.courseId, copy.id));
    const rulesCopy = copiedExams.find((e) => e.title === 'Examen de reglamento')!;
    const videoCopy = copiedExams.find((e) => e.title === 'Examen de video')!;
    expect(copiedExams).toHaveLength(2);
    expect(row!.requirements).toEqual({ ...noRequirements, fitness: true, examIds: [rulesCopy.id] });
    expect(rulesCopy.id).not.toBe(rich.exams.rulesExam.id);

    // Modules in order, with their questions, pictures and videos (the uploaded one is the same file row).
    const copiedModules = await modulesOf(copy.id);
    const originalModules = await modulesOf(original.id);
    expect(copiedModules.map((m) => [m.name, m.position, m.imageId, m.videoUrl, m.videoId])).toEqual(
      originalModules.map((m) => [m.name, m.position, m.imageId, m.videoUrl, m.videoId]),
    );
    expect(copiedModules[1]!.videoId).toBe(rich.videoId);
    for (const [i, module] of copiedModules.entries()) {
      expect(await questionsOf(module.id)).toEqual(await questionsOf(originalModules[i]!.id));
    }
    expect(await questionsOf(copiedModules[0]!.id)).toEqual(['¿Cuánto dura un partido?', '¿Qué es un pasivo?']);

    // Jugadas in the copy's modules, their calls from the copy's own lists, tags, use and clips kept.
    const copiedJugadas = await jugadasOf(copy.id);
    const originalJugadas = await jugadasOf(original.id);
    expect(copiedJugadas).toHaveLength(3);
    for (const [i, { jugada: j, moduleName }] of copiedJugadas.entries()) {
      const from = originalJugadas[i]!;
      expect([j.prompt, moduleName, j.tags, j.use, j.videoId, j.youtubeId, j.momentSeconds, j.explanation]).toEqual([
        from.jugada.prompt,
        from.moduleName,
        from.jugada.tags,
        from.jugada.use,
        from.jugada.videoId,
        from.jugada.youtubeId,
        from.jugada.momentSeconds,
        from.jugada.explanation,
      ]);
      expect(copiedModules.map((m) => m.id)).toContain(j.moduleId);
      const [decision, sanction] = [await optionLabel(j.correctDecisionId), await optionLabel(j.correctSanctionId)];
      expect([decision.courseId, sanction.courseId]).toEqual([copy.id, copy.id]);
      expect([decision.label, sanction.label]).toEqual([
        (await optionLabel(from.jugada.correctDecisionId)).label,
        (await optionLabel(from.jugada.correctSanctionId)).label,
      ]);
    }
    const listsOf = async (courseId: string) =>
      (await t.ctx.db.select().from(jugadaOption).where(eq(jugadaOption.courseId, courseId)))
        .map((o) => `${o.kind}:${o.position}:${o.label}`)
        .sort();
    expect(await listsOf(copy.id)).toEqual(await listsOf(original.id));

    // The bank, and the exams' modules and items mapped to the copies.
    const copiedBank = await t.ctx.db.select().from(bankQuestion).where(eq(bankQuestion.courseId, copy.id));
    expect(copiedBank.map((q) => q.text).sort()).toEqual(['Pregunta 1', 'Pregunta 2', 'Pregunta 3', 'Pregunta 4']);
    // In the original's order, as the bank lists it (the four were made in one statement: one time, ordered by id).
    const bankOrder = async (courseId: string) =>
      (
        await t.ctx.db
          .select({ text: bankQuestion.text })
          .from(bankQuestion)
          .where(eq(bankQuestion.courseId, courseId))
          .orderBy(asc(bankQuestion.chapter), asc(bankQuestion.createdAt), asc(bankQuestion.id))
      ).map((q) => q.text);
    expect(await bankOrder(copy.id)).toEqual(await bankOrder(original.id));
    const bankText = (id: string) => copiedBank.find((q) => q.id === id)?.text;
    expect(rulesCopy.fixedQuestionIds.map(bankText)).toEqual(['Pregunta 1']);
    expect(rulesCopy.criticalQuestionIds.map(bankText)).toEqual(['Pregunta 2']);
    const jugadaPrompt = (id: string) => copiedJugadas.find((j) => j.jugada.id === id)?.jugada.prompt;
    expect(videoCopy.fixedQuestionIds.map(jugadaPrompt)).toEqual(['Clip A']);
    expect(videoCopy.criticalQuestionIds.map(jugadaPrompt)).toEqual(['Clip B']);
    for (const e of copiedExams) expect(e.moduleId).toBe(copiedModules[2]!.id);
    expect(rulesCopy).toMatchObject({ questionCount: 3, passPercent: 75, attempts: 2, opensAt: null, closesAt: null });
    const examsPage = await call(t.app, { url: `/api/courses/${copy.id}/exams`, cookie: admin });
    expect(examsPage.statusCode, examsPage.body).toBe(200);

    // The documents, each with its own bytes.
    const listed = await call(t.app, { url: `/api/courses/${copy.id}/documents`, cookie: admin });
    expect(listed.json().documents.map((d: { name: string }) => d.name)).toEqual(['Reglamento IHF', 'Planilla de partido']);
    const copiedDocuments = await t.ctx.db.select().from(document).where(eq(document.courseId, copy.id));
    for (const d of copiedDocuments) expect(rich.documents.map((o) => o.storageKey)).not.toContain(d.storageKey);

    // The admin's page of the copy says what it renews.
    const overview = (await call(t.app, { url: '/api/courses/overview', cookie: admin })).json().courses;
    expect(overview.find((c: { id: string }) => c.id === copy.id).renewsCourse).toEqual({ id: original.id, name: original.name });
    expect(overview.find((c: { id: string }) => c.id === original.id).renewsCourse).toBeUndefined();
    const after = (await preview(original.id)).json();
    expect(after.renewals).toEqual([{ id: copy.id, name: copy.name, createdAt: expect.any(String) }]);

    // Holders in force or expired less than a year ago: the course and its first module; nobody else.
    const { inForce, sixMonths, thirteenMonths, revoked, noLicence } = rich.trainees;
    const accessOf = async (userId: string) => ({
      course: (
        await t.ctx.db
          .select()
          .from(courseAccess)
          .where(and(eq(courseAccess.userId, userId), eq(courseAccess.courseId, copy.id)))
      )[0]?.enabled,
      modules: (
        await t.ctx.db
          .select({ moduleId: moduleAccess.moduleId })
          .from(moduleAccess)
          .where(
            and(
              eq(moduleAccess.userId, userId),
              eq(moduleAccess.enabled, true),
              inArray(
                moduleAccess.moduleId,
                copiedModules.map((m) => m.id),
              ),
            ),
          )
      ).map((m) => m.moduleId),
    });
    for (const holder of [inForce, sixMonths]) expect(await accessOf(holder.id)).toEqual({ course: true, modules: [copiedModules[0]!.id] });
    for (const other of [thirteenMonths, revoked, noLicence]) expect(await accessOf(other.id)).toEqual({ course: undefined, modules: [] });
    const theirCourses = (await call(t.app, { url: '/api/courses', cookie: sixMonths.cookie }))
      .json()
      .courses.map((c: { id: string }) => c.id);
    expect(theirCourses).toContain(copy.id);
    const enrolledLog = await t.ctx.db
      .select()
      .from(recordChange)
      .where(and(eq(recordChange.courseId, copy.id), eq(recordChange.userId, sixMonths.id)));
    expect(enrolledLog.map((c) => c.summary)).toEqual([
      expect.stringMatching(/^Inscripto por su licencia AV-.{4}-.{4} de "Curso de Árbitros Regionales 2026"$/),
    ]);
  });

  it('copies none of the trainees’ work: only the empty activities of the holders it enrols', async () => {
    const { original, trainees } = await richCourse();
    const { course: copy } = (await createRenewal(original.id)).json();
    const moduleIds = (await modulesOf(copy.id)).map((m) => m.id);
    const jugadaIds = (await jugadasOf(copy.id)).map((j) => j.jugada.id);
    const examIds = (await t.ctx.db.select().from(exam).where(eq(exam.courseId, copy.id))).map((e) => e.id);
    const count = async (rows: Promise<unknown[]>) => (await rows).length;

    const activities = await t.ctx.db.select().from(activity).where(inArray(activity.moduleId, moduleIds));
    expect(activities.map((a) => a.userId).sort()).toEqual([trainees.inForce.id, trainees.sixMonths.id].sort());
    expect(activities.every((a) => !a.submitted && a.submittedAt === null && a.correctedAt === null)).toBe(true);
    const items = await t.ctx.db
      .select()
      .from(activityItem)
      .where(
        inArray(
          activityItem.activityId,
          activities.map((a) => a.id),
        ),
      );
    expect(items).toHaveLength(4);
    expect(items.every((i) => i.answer === null && i.correction === null && i.feedback === null)).toBe(true);

    expect(await count(t.ctx.db.select().from(forumMessage).where(inArray(forumMessage.moduleId, moduleIds)))).toBe(0);
    expect(await count(t.ctx.db.select().from(videoProgress).where(inArray(videoProgress.moduleId, moduleIds)))).toBe(0);
    expect(await count(t.ctx.db.select().from(jugadaAnswer).where(inArray(jugadaAnswer.jugadaId, jugadaIds)))).toBe(0);
    expect(await count(t.ctx.db.select().from(examAttempt).where(inArray(examAttempt.examId, examIds)))).toBe(0);
    for (const table of [lesson, payment, observation, fitnessResult, certificate, courseRecord] as const) {
      expect(await count(t.ctx.db.select().from(table).where(eq(table.courseId, copy.id))), String(table)).toBe(0);
    }
    // The original's work is all still there.
    expect(await count(t.ctx.db.select().from(forumMessage).where(eq(forumMessage.userId, trainees.inForce.id)))).toBe(1);
    expect(await count(t.ctx.db.select().from(certificate).where(eq(certificate.courseId, original.id)))).toBe(4);
    // The change log of the copy: it was created, and who was enrolled.
    const log = await t.ctx.db.select().from(recordChange).where(eq(recordChange.courseId, copy.id));
    expect(log.filter((c) => c.userId === null).map((c) => c.summary)).toEqual([
      'Curso de actualización de "Curso de Árbitros Regionales 2026" creado con 2 alumnos inscriptos',
    ]);
    expect(log.filter((c) => c.userId !== null)).toHaveLength(2);
  });

  it('gives the copy its own files: deleting the original’s documents and module and cleaning up leaves the copy’s whole', async () => {
    const { original, documents, modules, jugadas } = await richCourse();
    const { course: copy } = (await createRenewal(original.id)).json();
    const copiedDocuments = (await call(t.app, { url: `/api/courses/${copy.id}/documents`, cookie: admin })).json().documents as Array<{
      id: string;
      name: string;
    }>;
    const download = (id: string) => call(t.app, { url: `/api/documents/${id}/file`, cookie: admin });
    const originalBytes = await Promise.all(documents.map(async (d) => (await download(d.id)).rawPayload));
    for (const [i, d] of copiedDocuments.entries()) {
      const response = await download(d.id);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(originalBytes[i]!)).toBe(true);
    }
    // The original's documents and its module with the uploaded video go; then the scheduled clean-up, a day later.
    for (const d of documents)
      expect((await call(t.app, { method: 'DELETE', url: `/api/documents/${d.id}`, cookie: admin })).statusCode).toBe(204);
    const removed = await call(t.app, { method: 'DELETE', url: `/api/modules/${modules[1]!.id}`, cookie: admin });
    expect(removed.statusCode, removed.body).toBe(204);
    await cleanUp(t.ctx.database, t.ctx.storage, new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
    const stored = new Set<string>();
    for await (const object of t.ctx.storage.list()) stored.add(object.key);
    for (const d of documents) expect(stored.has(d.storageKey), 'the original’s bytes are gone').toBe(false);

    for (const d of copiedDocuments) {
      const response = await download(d.id);
      expect(response.statusCode, d.name).toBe(200);
      expect(response.rawPayload.length).toBeGreaterThan(0);
    }
    const copiedVideoModule = (await modulesOf(copy.id)).find((m) => m.name === 'Sanción progresiva')!;
    const video = await call(t.app, { url: `/api/modules/${copiedVideoModule.id}/video`, cookie: admin });
    expect(video.statusCode, video.body).toBe(200);
    expect(video.rawPayload.equals(webmBytes())).toBe(true);
    const clip = (await jugadasOf(copy.id)).find((j) => j.jugada.prompt === 'Clip A')!;
    expect(clip.jugada.videoId).toBe(jugadas.clipA.videoId);
    expect((await call(t.app, { url: `/api/jugadas/${clip.jugada.id}/video`, cookie: admin })).statusCode).toBe(200);
  });

  it('lists the copy’s documents in the original’s order, also those added in the same millisecond', async () => {
    const original = await buildCourse(t.ctx, { name: 'Curso con documentos' });
    await buildModule(t.ctx, original.id);
    const names = ['Reglamento', 'Planilla', 'Guía de señas', 'Anexo', 'Calendario'];
    for (const name of names) await buildDocument(t.ctx, original.id, name);
    // As a bulk upload can leave them: one time for all, the list ordered by their ids.
    await t.ctx.db
      .update(document)
      .set({ createdAt: new Date('2026-03-01T12:00:00.123Z') })
      .where(eq(document.courseId, original.id));
    const listed = async (courseId: string) =>
      ((await call(t.app, { url: `/api/courses/${courseId}/documents`, cookie: admin })).json().documents as Array<{ name: string }>).map(
        (d) => d.name,
      );
    const order = await listed(original.id);
    expect([...order].sort()).toEqual([...names].sort());
    const { course: copy } = (await createRenewal(original.id)).json();
    expect(await listed(copy.id)).toEqual(await listed(original.id));
  });

  it('takes the name given, answers a repeat with the same Idempotency-Key with the first answer, and creates once', async () => {
    const original = await buildCourse(t.ctx, { name: 'Curso corto' });
    await buildModule(t.ctx, original.id);
    await buildDocument(t.ctx, original.id, 'Reglamento');
    const storedCount = async () => {
      let n = 0;
      for await (const _object of t.ctx.storage.list()) n += 1;
      return n;
    };
    const stored = await storedCount();
    const first = await createRenewal(original.id, { name: '  Actualización Regional 2027  ' }, { key: 'renovacion-0001' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().course.name).toBe('Actualización Regional 2027');
    expect(await storedCount()).toBe(stored + 1);
    const again = await createRenewal(original.id, { name: '  Actualización Regional 2027  ' }, { key: 'renovacion-0001' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await t.ctx.db.select().from(courseTable).where(eq(courseTable.renewsCourseId, original.id))).toHaveLength(1);
    // The repeat's copy of the document was removed: one copy in all.
    expect(await storedCount()).toBe(stored + 1);
    // Another key is another renewal course.
    expect((await createRenewal(original.id, {}, { key: 'renovacion-0002' })).statusCode).toBe(201);
    expect((await preview(original.id)).json().renewals).toHaveLength(2);
  });

  it('leaves out a document whose file is missing, and copies the rest', async () => {
    const original = await buildCourse(t.ctx);
    const lost = await buildDocument(t.ctx, original.id, 'Archivo perdido');
    await buildDocument(t.ctx, original.id, 'Archivo presente');
    await t.ctx.storage.delete(lost.storageKey);
    const created = await createRenewal(original.id);
    expect(created.statusCode, created.body).toBe(201);
    const listed = await call(t.app, { url: `/api/courses/${created.json().course.id}/documents`, cookie: admin });
    expect(listed.json().documents.map((d: { name: string }) => d.name)).toEqual(['Archivo presente']);
  });

  it('shortens the usual name to fit a course name', async () => {
    const long = 'Curso de formación de árbitros de balonmano de la Federación Metropolitana, con práctica en clubes de primera';
    const original = await buildCourse(t.ctx, { name: long.slice(0, NAME_MAX) });
    const { defaultName } = (await preview(original.id)).json();
    expect(defaultName.length).toBeLessThanOrEqual(NAME_MAX);
    expect(defaultName).toMatch(/^Actualización 2027: Curso de formación.*…$/);
    const created = await createRenewal(original.id);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().course.name).toBe(defaultName);
  });

  it('answers 401, 403, 404 and malformed requests in Spanish, and creates nothing', async () => {
    const original = await buildCourse(t.ctx);
    const student = await signedIn(t.app, t.ctx);
    const renewals = async () => (await t.ctx.db.select().from(courseTable).where(eq(courseTable.renewsCourseId, original.id))).length;
    expect((await call(t.app, { url: renewalUrl(original.id) })).statusCode).toBe(401);
    expect((await call(t.app, { method: 'POST', url: renewalUrl(original.id), body: {} })).statusCode).toBe(401);
    expect((await preview(original.id, student.cookie)).statusCode).toBe(403);
    expect((await createRenewal(original.id, {}, { cookie: student.cookie })).statusCode).toBe(403);
    for (const response of [await preview(unknownId()), await createRenewal(unknownId())]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('El curso no existe.');
    }
    for (const response of [await preview('no válido!'), await createRenewal('no válido!')]) expect(response.statusCode).toBe(400);
    const cases: Array<[unknown, string | null]> = [
      [{ name: '' }, 'Este campo es requerido'],
      [{ name: '   ' }, 'Este campo es requerido'],
      [{ name: 'x'.repeat(NAME_MAX + 1) }, tooLong('El nombre', NAME_MAX)],
      [{ name: 2027 }, null],
      [[], null],
    ];
    for (const [body, message] of cases) {
      const response = await createRenewal(original.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if (message) {
        expect(response.json().error.fields?.name, JSON.stringify(body)).toBe(message);
      }
    }
    const badKey = await createRenewal(original.id, {}, { key: 'corta' });
    expect(badKey.statusCode).toBe(400);
    expect(await renewals()).toBe(0);
    // A name already refused by the form's rules leaves no copied file behind either.
    await buildDocument(t.ctx, original.id, 'Apunte');
    const keysBefore: string[] = [];
    for await (const object of t.ctx.storage.list()) keysBefore.push(object.key);
    expect((await createRenewal(original.id, { name: '' })).statusCode).toBe(400);
    const keysAfter: string[] = [];
    for await (const object of t.ctx.storage.list()) keysAfter.push(object.key);
    expect(keysAfter.sort()).toEqual(keysBefore.sort());
  });
});

describe('finishing a renewal course', () => {
  it('issues a new licence in it with a new expiry, once its requirement is met', async () => {
    const original = await buildCourse(t.ctx, { name: 'Curso de Árbitros 2026' });
    await buildModule(t.ctx, original.id, { name: 'Novedades del reglamento' });
    await requireFitness(t, admin, original.id, { ...defaultLicence, months: 12 });
    const holder = await signedIn(t.app, t.ctx, 'student', { name: 'Renata Renueva' });
    const old = await issueLicenceOn(t, admin, { courseId: original.id, userId: holder.id, day: '2026-03-20' });
    expect(old.expiresOn).toBe('2027-03-20');

    setToday('2027-03-01');
    const created = await createRenewal(original.id);
    expect(created.json().enrolled).toBe(1);
    const renewalId = created.json().course.id as string;
    expect((await call(t.app, { url: `/api/courses/${renewalId}`, cookie: holder.cookie })).statusCode).toBe(200);
    // The copied requirement applies: nothing to issue before the physical test of the renewal.
    const early = await call(t.app, { method: 'POST', url: `/api/courses/${renewalId}/certificates`, cookie: admin, body: {} });
    expect(early.statusCode).toBe(409);

    const renewed = await issueLicenceOn(t, admin, { courseId: renewalId, userId: holder.id, day: '2027-03-10' });
    expect(renewed).toMatchObject({
      courseId: renewalId,
      courseName: 'Actualización 2027: Curso de Árbitros 2026',
      level: 'Árbitro Provincial',
      issuedOn: '2027-03-10',
      expiresOn: '2028-03-10',
      revokedAt: null,
    });
    expect(renewed.code).not.toBe(old.code);
    // The old licence stands as issued.
    const [still] = await t.ctx.db.select().from(certificate).where(eq(certificate.id, old.id));
    expect(still).toMatchObject({ expiresOn: '2027-03-20', revokedAt: null });
    expect(
      await t.ctx.db
        .select()
        .from(certificate)
        .where(and(eq(certificate.userId, holder.id), isNull(certificate.revokedAt), ne(certificate.id, old.id))),
    ).toHaveLength(1);
  });
});
