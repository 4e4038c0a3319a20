// Every API route × who calls it → the status they get (PRODUCT.md, "Authorization").
// "outsider" is a student of another course, with nothing of this one enabled; "student" has
// this course and its first module enabled. Each row's calls run in the order of the columns.
// Then the course's team (shared/course-roles.ts): its instructor, an instructor of another course,
// its assistant, observer and treasurer; what each of them gets follows from the route's rule in
// `staffRules` (one per route: a route without one fails) and the table of roles and actions.
// An outsider gets 404 for this course's ids, exactly as for ids that do not exist
// (tests/api/hidden-ids.test.ts compares the two answers); 403 means a route of another role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import {
  certificate as certificateTable,
  courseStaff as courseStaffTable,
  course as courseTable,
  courseModule as moduleTable,
  jugada as jugadaTable,
  match as matchTable,
  matchComment as matchCommentTable,
  matchConsent as matchConsentTable,
  user as userTable,
  video as videoTable,
  videoRendition as videoRenditionTable,
} from '../../src/server/db/schema.ts';
import { newCode } from '../../src/server/certificates/service.ts';
import { messages } from '../../src/shared/messages.ts';
import { mayDo, type CourseAction, type StaffRole } from '../../src/shared/course-roles.ts';
import {
  activityOf,
  buildCourse,
  buildJugada,
  buildDocument,
  buildMessage,
  buildModule,
  enableCourse,
  enableModule,
  signedIn,
  submitAnswers,
  unknownId,
} from './helpers/content.ts';
import { recordFitness } from './helpers/record.ts';
import { createUser } from './helpers/builders.ts';
import { buildBank, buildExam } from './helpers/exams.ts';
import { mp4Bytes, multipart, pdfBytes, pngBytes, webmBytes } from './helpers/files.ts';
import { courseOptions, updateJugada } from '../../src/server/jugadas/service.ts';
import { insertVideo } from '../../src/server/videos/service.ts';
import { updateModule } from '../../src/server/modules/service.ts';
import { call, login, type CallOptions } from './helpers/http.ts';
import { listen, openEventStream } from './helpers/live.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';
import { storeBuffer } from '../../src/server/files/storage.ts';
import { dayOf, timeOf } from '../../src/shared/calendar.ts';

type StaffCaller = 'instructor' | 'otherInstructor' | 'assistant' | 'observer' | 'treasurer';
type Caller = 'anonymous' | 'outsider' | 'student' | 'admin' | StaffCaller;
const staffCallers: StaffCaller[] = ['instructor', 'otherInstructor', 'assistant', 'observer', 'treasurer'];
/** Each staff caller's roles; all but `otherInstructor` hold them in this course. */
const staffRolesOf: Record<StaffCaller, StaffRole[]> = {
  instructor: ['instructor'],
  otherInstructor: ['instructor'],
  assistant: ['ayudante'],
  observer: ['observador'],
  treasurer: ['tesoreria'],
};
/** 'Requisitos de aprobación' asking nothing, with a licence. */
const approvalBody = {
  requirements: {
    minAttendancePercent: null,
    examIds: [],
    allActivities: false,
    minJugadasPercent: null,
    fitness: false,
    minObservationAverage: null,
    paymentsUpToDate: false,
  },
  licence: { level: 'Árbitro Provincial', rulesEdition: 'IHF 2025', months: 12 },
};
/** 'Firma del certificado'. */
const signerBody = { name: 'Marta Gómez', title: 'Directora de la Escuela de Árbitros' };
const callers: Caller[] = ['anonymous', 'outsider', 'student', 'admin', ...staffCallers];
type Request = Omit<CallOptions, 'ip'>;

interface Row {
  route: string;
  /** Expected status for anonymous, outsider, student with access, admin (the team's: from `staffRules`). */
  expected: [number, number, number, number];
  request: (as: Caller) => Request | Promise<Request>;
  /** A Server-Sent Events stream: called over a real connection. */
  stream?: boolean;
  /** The same route with another id, called by someone allowed to use it: unknown → 404, malformed → 400. */
  unknown?: { as: Exclude<Caller, 'anonymous'>; request: (id: string) => Request };
  idInBody?: boolean;
}

let t: TestApp;
let baseUrl: string;
const cookies = {} as Record<Caller, string | undefined>;
let passwords: Record<Exclude<Caller, 'anonymous'>, { email: string; password: string }>;
const staffIds = {} as Record<StaffCaller, string>;
const f = {
  courseId: '',
  moduleId: '',
  documentId: '',
  imageId: '',
  studentId: '',
  /** A student the admin routes act on. */
  targetId: '',
  /** A jugada of the module with an uploaded clip. */
  jugadaId: '',
  /** A module of the course whose video is an uploaded file, enabled for the student. */
  videoModuleId: '',
  /** An exam of the module, and the student's open attempt at it. */
  examId: '',
  attemptId: '',
  /** A question of the course's bank. */
  bankQuestionId: '',
  /** An uploaded video whose processing failed ('Reintentar' puts it back in the queue, and answers the same again). */
  failedVideoId: '',
};

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listen(t.app);
  cookies.admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);

  const course = await buildCourse(t.ctx);
  const module = await buildModule(t.ctx, course.id);
  await buildModule(t.ctx, course.id);
  const otherCourse = await buildCourse(t.ctx);
  const otherModule = await buildModule(t.ctx, otherCourse.id);

  const student = await signedIn(t.app, t.ctx, 'student');
  await enableModule(t.ctx, student.id, module.id);
  const outsider = await signedIn(t.app, t.ctx, 'student');
  await enableModule(t.ctx, outsider.id, otherModule.id);
  const target = await createUser(t.ctx);

  cookies.student = student.cookie;
  cookies.outsider = outsider.cookie;
  const staff = {} as Record<StaffCaller, { email: string; password: string }>;
  for (const as of staffCallers) {
    const member = await signedIn(t.app, t.ctx, 'student');
    const courseId = as === 'otherInstructor' ? otherCourse.id : course.id;
    await t.ctx.db.insert(courseStaffTable).values(staffRolesOf[as].map((role) => ({ courseId, userId: member.id, role })));
    // Signed in again: the session now knows they are on a team.
    cookies[as] = await login(t.app, member.email, member.password);
    staff[as] = member;
    staffIds[as] = member.id;
  }
  passwords = { admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, student, outsider, ...staff };
  await buildMessage(t.ctx, module.id, student, 'Primera pregunta');
  Object.assign(f, {
    courseId: course.id,
    moduleId: module.id,
    documentId: (await buildDocument(t.ctx, course.id)).id,
    // The course's picture: its students see it, other students get the same 404 as for no picture.
    imageId: (await t.ctx.db.select({ imageId: courseTable.imageId }).from(courseTable).where(eq(courseTable.id, course.id)))[0]!.imageId,
    studentId: student.id,
    targetId: target.id,
  });
  const videoId = await insertVideo(t.ctx.db, {
    key: await storeBuffer(t.ctx.storage, webmBytes(), 'webm', 'video/webm'),
    mime: 'video/webm',
    size: webmBytes().length,
  });
  const jugada = await buildJugada(t.ctx, module.id);
  await updateJugada(t.ctx.db, jugada.id, {
    ...jugadaBody(),
    video: { kind: 'file', videoId },
    correctDecisionId: jugada.correctDecisionId,
    correctSanctionId: jugada.correctSanctionId,
  });
  f.jugadaId = jugada.id;
  const moduleVideoId = await insertVideo(t.ctx.db, {
    key: await storeBuffer(t.ctx.storage, webmBytes(), 'webm', 'video/webm'),
    mime: 'video/webm',
    size: webmBytes().length,
  });
  const videoModule = await buildModule(t.ctx, course.id);
  await updateModule(t.ctx.db, videoModule.id, { videoId: moduleVideoId });
  await enableModule(t.ctx, student.id, videoModule.id);
  f.videoModuleId = videoModule.id;
  f.failedVideoId = await insertVideo(t.ctx.db, {
    key: await storeBuffer(t.ctx.storage, webmBytes(), 'webm', 'video/webm'),
    mime: 'video/webm',
    size: webmBytes().length,
  });
  await t.ctx.db
    .update(videoTable)
    .set({ renditionState: 'fallida', processingError: 'ffmpeg falló' })
    .where(eq(videoTable.id, f.failedVideoId));
  // Both videos' 240p rendition and poster, and the module video's captions, as the worker and the form leave them.
  for (const id of [videoId, moduleVideoId]) {
    const storageKey = await storeBuffer(t.ctx.storage, Buffer.from('240p'), 'mp4', 'video/mp4');
    await t.ctx.db.insert(videoRenditionTable).values({ videoId: id, height: 240, storageKey, mimeType: 'video/mp4', size: 4 });
    const posterKey = await storeBuffer(t.ctx.storage, Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'jpg', 'image/jpeg');
    await t.ctx.db.update(videoTable).set({ renditionState: 'lista', posterKey }).where(eq(videoTable.id, id));
  }
  const captionsKey = await storeBuffer(t.ctx.storage, vttBytes(), 'vtt', 'text/vtt');
  await t.ctx.db.update(moduleTable).set({ captionsKey }).where(eq(moduleTable.id, videoModule.id));
  f.bankQuestionId = (await buildBank(t.ctx, course.id, [{}, {}, {}, {}]))[0]!.id;
  // A clip for video exams: an uploaded file with a known end, for 'Examen' only.
  const examClip = await buildJugada(t.ctx, module.id);
  await updateJugada(t.ctx.db, examClip.id, {
    ...jugadaBody(),
    video: { kind: 'file', videoId },
    start: 1,
    end: 9,
    correctDecisionId: examClip.correctDecisionId,
    correctSanctionId: examClip.correctSanctionId,
  });
  await t.ctx.db.update(jugadaTable).set({ use: 'examen' }).where(eq(jugadaTable.id, examClip.id));
  f.examId = (await buildExam(t.ctx, course.id, module.id)).id;
  const started = await call(t.app, { method: 'POST', url: `/api/exams/${f.examId}/attempts`, cookie: student.cookie });
  f.attemptId = (started.json() as { attempt: { id: string } }).attempt.id;
});

/** A jugada as the admin's form sends it, with the course's first options. */
function jugadaBody(options?: { decisions: { id: string }[]; sanctions: { id: string }[] }) {
  return {
    video: { kind: 'youtube' as const, url: 'dQw4w9WgXcQ' },
    start: null,
    end: null,
    prompt: '¿Qué cobrás?',
    correctDecisionId: options?.decisions[0]?.id ?? '',
    correctSanctionId: options?.sanctions[0]?.id ?? '',
    moment: null,
    tolerance: 1,
    explanation: 'Regla 8',
  };
}

let bankCounter = 0;
/** A bank question as the admin's form sends it, each with its own text. */
const bankQuestionBody = () => ({
  text: `¿Qué se cobra en la jugada ${++bankCounter}?`,
  options: ['Tiro libre', 'Tiro de 7 metros'],
  correct: [0],
  chapter: 'Regla 13',
  rule: '13:1',
  explanation: 'Así lo dice el reglamento.',
  edition: 2025,
});
/** A new question of the course's bank, in an edition no exam draws from. */
const freshBankQuestion = async () => (await buildBank(t.ctx, f.courseId, [{ chapter: 'Regla 99' }]))[0]!.id;
/** An import file with one new question for each caller. */
const bankFile = (as: Caller) =>
  multipart([
    { name: 'edition', value: '2025' },
    {
      name: 'file',
      filename: 'banco.csv',
      content: Buffer.from(`pregunta;a;b;correctas;capitulo\n¿Importada por ${as} ${++bankCounter}?;Sí;No;a;Regla 8\n`),
      contentType: 'text/csv',
    },
  ]);

/** An exam of the module as the admin's form sends it. */
const examBody = () => ({
  title: 'Examen de reglamento',
  moduleId: f.moduleId,
  questionCount: 2,
  perChapter: [],
  fixedQuestionIds: [],
  criticalQuestionIds: [],
  timeMinutes: 20,
  passPercent: 50,
  attempts: 3,
  waitHours: 0,
  resultsRelease: 'al-entregar',
  opensAt: null,
  closesAt: null,
});
const scheduleBody = { resultsRelease: 'al-entregar', opensAt: null, closesAt: null };
/** A class of the course as the admin's form sends it: starting now, so it takes attendance. */
const lessonBody = () => ({ date: dayOf(t.ctx.clock.now()), time: timeOf(t.ctx.clock.now()), durationMinutes: 240 });
/** A new class of the course, running now. */
async function freshLesson() {
  const response = await call(t.app, {
    method: 'POST',
    url: `/api/courses/${f.courseId}/lessons`,
    cookie: cookies.admin!,
    body: lessonBody(),
  });
  return (response.json() as { lesson: { id: string } }).lesson.id;
}
let runningLesson: Promise<string> | undefined;
/** The course's class running now (made once). */
const lessonNow = () => (runningLesson ??= freshLesson());
/** The code 'Tomar asistencia' shows now for that class. */
async function codeNow() {
  const response = await call(t.app, { url: `/api/lessons/${await lessonNow()}/code`, cookie: cookies.admin! });
  return (response.json() as { code: string }).code;
}
/** 'Registrar prueba física' as the form sends it: today, level 9. */
const fitnessBody = () => ({ testedOn: dayOf(t.ctx.clock.now()), level: 9 });
/** A new physical test result of the student's. */
async function freshFitnessResult() {
  const response = await call(t.app, {
    method: 'POST',
    url: `/api/courses/${f.courseId}/trainees/${f.studentId}/fitness-results`,
    cookie: cookies.admin!,
    body: fitnessBody(),
  });
  return (response.json() as { result: { id: string } }).result.id;
}
/** A certificate of `userId` in the course, written straight to its table (issuing has its own tests). */
async function buildCertificate(userId: string) {
  const row = { id: randomUUID(), code: newCode() };
  await t.ctx.db.insert(certificateTable).values({
    ...row,
    courseId: f.courseId,
    userId,
    holderName: 'Alumno',
    courseName: 'Curso',
    level: 'Árbitro Provincial',
    rulesEdition: 'IHF 2025',
    issuedOn: '2026-11-28',
    expiresOn: '2027-11-28',
    issuedByName: 'Administrador',
    signerName: 'Marta Gómez',
    signerTitle: 'Directora de la Escuela de Árbitros',
  });
  return row;
}
let studentCertificate: Promise<{ id: string; code: string }> | undefined;
/** The student's certificate (made once). */
const certificateOfStudent = () => (studentCertificate ??= buildCertificate(f.studentId));
/** A certificate still in force, of a new trainee each time ('Revocar' it). */
const freshCertificate = async () => (await buildCertificate((await createUser(t.ctx)).id)).id;
/** A new course asking 'Prueba física aprobada', with one trainee who passed it: 'Emitir certificados' issues one. */
async function courseToCertify() {
  const built = { id: await courseWithTeam() };
  await t.ctx.db
    .update(courseTable)
    .set({
      requirements: { ...approvalBody.requirements, fitness: true },
      licenceLevel: 'Árbitro Provincial',
      certificateSignerName: 'Marta Gómez',
      certificateSignerTitle: 'Directora de la Escuela de Árbitros',
    })
    .where(eq(courseTable.id, built.id));
  const trainee = await createUser(t.ctx);
  await enableCourse(t.ctx, trainee.id, built.id);
  await recordFitness(t.ctx, built.id, trainee.id, 9);
  return built.id;
}
/** A new course with one trainee, for 'Cerrar acta' (the shared course stays open: its requirements can still change). */
async function courseToClose() {
  const built = { id: await courseWithTeam() };
  await enableCourse(t.ctx, f.targetId, built.id);
  return built.id;
}
/** A closed course record ('Acta N° 1') of a new course. */
async function closedRecord() {
  const courseId = await courseToClose();
  const response = await call(t.app, { method: 'POST', url: `/api/courses/${courseId}/records`, cookie: cookies.admin! });
  return { courseId, recordId: (response.json() as { record: { id: string } }).record.id };
}
/** 'Registrar pago' as the form sends it: $ 1 for the student, today. */
const paymentBody = () => ({ userId: f.studentId, amount: 1, paidOn: dayOf(t.ctx.clock.now()), method: 'efectivo' });
/** A new payment of the student's. */
async function freshPayment() {
  const response = await call(t.app, {
    method: 'POST',
    url: `/api/courses/${f.courseId}/payments`,
    cookie: cookies.admin!,
    body: paymentBody(),
  });
  return (response.json() as { payment: { id: string } }).payment.id;
}
/** A receipt file ('Comprobante') as the form uploads it. */
const receiptFile = () =>
  multipart([{ name: 'file', filename: 'comprobante.pdf', content: pdfBytes('Comprobante'), contentType: 'application/pdf' }]);
let receiptPayment: Promise<string> | undefined;
/** A payment of the student's with a receipt (made once). */
const paymentWithReceipt = () =>
  (receiptPayment ??= freshPayment().then(async (id) => {
    await call(t.app, { method: 'PUT', url: `/api/payments/${id}/receipt`, cookie: cookies.admin!, ...receiptFile() });
    return id;
  }));
/** 'Nueva observación' as the form sends it. */
const observationBody = () => ({
  observedOn: dayOf(t.ctx.clock.now()),
  match: 'Club A – Club B',
  observer: 'Laura',
  criteria: Object.fromEntries(
    ['ubicacion', 'senalizacion', 'sancion-progresiva', 'comunicacion', 'condicion-fisica'].map((key) => [key, { score: 4 }]),
  ),
});
/** The match under review: the student's, ready to watch, 10 minutes long (made once, on first use). */
let reviewMatch: Promise<string> | undefined;
const reviewMatchId = () =>
  (reviewMatch ??= (async () => {
    const id = randomUUID();
    await t.ctx.db.insert(matchTable).values({
      id,
      courseId: f.courseId,
      uploadedBy: f.studentId,
      playedOn: '2026-11-21',
      title: 'Vélez – Ferro, Primera B',
      state: 'lista',
      fileSize: 1000,
      durationSeconds: 600,
    });
    // The student allowed teaching clips: 'Convertir en jugada' then stops at the missing ladder (409).
    await t.ctx.db.insert(matchConsentTable).values({ userId: f.studentId, allowed: true }).onConflictDoNothing();
    return id;
  })());
/** 'Subir partido' as the form sends it, for the course (a small file). */
const matchBody = () => ({
  courseId: f.courseId,
  playedOn: '2026-11-21',
  title: 'Boca – River',
  category: '',
  partnerId: null,
  fileSize: 300,
});
/** A new match of the student's, waiting for its file (`stored`: its original already uploaded). */
async function freshMatch(stored = false) {
  const id = randomUUID();
  const content = mp4Bytes();
  await t.ctx.db.insert(matchTable).values({
    id,
    courseId: f.courseId,
    uploadedBy: f.studentId,
    playedOn: '2026-11-21',
    title: 'Boca – River',
    fileSize: stored ? content.length : 300,
    ...(stored
      ? { state: 'procesando' as const, storageKey: await storeBuffer(t.ctx.storage, content, 'video', 'video/mp4'), mimeType: 'video/mp4' }
      : {}),
  });
  return id;
}
let storedMatch: Promise<string> | undefined;
/** The student's match whose original is uploaded (made once). */
const storedMatchId = () => (storedMatch ??= freshMatch(true));
const tusHeaders = (matchId: string, size = 300) => ({
  'tus-resumable': '1.0.0',
  'upload-length': String(size),
  'upload-metadata': `matchId ${Buffer.from(matchId).toString('base64')}`,
});
/** A new upload (tus) of a new match of the student's: its id. */
async function freshUpload() {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/matches/uploads',
    cookie: cookies.student!,
    headers: tusHeaders(await freshMatch()),
  });
  return String(response.headers.location).split('/').pop()!;
}
const tusPatch = (uploadId: string) => ({
  method: 'PATCH' as const,
  url: `/api/matches/uploads/${uploadId}`,
  headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
  body: mp4Bytes().subarray(0, 300) as unknown as string,
});
/** A new comment on the match under review, written by `as` (an administrator's for those who cannot write one). */
async function freshMatchComment(as: Caller) {
  const matchId = await reviewMatchId();
  const [adminRow] = await t.ctx.db.select({ id: userTable.id }).from(userTable).where(eq(userTable.email, ADMIN_EMAIL));
  const authorId = as === 'student' ? f.studentId : as in staffIds ? staffIds[as as StaffCaller] : adminRow!.id;
  const id = randomUUID();
  await t.ctx.db.insert(matchCommentTable).values({
    id,
    matchId,
    authorId,
    authorName: 'Autor',
    atSeconds: 61,
    criterion: 'ubicacion',
    verdict: 'a-mejorar',
    body: 'Lejos del 7 m',
  });
  // A trainee writes replies only: theirs is a reply in this comment's thread.
  if (as !== 'student') return id;
  const replyId = randomUUID();
  await t.ctx.db.insert(matchCommentTable).values({ id: replyId, matchId, parentId: id, authorId, authorName: 'Autor', body: 'Entendido' });
  return replyId;
}
const matchCommentBody = { atSeconds: 83.5, criterion: 'senalizacion', verdict: 'bien', body: 'Clara la señal del pasivo' };
/** A new match observation of the student's. */
async function freshObservation() {
  const response = await call(t.app, {
    method: 'POST',
    url: `/api/courses/${f.courseId}/trainees/${f.studentId}/observations`,
    cookie: cookies.admin!,
    body: observationBody(),
  });
  return (response.json() as { observation: { id: string } }).observation.id;
}
let answerSeq = 0;
/** A new exam of the module nobody has sat. */
const freshExam = async () => (await buildExam(t.ctx, f.courseId, f.moduleId)).id;
/** An exam with its window ('Abre' and 'Cierra'): what a calendar can hold. */
let datedExamId: Promise<string> | undefined;
const datedExam = () =>
  (datedExamId ??= buildExam(t.ctx, f.courseId, f.moduleId, {
    opensAt: '2027-05-01T12:00:00.000Z',
    closesAt: '2027-05-02T12:00:00.000Z',
  }).then((exam) => exam.id));
/** The path of the trainee's private calendar feed, as 'Calendario' gives it now. */
const studentFeedPath = async () =>
  new URL((await call(t.app, { url: '/api/me/calendar', cookie: cookies.student })).json<{ url: string }>().url).pathname;
/** A browser's push subscription (its keys' shapes; nothing is sent to it here). */
const pushSubscriptionBody = {
  endpoint: 'https://push.example.com/send/autorizacion',
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
};
/** A new open attempt of the student's. */
async function freshAttempt() {
  const response = await call(t.app, { method: 'POST', url: `/api/exams/${await freshExam()}/attempts`, cookie: cookies.student! });
  return (response.json() as { attempt: { id: string } }).attempt.id;
}

/** A new open attempt of the student's at a new one-clip video exam, its clip viewed when `viewed`. */
async function freshVideoAttempt(viewed = false) {
  const exam = await buildExam(t.ctx, f.courseId, f.moduleId, { kind: 'video', questionCount: 1, timeMinutes: undefined });
  const response = await call(t.app, { method: 'POST', url: `/api/exams/${exam.id}/attempts`, cookie: cookies.student! });
  const id = (response.json() as { attempt: { id: string } }).attempt.id;
  if (viewed) await call(t.app, { method: 'POST', url: `/api/attempts/${id}/clips/0/views`, cookie: cookies.student! });
  return id;
}
const clipAnswer = async () => {
  const options = await courseOptionsOf();
  return { decisionId: options.decisions[0]!.id, sanctionId: options.sanctions[0]!.id, moment: null };
};

const courseOptionsOf = () => courseOptions(t.ctx.db, f.courseId);
afterAll(async () => {
  await t?.close();
});

const png = () => multipart([{ name: 'file', filename: 'portada.png', content: pngBytes(), contentType: 'image/png' }]);
const webm = () => multipart([{ name: 'file', filename: 'jugada.webm', content: webmBytes(), contentType: 'video/webm' }]);
const vttBytes = () => Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHola\n');
const vtt = () => multipart([{ name: 'file', filename: 'subtitulos.vtt', content: vttBytes(), contentType: 'text/vtt' }]);
const pdf = () =>
  multipart([
    { name: 'name', value: 'Reglamento' },
    { name: 'file', filename: 'reglamento.pdf', content: pdfBytes() },
  ]);

/** A class list with one student, a new email for each caller. */
const classList = (as: Caller) =>
  multipart([
    { name: 'courseId', value: f.courseId },
    {
      name: 'file',
      filename: 'alumnos.csv',
      content: Buffer.from(`nombre;email\nImportada ${as};importada-${as}@example.com\n`),
      contentType: 'text/csv',
    },
  ]);

/** A new course with the same team as the shared one (its instructor, assistant, observer and treasurer). */
async function courseWithTeam() {
  const { id } = await buildCourse(t.ctx);
  const members = await t.ctx.db.select().from(courseStaffTable).where(eq(courseStaffTable.courseId, f.courseId));
  const team = members.filter((member) => Object.values(staffIds).includes(member.userId));
  await t.ctx.db.insert(courseStaffTable).values(team.map((member) => ({ ...member, courseId: id })));
  return id;
}

let teamCounter = 0;
/** A new member of the course's team, an 'Ayudante'. */
async function freshMember() {
  const member = await createUser(t.ctx);
  await t.ctx.db.insert(courseStaffTable).values({ courseId: f.courseId, userId: member.id, role: 'ayudante' });
  return member.id;
}

let invitedCounter = 0;
/** A user created with an invitation (no password yet). */
async function invitedUserId(): Promise<string> {
  invitedCounter += 1;
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/users',
    cookie: cookies.admin!,
    body: { name: 'Invitada', email: `invitada-${invitedCounter}@example.com` },
  });
  return (response.json() as { user: { id: string } }).user.id;
}

/** A student whose activity of the module awaits correction, with the correction an admin would send. */
async function pendingCorrection(): Promise<Request> {
  const reviewee = await createUser(t.ctx);
  await enableModule(t.ctx, reviewee.id, f.moduleId);
  await submitAnswers(t.ctx, reviewee.id, f.moduleId);
  const { row, items } = await activityOf(t.ctx, reviewee.id, f.moduleId);
  return {
    method: 'POST',
    url: `/api/activities/${row.id}/correction`,
    body: { version: row.version, items: items.map((item) => ({ itemId: item.id, correct: true, feedback: null })) },
  };
}

/** A student's activity of the module already corrected, with the changed correction an admin would send. */
async function savedCorrection(): Promise<Request> {
  const response = await call(t.app, { ...(await pendingCorrection()), cookie: cookies.admin! });
  const activity = response.json().activity as { id: string; version: number; items: { id: string }[] };
  return {
    method: 'PUT',
    url: `/api/activities/${activity.id}/correction`,
    body: { version: activity.version, items: activity.items.map((item) => ({ itemId: item.id, correct: false, feedback: 'Revisá' })) },
  };
}

async function answersOfStudent() {
  const { items } = await activityOf(t.ctx, f.studentId, f.moduleId);
  return { answers: items.map((item) => ({ itemId: item.id, answer: 'Siete jugadores' })) };
}

const rows: Row[] = [
  // Public routes: anyone may call them.
  { route: 'GET /api/health', expected: [200, 200, 200, 200], request: () => ({ url: '/api/health' }) },
  { route: 'GET /api/openapi.json', expected: [200, 200, 200, 200], request: () => ({ url: '/api/openapi.json' }) },
  { route: 'GET /api/auth/session', expected: [200, 200, 200, 200], request: () => ({ url: '/api/auth/session' }) },
  {
    route: 'POST /api/auth/login',
    expected: [200, 200, 200, 200],
    request: () => ({ method: 'POST', url: '/api/auth/login', body: passwords.outsider }),
  },
  {
    route: 'POST /api/auth/logout',
    expected: [204, 204, 204, 204],
    // Signs out a session of its own, so the callers' sessions stay valid for the next rows.
    request: async (as) => ({
      method: 'POST',
      url: '/api/auth/logout',
      ...(as === 'anonymous' ? {} : { cookie: await login(t.app, passwords[as].email, passwords[as].password) }),
    }),
  },
  {
    route: 'POST /api/auth/forgot-password',
    expected: [200, 200, 200, 200],
    request: () => ({ method: 'POST', url: '/api/auth/forgot-password', body: { email: 'nadie@example.com' } }),
  },
  {
    route: 'POST /api/auth/reset-password',
    expected: [400, 400, 400, 400],
    request: () => ({ method: 'POST', url: '/api/auth/reset-password', body: { token: 'no-existe', password: 'nueva-clave' } }),
  },
  {
    route: 'POST /api/auth/accept-invitation',
    expected: [400, 400, 400, 400],
    request: () => ({ method: 'POST', url: '/api/auth/accept-invitation', body: { token: 'no-existe', password: 'nueva-clave' } }),
  },

  // Mi cuenta: every signed-in user reaches only their own choices.
  { route: 'GET /api/me/email-preferences', expected: [401, 200, 200, 200], request: () => ({ url: '/api/me/email-preferences' }) },
  {
    route: 'PUT /api/me/email-preferences',
    expected: [401, 200, 200, 200],
    request: () => ({ method: 'PUT', url: '/api/me/email-preferences', body: { forumReplies: 'immediate' } }),
  },
  // 'Avisos' and 'Calendario': each signed-in person's own phones, choices and calendar address.
  { route: 'GET /api/me/push', expected: [401, 200, 200, 200], request: () => ({ url: '/api/me/push' }) },
  {
    route: 'PUT /api/me/push/subscription',
    expected: [401, 204, 204, 204],
    request: () => ({ method: 'PUT', url: '/api/me/push/subscription', body: pushSubscriptionBody }),
  },
  {
    route: 'DELETE /api/me/push/subscription',
    expected: [401, 204, 204, 204],
    request: () => ({ method: 'DELETE', url: '/api/me/push/subscription', body: { endpoint: pushSubscriptionBody.endpoint } }),
  },
  { route: 'GET /api/me/notice-preferences', expected: [401, 200, 200, 200], request: () => ({ url: '/api/me/notice-preferences' }) },
  {
    route: 'PUT /api/me/notice-preferences',
    expected: [401, 200, 200, 200],
    request: () => ({ method: 'PUT', url: '/api/me/notice-preferences', body: { examOpen: { push: true, email: 'never' } } }),
  },
  { route: 'GET /api/me/calendar', expected: [401, 200, 200, 200], request: () => ({ url: '/api/me/calendar' }) },
  {
    route: 'POST /api/me/calendar/address',
    expected: [401, 200, 200, 200],
    request: () => ({ method: 'POST', url: '/api/me/calendar/address' }),
  },
  // The feed is read without a session, with its private address (the trainee's, here).
  { route: 'GET /api/calendar/:file', expected: [200, 200, 200, 200], request: async () => ({ url: await studentFeedPath() }) },
  {
    route: 'PATCH /api/me',
    expected: [401, 200, 200, 200],
    request: () => ({ method: 'PATCH', url: '/api/me', body: { name: 'Nombre de prueba' } }),
  },
  // 'Equipo del curso': its instructors and the administrators.
  {
    route: 'GET /api/courses/:courseId/team',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/team` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/team` }) },
  },
  {
    route: 'GET /api/courses/:courseId/team/candidates',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/team/candidates?q=ana` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/team/candidates?q=ana` }) },
  },
  {
    route: 'POST /api/courses/:courseId/team',
    expected: [401, 403, 403, 201],
    request: (as) => ({
      method: 'POST',
      url: `/api/courses/${f.courseId}/team`,
      body: { name: 'Ayudante nueva', email: `equipo-${as}-${++teamCounter}@example.com`, roles: ['ayudante'] },
    }),
    unknown: {
      as: 'admin',
      request: (id) => ({ method: 'POST', url: `/api/courses/${id}/team`, body: { userId: f.targetId, roles: ['ayudante'] } }),
    },
  },
  {
    route: 'PUT /api/courses/:courseId/team/:userId',
    expected: [401, 403, 403, 200],
    request: async () => ({
      method: 'PUT',
      url: `/api/courses/${f.courseId}/team/${await freshMember()}`,
      body: { roles: ['observador'] },
    }),
    unknown: {
      as: 'admin',
      request: (id) => ({ method: 'PUT', url: `/api/courses/${f.courseId}/team/${id}`, body: { roles: ['observador'] } }),
    },
  },
  {
    route: 'DELETE /api/courses/:courseId/team/:userId',
    expected: [401, 403, 403, 204],
    request: async () => ({ method: 'DELETE', url: `/api/courses/${f.courseId}/team/${await freshMember()}` }),
    unknown: { as: 'admin', request: (id) => ({ method: 'DELETE', url: `/api/courses/${f.courseId}/team/${id}` }) },
  },
  // 'Registro de cambios': the course's instructors and the administrators.
  {
    route: 'GET /api/courses/:courseId/changes',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/changes?tipo=pagos&desde=2026-01-01&hasta=2026-12-31&persona=ana` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/changes` }) },
  },
  {
    route: 'GET /api/courses/:courseId/changes.csv',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/changes.csv?tipo=equipo` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/changes.csv` }) },
  },
  // Their own teams (none for most).
  { route: 'GET /api/me/teams', expected: [401, 200, 200, 200], request: () => ({ url: '/api/me/teams' }) },
  // Their own record in 'Mi cuenta' (an admin follows no course: an empty list).
  { route: 'GET /api/me/record', expected: [401, 200, 200, 200], request: () => ({ url: '/api/me/record' }) },
  // A wrong current password (a right one would end the other rows' sessions): reached by every signed-in user.
  {
    route: 'PUT /api/me/password',
    expected: [401, 400, 400, 400],
    request: () => ({ method: 'PUT', url: '/api/me/password', body: { currentPassword: 'no-es-la-actual', newPassword: 'clave-nueva-1' } }),
  },

  // Images
  {
    route: 'POST /api/images',
    expected: [401, 403, 403, 201],
    request: () => {
      const { body, headers } = png();
      return { method: 'POST', url: '/api/images', body, headers };
    },
  },
  {
    route: 'GET /api/images/:imageId',
    expected: [401, 404, 200, 200],
    request: () => ({ url: `/api/images/${f.imageId}` }),
    unknown: { as: 'outsider', request: (id) => ({ url: `/api/images/${id}` }) },
  },

  // Courses
  { route: 'GET /api/courses', expected: [401, 200, 200, 200], request: () => ({ url: '/api/courses' }) },
  { route: 'GET /api/courses/overview', expected: [401, 403, 403, 200], request: () => ({ url: '/api/courses/overview' }) },
  {
    route: 'POST /api/courses',
    expected: [401, 403, 403, 201],
    request: () => ({ method: 'POST', url: '/api/courses', body: { name: 'Curso nuevo', description: 'Bienvenida', imageId: f.imageId } }),
  },
  {
    route: 'GET /api/courses/:courseId',
    expected: [401, 404, 200, 200],
    request: () => ({ url: `/api/courses/${f.courseId}` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}` }) },
  },
  {
    route: 'PATCH /api/courses/:courseId',
    expected: [401, 403, 403, 200],
    request: () => ({ method: 'PATCH', url: `/api/courses/${f.courseId}`, body: { description: 'Bienvenidos al curso' } }),
    unknown: { as: 'admin', request: (id) => ({ method: 'PATCH', url: `/api/courses/${id}`, body: { name: 'X' } }) },
  },

  {
    route: 'PUT /api/courses/:courseId/archived',
    expected: [401, 403, 403, 200],
    // A course of its own (then restored), so the other rows keep theirs.
    request: async () => ({ method: 'PUT', url: `/api/courses/${await courseWithTeam()}/archived`, body: { archived: true } }),
    unknown: { as: 'admin', request: (id) => ({ method: 'PUT', url: `/api/courses/${id}/archived`, body: { archived: true } }) },
  },
  {
    route: 'DELETE /api/courses/:courseId',
    expected: [401, 403, 403, 204],
    request: async () => ({ method: 'DELETE', url: `/api/courses/${(await buildCourse(t.ctx)).id}` }),
    unknown: { as: 'admin', request: (id) => ({ method: 'DELETE', url: `/api/courses/${id}` }) },
  },

  // Modules
  {
    route: 'GET /api/courses/:courseId/modules',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/modules` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/modules` }) },
  },
  {
    route: 'POST /api/modules',
    expected: [401, 403, 403, 201],
    request: () => ({
      method: 'POST',
      url: '/api/modules',
      body: { courseId: f.courseId, name: 'Módulo nuevo', imageId: f.imageId, videoUrl: 'dQw4w9WgXcQ', questions: ['¿Qué es un pasivo?'] },
    }),
    // The course is named in the body, where any text is looked up: a malformed id is just unknown.
    idInBody: true,
    unknown: {
      as: 'admin',
      request: (id) => ({
        method: 'POST',
        url: '/api/modules',
        body: { courseId: id, name: 'Módulo nuevo', imageId: f.imageId, videoUrl: 'dQw4w9WgXcQ', questions: [] },
      }),
    },
  },
  {
    route: 'PATCH /api/modules/:moduleId',
    expected: [401, 403, 403, 200],
    request: () => ({
      method: 'PATCH',
      url: `/api/modules/${f.moduleId}`,
      body: { videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    }),
    unknown: { as: 'admin', request: (id) => ({ method: 'PATCH', url: `/api/modules/${id}`, body: { name: 'X' } }) },
  },
  {
    route: 'PUT /api/courses/:courseId/modules/order',
    expected: [401, 403, 403, 204],
    request: async () => {
      const list = await call(t.app, { url: `/api/courses/${f.courseId}/modules`, cookie: cookies.admin! });
      const ids = (list.json().modules as { id: string }[]).map((m) => m.id);
      return { method: 'PUT', url: `/api/courses/${f.courseId}/modules/order`, body: { moduleIds: ids } };
    },
    unknown: {
      as: 'admin',
      request: (id) => ({ method: 'PUT', url: `/api/courses/${id}/modules/order`, body: { moduleIds: [f.moduleId] } }),
    },
  },

  {
    route: 'PUT /api/modules/:moduleId/archived',
    expected: [401, 403, 403, 200],
    request: async () => ({
      method: 'PUT',
      url: `/api/modules/${(await buildModule(t.ctx, f.courseId)).id}/archived`,
      body: { archived: true },
    }),
    unknown: { as: 'admin', request: (id) => ({ method: 'PUT', url: `/api/modules/${id}/archived`, body: { archived: true } }) },
  },
  {
    route: 'DELETE /api/modules/:moduleId',
    expected: [401, 403, 403, 204],
    request: async () => ({ method: 'DELETE', url: `/api/modules/${(await buildModule(t.ctx, f.courseId)).id}` }),
    unknown: { as: 'admin', request: (id) => ({ method: 'DELETE', url: `/api/modules/${id}` }) },
  },

  // Documents
  {
    route: 'GET /api/courses/:courseId/documents',
    expected: [401, 404, 200, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/documents` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/documents` }) },
  },
  {
    route: 'POST /api/courses/:courseId/documents',
    expected: [401, 403, 403, 201],
    request: () => ({ method: 'POST', url: `/api/courses/${f.courseId}/documents`, ...pdf() }),
    unknown: { as: 'admin', request: (id) => ({ method: 'POST', url: `/api/courses/${id}/documents`, ...pdf() }) },
  },
  {
    route: 'GET /api/documents/:documentId/file',
    expected: [401, 404, 200, 200],
    request: () => ({ url: `/api/documents/${f.documentId}/file` }),
    unknown: { as: 'student', request: (id) => ({ url: `/api/documents/${id}/file` }) },
  },
  {
    route: 'DELETE /api/documents/:documentId',
    expected: [401, 403, 403, 204],
    // A document of its own, so the download row keeps its file.
    request: async () => ({ method: 'DELETE', url: `/api/documents/${(await buildDocument(t.ctx, f.courseId)).id}` }),
    unknown: { as: 'admin', request: (id) => ({ method: 'DELETE', url: `/api/documents/${id}` }) },
  },

  // Users and access
  { route: 'GET /api/users', expected: [401, 403, 403, 200], request: () => ({ url: '/api/users?search=estudiante&page=1' }) },
  {
    route: 'POST /api/users',
    expected: [401, 403, 403, 201],
    request: (as) => ({
      method: 'POST',
      url: '/api/users',
      // Into the course: an instructor creates trainees of their own courses only.
      body: { name: 'Nueva', email: `nueva-${as}@example.com`, password: 'clave-segura', courseId: f.courseId },
    }),
  },
  {
    route: 'GET /api/users/:userId',
    expected: [401, 403, 403, 200],
    // The student asks about themselves: still admin data.
    request: () => ({ url: `/api/users/${f.studentId}` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/users/${id}` }) },
  },
  {
    route: 'POST /api/users/:userId/invitation',
    expected: [401, 403, 403, 200],
    // A user invited without a password, so the admin can resend.
    request: async () => ({ method: 'POST', url: `/api/users/${await invitedUserId()}/invitation` }),
    unknown: { as: 'admin', request: (id) => ({ method: 'POST', url: `/api/users/${id}/invitation` }) },
  },
  {
    route: 'POST /api/users/import/preview',
    expected: [401, 403, 403, 200],
    request: (as) => ({ method: 'POST', url: '/api/users/import/preview', ...classList(as) }),
  },
  {
    route: 'POST /api/users/import',
    expected: [401, 403, 403, 200],
    request: (as) => ({ method: 'POST', url: '/api/users/import', ...classList(as) }),
  },
  {
    route: 'PUT /api/users/:userId/active',
    expected: [401, 403, 403, 200],
    // A user of its own, deactivated: the callers' sessions stay valid.
    request: async () => ({ method: 'PUT', url: `/api/users/${(await createUser(t.ctx)).id}/active`, body: { active: false } }),
    unknown: { as: 'admin', request: (id) => ({ method: 'PUT', url: `/api/users/${id}/active`, body: { active: false } }) },
  },
  {
    route: 'GET /api/users/:userId/courses',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/users/${f.studentId}/courses` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/users/${id}/courses` }) },
  },
  {
    route: 'PUT /api/users/:userId/courses/:courseId/access',
    expected: [401, 403, 403, 204],
    request: () => ({ method: 'PUT', url: `/api/users/${f.targetId}/courses/${f.courseId}/access`, body: { enabled: true } }),
    unknown: {
      as: 'admin',
      request: (id) => ({ method: 'PUT', url: `/api/users/${f.targetId}/courses/${id}/access`, body: { enabled: true } }),
    },
  },
  {
    route: 'GET /api/users/:userId/courses/:courseId/modules',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/users/${f.studentId}/courses/${f.courseId}/modules` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/users/${id}/courses/${f.courseId}/modules` }) },
  },
  {
    route: 'PUT /api/users/:userId/modules/:moduleId/access',
    expected: [401, 403, 403, 204],
    request: () => ({ method: 'PUT', url: `/api/users/${f.targetId}/modules/${f.moduleId}/access`, body: { enabled: true } }),
    unknown: {
      as: 'admin',
      request: (id) => ({ method: 'PUT', url: `/api/users/${f.targetId}/modules/${id}/access`, body: { enabled: true } }),
    },
  },
  {
    route: 'PUT /api/modules/:moduleId/access',
    expected: [401, 403, 403, 200],
    request: () => ({ method: 'PUT', url: `/api/modules/${f.moduleId}/access`, body: { enabled: true } }),
    unknown: { as: 'admin', request: (id) => ({ method: 'PUT', url: `/api/modules/${id}/access`, body: { enabled: true } }) },
  },

  // Activities: students reach only their own, of a module enabled for them; admins use the admin routes.
  {
    route: 'PUT /api/modules/:moduleId/activity/answers',
    expected: [401, 404, 200, 403],
    request: async () => ({ method: 'PUT', url: `/api/modules/${f.moduleId}/activity/answers`, body: await answersOfStudent() }),
    unknown: { as: 'student', request: (id) => ({ method: 'PUT', url: `/api/modules/${id}/activity/answers`, body: { answers: [] } }) },
  },
  {
    route: 'POST /api/modules/:moduleId/activity/submit',
    expected: [401, 404, 200, 403],
    request: async () => ({ method: 'POST', url: `/api/modules/${f.moduleId}/activity/submit`, body: await answersOfStudent() }),
    unknown: { as: 'student', request: (id) => ({ method: 'POST', url: `/api/modules/${id}/activity/submit`, body: { answers: [] } }) },
  },
  {
    route: 'GET /api/users/:userId/modules/:moduleId/activity',
    expected: [401, 403, 403, 200],
    // The student's own activity through the admin route: refused like anyone else's.
    request: () => ({ url: `/api/users/${f.studentId}/modules/${f.moduleId}/activity` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/users/${f.studentId}/modules/${id}/activity` }) },
  },
  {
    route: 'POST /api/activities/:activityId/correction',
    expected: [401, 403, 403, 200],
    request: pendingCorrection,
    unknown: {
      as: 'admin',
      request: (id) => ({ method: 'POST', url: `/api/activities/${id}/correction`, body: { version: 1, items: [] } }),
    },
  },
  {
    route: 'PUT /api/activities/:activityId/correction',
    expected: [401, 403, 403, 200],
    request: savedCorrection,
    unknown: {
      as: 'admin',
      request: (id) => ({ method: 'PUT', url: `/api/activities/${id}/correction`, body: { version: 1, items: [] } }),
    },
  },
  {
    route: 'GET /api/courses/:courseId/progress',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/progress?search=a&page=1` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/progress` }) },
  },
  {
    route: 'GET /api/courses/:courseId/progress.csv',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/progress.csv` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/progress.csv` }) },
  },
  { route: 'GET /api/review-queue', expected: [401, 403, 403, 200], request: () => ({ url: '/api/review-queue' }) },
  // The trainee's page: the instructor's; an unknown trainee or one of another course is the same 404.
  {
    route: 'GET /api/courses/:courseId/trainees/:userId/record',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/trainees/${f.studentId}/record` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${f.courseId}/trainees/${id}/record` }) },
  },

  // Forum
  {
    route: 'GET /api/modules/:moduleId/messages',
    expected: [401, 404, 200, 200],
    request: () => ({ url: `/api/modules/${f.moduleId}/messages` }),
    unknown: { as: 'student', request: (id) => ({ url: `/api/modules/${id}/messages` }) },
  },
  {
    route: 'POST /api/modules/:moduleId/messages',
    expected: [401, 404, 201, 201],
    request: () => ({ method: 'POST', url: `/api/modules/${f.moduleId}/messages`, body: { body: '¿El pasivo se avisa antes?' } }),
    unknown: { as: 'admin', request: (id) => ({ method: 'POST', url: `/api/modules/${id}/messages`, body: { body: 'Hola' } }) },
  },
  {
    route: 'DELETE /api/messages/:messageId',
    expected: [401, 403, 403, 204],
    request: async () => {
      const message = await buildMessage(
        t.ctx,
        f.moduleId,
        { id: f.studentId, name: 'Estudiante', email: '', role: 'student' },
        'Para borrar',
      );
      return { method: 'DELETE', url: `/api/messages/${message.id}` };
    },
    unknown: { as: 'admin', request: (id) => ({ method: 'DELETE', url: `/api/messages/${id}` }) },
  },
  {
    route: 'POST /api/modules/:moduleId/messages/read',
    expected: [401, 403, 403, 204],
    request: () => ({ method: 'POST', url: `/api/modules/${f.moduleId}/messages/read` }),
    unknown: { as: 'admin', request: (id) => ({ method: 'POST', url: `/api/modules/${id}/messages/read` }) },
  },
  { route: 'GET /api/forum/modules', expected: [401, 403, 403, 200], request: () => ({ url: '/api/forum/modules' }) },
  {
    route: 'GET /api/courses/:courseId/forum',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/forum` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/forum` }) },
  },
  {
    route: 'GET /api/modules/:moduleId/events',
    expected: [401, 404, 200, 200],
    stream: true,
    request: () => ({ url: `/api/modules/${f.moduleId}/events` }),
    unknown: { as: 'student', request: (id) => ({ url: `/api/modules/${id}/events` }) },
  },
  { route: 'GET /api/forum/events', expected: [401, 403, 403, 200], stream: true, request: () => ({ url: '/api/forum/events' }) },

  // Jugadas: admins edit them and see results; a student practises only in a module enabled for them.
  {
    route: 'GET /api/courses/:courseId/jugada-options',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/jugada-options` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/jugada-options` }) },
  },
  {
    route: 'PUT /api/courses/:courseId/jugada-options',
    expected: [401, 403, 403, 200],
    request: async () => ({ method: 'PUT', url: `/api/courses/${f.courseId}/jugada-options`, body: await courseOptionsOf() }),
    unknown: {
      as: 'admin',
      request: (id) => ({
        method: 'PUT',
        url: `/api/courses/${id}/jugada-options`,
        body: { decisions: [{ label: 'Gol' }], sanctions: [{ label: 'Ninguna' }] },
      }),
    },
  },
  {
    route: 'POST /api/videos',
    expected: [401, 403, 403, 201],
    request: () => ({ method: 'POST', url: '/api/videos', ...webm() }),
  },
  {
    route: 'POST /api/videos/:videoId/retry',
    expected: [401, 403, 403, 200],
    request: () => ({ method: 'POST', url: `/api/videos/${f.failedVideoId}/retry` }),
    unknown: { as: 'admin', request: (id) => ({ method: 'POST', url: `/api/videos/${id}/retry` }) },
  },
  {
    route: 'GET /api/modules/:moduleId/jugadas',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/modules/${f.moduleId}/jugadas` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/modules/${id}/jugadas` }) },
  },
  {
    route: 'POST /api/modules/:moduleId/jugadas',
    expected: [401, 403, 403, 201],
    request: async () => ({ method: 'POST', url: `/api/modules/${f.moduleId}/jugadas`, body: jugadaBody(await courseOptionsOf()) }),
    unknown: {
      as: 'admin',
      request: (id) => ({
        method: 'POST',
        url: `/api/modules/${id}/jugadas`,
        body: { ...jugadaBody(), correctDecisionId: 'a', correctSanctionId: 'b' },
      }),
    },
  },
  {
    route: 'PUT /api/modules/:moduleId/jugadas/order',
    expected: [401, 403, 403, 204],
    request: async () => {
      const list = await call(t.app, { url: `/api/modules/${f.moduleId}/jugadas`, cookie: cookies.admin! });
      return {
        method: 'PUT',
        url: `/api/modules/${f.moduleId}/jugadas/order`,
        body: { jugadaIds: (list.json().jugadas as { id: string }[]).map((j) => j.id) },
      };
    },
    unknown: {
      as: 'admin',
      request: (id) => ({ method: 'PUT', url: `/api/modules/${id}/jugadas/order`, body: { jugadaIds: [f.jugadaId] } }),
    },
  },
  {
    route: 'PUT /api/jugadas/:jugadaId',
    expected: [401, 403, 403, 200],
    // A jugada of its own, so the clip of the shared one stays.
    request: async () => {
      const own = await buildJugada(t.ctx, f.moduleId);
      return { method: 'PUT', url: `/api/jugadas/${own.id}`, body: jugadaBody(await courseOptionsOf()) };
    },
    unknown: {
      as: 'admin',
      request: (id) => ({
        method: 'PUT',
        url: `/api/jugadas/${id}`,
        body: { ...jugadaBody(), correctDecisionId: 'a', correctSanctionId: 'b' },
      }),
    },
  },
  {
    route: 'DELETE /api/jugadas/:jugadaId',
    expected: [401, 403, 403, 204],
    request: async () => ({ method: 'DELETE', url: `/api/jugadas/${(await buildJugada(t.ctx, f.moduleId)).id}` }),
    unknown: { as: 'admin', request: (id) => ({ method: 'DELETE', url: `/api/jugadas/${id}` }) },
  },
  {
    route: 'PUT /api/jugadas/:jugadaId/archived',
    expected: [401, 403, 403, 200],
    request: async () => ({
      method: 'PUT',
      url: `/api/jugadas/${(await buildJugada(t.ctx, f.moduleId)).id}/archived`,
      body: { archived: true },
    }),
    unknown: { as: 'admin', request: (id) => ({ method: 'PUT', url: `/api/jugadas/${id}/archived`, body: { archived: true } }) },
  },
  {
    route: 'GET /api/jugadas/:jugadaId/video',
    expected: [401, 404, 200, 200],
    request: () => ({ url: `/api/jugadas/${f.jugadaId}/video` }),
    unknown: { as: 'student', request: (id) => ({ url: `/api/jugadas/${id}/video` }) },
  },
  {
    route: 'GET /api/jugadas/:jugadaId/video/:height',
    expected: [401, 404, 200, 200],
    request: () => ({ url: `/api/jugadas/${f.jugadaId}/video/240` }),
    unknown: { as: 'student', request: (id) => ({ url: `/api/jugadas/${id}/video/240` }) },
  },
  {
    route: 'GET /api/jugadas/:jugadaId/poster',
    expected: [401, 404, 200, 200],
    request: () => ({ url: `/api/jugadas/${f.jugadaId}/poster` }),
    unknown: { as: 'student', request: (id) => ({ url: `/api/jugadas/${id}/poster` }) },
  },
  {
    route: 'GET /api/modules/:moduleId/video',
    expected: [401, 404, 200, 200],
    request: () => ({ url: `/api/modules/${f.videoModuleId}/video` }),
    unknown: { as: 'student', request: (id) => ({ url: `/api/modules/${id}/video` }) },
  },
  {
    route: 'GET /api/modules/:moduleId/video/:height',
    expected: [401, 404, 200, 200],
    request: () => ({ url: `/api/modules/${f.videoModuleId}/video/240` }),
    unknown: { as: 'student', request: (id) => ({ url: `/api/modules/${id}/video/240` }) },
  },
  {
    route: 'GET /api/modules/:moduleId/poster',
    expected: [401, 404, 200, 200],
    request: () => ({ url: `/api/modules/${f.videoModuleId}/poster` }),
    unknown: { as: 'student', request: (id) => ({ url: `/api/modules/${id}/poster` }) },
  },
  {
    route: 'GET /api/modules/:moduleId/captions',
    expected: [401, 404, 200, 200],
    request: () => ({ url: `/api/modules/${f.videoModuleId}/captions` }),
    unknown: { as: 'student', request: (id) => ({ url: `/api/modules/${id}/captions` }) },
  },
  {
    route: 'PUT /api/modules/:moduleId/captions',
    expected: [401, 403, 403, 200],
    request: () => ({ method: 'PUT', url: `/api/modules/${f.videoModuleId}/captions`, ...vtt() }),
    unknown: { as: 'admin', request: (id) => ({ method: 'PUT', url: `/api/modules/${id}/captions`, ...vtt() }) },
  },
  {
    route: 'DELETE /api/modules/:moduleId/captions',
    expected: [401, 403, 403, 200],
    // Another module's: this one's captions stay for the rows that read them.
    request: async () => ({ method: 'DELETE', url: `/api/modules/${(await buildModule(t.ctx, f.courseId)).id}/captions` }),
    unknown: { as: 'admin', request: (id) => ({ method: 'DELETE', url: `/api/modules/${id}/captions` }) },
  },
  {
    route: 'POST /api/modules/:moduleId/watched',
    // Only students have watched progress: an admin previewing the module records nothing.
    expected: [401, 404, 200, 403],
    request: () => ({
      method: 'POST',
      url: `/api/modules/${f.moduleId}/watched`,
      body: { duration: 60, position: 12, intervals: [[0, 12]] },
    }),
    unknown: {
      as: 'student',
      request: (id) => ({ method: 'POST', url: `/api/modules/${id}/watched`, body: { duration: 60, position: 1, intervals: [] } }),
    },
  },
  {
    route: 'GET /api/modules/:moduleId/my-jugadas',
    expected: [401, 404, 200, 403],
    request: () => ({ url: `/api/modules/${f.moduleId}/my-jugadas` }),
    unknown: { as: 'student', request: (id) => ({ url: `/api/modules/${id}/my-jugadas` }) },
  },
  {
    route: 'POST /api/jugadas/:jugadaId/answer',
    expected: [401, 404, 200, 403],
    request: async () => {
      const options = await courseOptionsOf();
      return {
        method: 'POST',
        url: `/api/jugadas/${f.jugadaId}/answer`,
        body: { decisionId: options.decisions[0]!.id, sanctionId: options.sanctions[0]!.id, moment: 1.5 },
      };
    },
    unknown: {
      as: 'student',
      request: (id) => ({ method: 'POST', url: `/api/jugadas/${id}/answer`, body: { decisionId: 'a', sanctionId: 'b', moment: null } }),
    },
  },
  {
    route: 'GET /api/modules/:moduleId/jugadas/results',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/modules/${f.moduleId}/jugadas/results` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/modules/${id}/jugadas/results` }) },
  },
  {
    route: 'GET /api/users/:userId/modules/:moduleId/jugadas',
    expected: [401, 403, 403, 200],
    // The student's own answers through the admin route: refused like anyone else's.
    request: () => ({ url: `/api/users/${f.studentId}/modules/${f.moduleId}/jugadas` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/users/${f.studentId}/modules/${id}/jugadas` }) },
  },
  {
    route: 'GET /api/courses/:courseId/jugadas',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/jugadas?tag=pasivo` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/jugadas` }) },
  },

  // Banco de preguntas: the admin's alone.
  {
    route: 'GET /api/courses/:courseId/bank',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/bank` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/bank` }) },
  },
  {
    route: 'POST /api/courses/:courseId/bank',
    expected: [401, 403, 403, 201],
    request: () => ({ method: 'POST', url: `/api/courses/${f.courseId}/bank`, body: bankQuestionBody() }),
    unknown: { as: 'admin', request: (id) => ({ method: 'POST', url: `/api/courses/${id}/bank`, body: bankQuestionBody() }) },
  },
  {
    route: 'PUT /api/bank/:questionId',
    expected: [401, 403, 403, 200],
    request: async () => ({ method: 'PUT', url: `/api/bank/${await freshBankQuestion()}`, body: bankQuestionBody() }),
    unknown: { as: 'admin', request: (id) => ({ method: 'PUT', url: `/api/bank/${id}`, body: bankQuestionBody() }) },
  },
  {
    route: 'DELETE /api/bank/:questionId',
    expected: [401, 403, 403, 200],
    request: async () => ({ method: 'DELETE', url: `/api/bank/${await freshBankQuestion()}` }),
    unknown: { as: 'admin', request: (id) => ({ method: 'DELETE', url: `/api/bank/${id}` }) },
  },
  {
    route: 'POST /api/bank/:questionId/archive',
    expected: [401, 403, 403, 200],
    request: async () => ({ method: 'POST', url: `/api/bank/${await freshBankQuestion()}/archive`, body: { archived: true } }),
    unknown: { as: 'admin', request: (id) => ({ method: 'POST', url: `/api/bank/${id}/archive`, body: { archived: true } }) },
  },
  {
    route: 'POST /api/courses/:courseId/bank/retire',
    // An edition the course's bank does not have: nothing is archived, the exams keep their questions.
    expected: [401, 403, 403, 200],
    request: () => ({ method: 'POST', url: `/api/courses/${f.courseId}/bank/retire`, body: { edition: 1999 } }),
    unknown: { as: 'admin', request: (id) => ({ method: 'POST', url: `/api/courses/${id}/bank/retire`, body: { edition: 1999 } }) },
  },
  {
    route: 'GET /api/courses/:courseId/bank/export',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/bank/export?format=gift` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/bank/export?format=xml` }) },
  },
  {
    route: 'POST /api/courses/:courseId/bank/import/preview',
    expected: [401, 403, 403, 200],
    request: (as) => ({ method: 'POST', url: `/api/courses/${f.courseId}/bank/import/preview`, ...bankFile(as) }),
    unknown: { as: 'admin', request: (id) => ({ method: 'POST', url: `/api/courses/${id}/bank/import/preview`, ...bankFile('admin') }) },
  },
  {
    route: 'POST /api/courses/:courseId/bank/import',
    expected: [401, 403, 403, 200],
    request: (as) => ({ method: 'POST', url: `/api/courses/${f.courseId}/bank/import`, ...bankFile(as) }),
    unknown: { as: 'admin', request: (id) => ({ method: 'POST', url: `/api/courses/${id}/bank/import`, ...bankFile('admin') }) },
  },

  // Requisitos de aprobación: the course's instructors (admins).
  {
    route: 'GET /api/courses/:courseId/approval',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/approval` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/approval` }) },
  },
  {
    route: 'PUT /api/courses/:courseId/approval',
    expected: [401, 403, 403, 200],
    request: () => ({ method: 'PUT', url: `/api/courses/${f.courseId}/approval`, body: approvalBody }),
    unknown: { as: 'admin', request: (id) => ({ method: 'PUT', url: `/api/courses/${id}/approval`, body: approvalBody }) },
  },

  // Acta del curso: the course's instructors (admins). Closing and correcting act on a course of their own.
  {
    route: 'GET /api/courses/:courseId/records',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/records` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/records` }) },
  },
  {
    route: 'GET /api/courses/:courseId/records/draft.pdf',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/records/draft.pdf` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/records/draft.pdf` }) },
  },
  {
    route: 'GET /api/courses/:courseId/records/draft.csv',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/records/draft.csv` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/records/draft.csv` }) },
  },
  {
    route: 'POST /api/courses/:courseId/records',
    expected: [401, 403, 403, 201],
    request: async () => ({ method: 'POST', url: `/api/courses/${await courseToClose()}/records` }),
    unknown: { as: 'admin', request: (id) => ({ method: 'POST', url: `/api/courses/${id}/records` }) },
  },
  {
    route: 'POST /api/courses/:courseId/records/:recordId/supersede',
    expected: [401, 403, 403, 200],
    request: async () => {
      const { courseId, recordId } = await closedRecord();
      return { method: 'POST', url: `/api/courses/${courseId}/records/${recordId}/supersede` };
    },
    unknown: { as: 'admin', request: (id) => ({ method: 'POST', url: `/api/courses/${f.courseId}/records/${id}/supersede` }) },
  },
  {
    route: 'GET /api/records/:recordId/pdf',
    expected: [401, 403, 403, 200],
    request: async () => ({ url: `/api/records/${(await closedRecord()).recordId}/pdf` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/records/${id}/pdf` }) },
  },
  {
    route: 'GET /api/records/:recordId/csv',
    expected: [401, 403, 403, 200],
    request: async () => ({ url: `/api/records/${(await closedRecord()).recordId}/csv` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/records/${id}/csv` }) },
  },

  // Certificados: issued, listed and revoked by the instructors; the PDF for them and its holder;
  // 'Mis certificados' for anyone signed in; the verification page for anyone at all.
  {
    route: 'POST /api/courses/:courseId/certificates',
    expected: [401, 403, 403, 201],
    request: async (as) => ({
      method: 'POST',
      url: `/api/courses/${as === 'admin' || as === 'instructor' ? await courseToCertify() : f.courseId}/certificates`,
      body: {},
    }),
    unknown: { as: 'admin', request: (id) => ({ method: 'POST', url: `/api/courses/${id}/certificates`, body: {} }) },
  },
  {
    route: 'GET /api/courses/:courseId/certificates',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/certificates` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/certificates` }) },
  },
  {
    route: 'PUT /api/courses/:courseId/certificate-signer',
    expected: [401, 403, 403, 200],
    request: () => ({ method: 'PUT', url: `/api/courses/${f.courseId}/certificate-signer`, body: signerBody }),
    unknown: { as: 'admin', request: (id) => ({ method: 'PUT', url: `/api/courses/${id}/certificate-signer`, body: signerBody }) },
  },
  {
    route: 'POST /api/certificates/:certificateId/revoke',
    expected: [401, 403, 403, 200],
    request: async () => ({
      method: 'POST',
      url: `/api/certificates/${await freshCertificate()}/revoke`,
      body: { reason: 'Emitido por error' },
    }),
    unknown: {
      as: 'admin',
      request: (id) => ({ method: 'POST', url: `/api/certificates/${id}/revoke`, body: { reason: 'Emitido por error' } }),
    },
  },
  {
    route: 'GET /api/certificates/:certificateId/pdf',
    expected: [401, 404, 200, 200],
    request: async () => ({ url: `/api/certificates/${(await certificateOfStudent()).id}/pdf` }),
    unknown: { as: 'student', request: (id) => ({ url: `/api/certificates/${id}/pdf` }) },
  },
  { route: 'GET /api/me/certificates', expected: [401, 200, 200, 200], request: () => ({ url: '/api/me/certificates' }) },
  // Public: no session needed. An unknown or malformed code is the same 404 (tests/api/certificates.test.ts).
  {
    route: 'GET /api/verify/:code',
    expected: [200, 200, 200, 200],
    request: async () => ({ url: `/api/verify/${(await certificateOfStudent()).code}` }),
  },

  // Curso de actualización: the instructors only (the admin's create copies a fresh course, so this one stays as it is).
  {
    route: 'GET /api/courses/:courseId/renewal',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/renewal` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/renewal` }) },
  },
  {
    route: 'POST /api/courses/:courseId/renewal',
    expected: [401, 403, 403, 201],
    request: async (as) => ({
      method: 'POST',
      url: `/api/courses/${as === 'admin' ? (await buildCourse(t.ctx)).id : f.courseId}/renewal`,
      body: {},
    }),
    unknown: { as: 'admin', request: (id) => ({ method: 'POST', url: `/api/courses/${id}/renewal`, body: {} }) },
  },

  // Prueba física: the course's instructors (admins); results only of a trainee of the course (else the 404 of a missing user).
  {
    route: 'GET /api/courses/:courseId/fitness-test',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/fitness-test` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/fitness-test` }) },
  },
  {
    route: 'PUT /api/courses/:courseId/fitness-test',
    expected: [401, 403, 403, 200],
    request: () => ({ method: 'PUT', url: `/api/courses/${f.courseId}/fitness-test`, body: { name: 'Course navette', minLevel: 8.5 } }),
    unknown: {
      as: 'admin',
      request: (id) => ({ method: 'PUT', url: `/api/courses/${id}/fitness-test`, body: { name: 'Course navette', minLevel: 8.5 } }),
    },
  },
  {
    route: 'GET /api/courses/:courseId/trainees/:userId/fitness-results',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/trainees/${f.studentId}/fitness-results` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${f.courseId}/trainees/${id}/fitness-results` }) },
  },
  {
    route: 'POST /api/courses/:courseId/trainees/:userId/fitness-results',
    expected: [401, 403, 403, 201],
    request: () => ({ method: 'POST', url: `/api/courses/${f.courseId}/trainees/${f.studentId}/fitness-results`, body: fitnessBody() }),
    unknown: {
      as: 'admin',
      request: (id) => ({ method: 'POST', url: `/api/courses/${f.courseId}/trainees/${id}/fitness-results`, body: fitnessBody() }),
    },
  },
  {
    route: 'DELETE /api/fitness-results/:resultId',
    expected: [401, 403, 403, 200],
    request: async () => ({ method: 'DELETE', url: `/api/fitness-results/${await freshFitnessResult()}` }),
    unknown: { as: 'admin', request: (id) => ({ method: 'DELETE', url: `/api/fitness-results/${id}` }) },
  },

  // Observaciones de partido: the same.
  {
    route: 'GET /api/courses/:courseId/trainees/:userId/observations',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/trainees/${f.studentId}/observations` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${f.courseId}/trainees/${id}/observations` }) },
  },
  {
    route: 'POST /api/courses/:courseId/trainees/:userId/observations',
    expected: [401, 403, 403, 201],
    request: () => ({ method: 'POST', url: `/api/courses/${f.courseId}/trainees/${f.studentId}/observations`, body: observationBody() }),
    unknown: {
      as: 'admin',
      request: (id) => ({ method: 'POST', url: `/api/courses/${f.courseId}/trainees/${id}/observations`, body: observationBody() }),
    },
  },
  {
    route: 'PUT /api/observations/:observationId',
    expected: [401, 403, 403, 200],
    request: async () => ({ method: 'PUT', url: `/api/observations/${await freshObservation()}`, body: observationBody() }),
    unknown: { as: 'admin', request: (id) => ({ method: 'PUT', url: `/api/observations/${id}`, body: observationBody() }) },
  },
  {
    route: 'DELETE /api/observations/:observationId',
    expected: [401, 403, 403, 200],
    request: async () => ({ method: 'DELETE', url: `/api/observations/${await freshObservation()}` }),
    unknown: { as: 'admin', request: (id) => ({ method: 'DELETE', url: `/api/observations/${id}` }) },
  },

  // Mis partidos: every trainee's own; a match is its uploader's and its pair's, seen by the course's staff who see matches.
  {
    route: 'GET /api/matches',
    expected: [401, 200, 200, 200],
    request: () => ({ url: '/api/matches' }),
  },
  {
    route: 'POST /api/matches',
    expected: [401, 404, 201, 404],
    request: () => ({ method: 'POST', url: '/api/matches', body: matchBody() }),
    unknown: { as: 'student', request: (id) => ({ method: 'POST', url: '/api/matches', body: { ...matchBody(), courseId: id } }) },
    idInBody: true,
  },
  {
    route: 'PUT /api/matches/consent',
    expected: [401, 200, 200, 200],
    request: () => ({ method: 'PUT', url: '/api/matches/consent', body: { allowed: true } }),
  },
  {
    route: 'GET /api/matches/:matchId',
    expected: [401, 404, 200, 200],
    request: async () => ({ url: `/api/matches/${await reviewMatchId()}` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/matches/${id}` }) },
  },
  {
    route: 'PATCH /api/matches/:matchId',
    expected: [401, 404, 200, 403],
    request: async () => ({
      method: 'PATCH',
      url: `/api/matches/${await storedMatchId()}`,
      body: { playedOn: '2026-11-22', title: 'Boca – River, Reserva', category: 'Reserva', partnerId: null },
    }),
    unknown: {
      as: 'student',
      request: (id) => ({
        method: 'PATCH',
        url: `/api/matches/${id}`,
        body: { playedOn: '2026-11-22', title: 'Boca – River', partnerId: null },
      }),
    },
  },
  {
    route: 'DELETE /api/matches/:matchId',
    expected: [401, 404, 200, 200],
    request: async () => ({ method: 'DELETE', url: `/api/matches/${await freshMatch()}` }),
    unknown: { as: 'admin', request: (id) => ({ method: 'DELETE', url: `/api/matches/${id}` }) },
  },
  {
    route: 'GET /api/matches/:matchId/files/*',
    expected: [401, 404, 200, 200],
    request: async () => ({ url: `/api/matches/${await storedMatchId()}/files/original` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/matches/${id}/files/original` }) },
  },
  {
    route: 'GET /api/courses/:courseId/matches',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/matches` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/matches` }) },
  },
  {
    route: 'PUT /api/courses/:courseId/match-storage',
    expected: [401, 403, 403, 200],
    request: () => ({ method: 'PUT', url: `/api/courses/${f.courseId}/match-storage`, body: { limitGb: 50 } }),
    unknown: { as: 'admin', request: (id) => ({ method: 'PUT', url: `/api/courses/${id}/match-storage`, body: { limitGb: 50 } }) },
  },
  // The upload (tus): only the match's uploader starts it and sends it.
  {
    route: 'POST /api/matches/uploads',
    expected: [401, 404, 201, 404],
    request: async () => ({ method: 'POST', url: '/api/matches/uploads', headers: tusHeaders(await freshMatch()) }),
    unknown: { as: 'student', request: (id) => ({ method: 'POST', url: '/api/matches/uploads', headers: tusHeaders(id) }) },
    idInBody: true,
  },
  {
    route: 'PATCH /api/matches/uploads/:uploadId',
    expected: [401, 404, 204, 404],
    request: async () => tusPatch(await freshUpload()),
    unknown: { as: 'student', request: (id) => tusPatch(`${id}.video`) },
  },
  {
    route: 'DELETE /api/matches/uploads/:uploadId',
    expected: [401, 404, 204, 404],
    request: async () => ({ method: 'DELETE', url: `/api/matches/uploads/${await freshUpload()}`, headers: { 'tus-resumable': '1.0.0' } }),
    unknown: {
      as: 'student',
      request: (id) => ({ method: 'DELETE', url: `/api/matches/uploads/${id}.video`, headers: { 'tus-resumable': '1.0.0' } }),
    },
  },

  // Revisión de partidos: the pair (the student uploaded it), the course's staff who see matches and administrators; the others 404.
  {
    route: 'GET /api/matches/:matchId/comments',
    expected: [401, 404, 200, 200],
    request: async () => ({ url: `/api/matches/${await reviewMatchId()}/comments` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/matches/${id}/comments` }) },
  },
  {
    route: 'POST /api/matches/:matchId/comments',
    expected: [401, 404, 403, 201],
    request: async () => ({ method: 'POST', url: `/api/matches/${await reviewMatchId()}/comments`, body: matchCommentBody }),
    unknown: { as: 'admin', request: (id) => ({ method: 'POST', url: `/api/matches/${id}/comments`, body: matchCommentBody }) },
  },
  {
    route: 'POST /api/match-comments/:commentId/replies',
    expected: [401, 404, 201, 201],
    request: async () => ({
      method: 'POST',
      url: `/api/match-comments/${await freshMatchComment('admin')}/replies`,
      body: { body: 'Gracias' },
    }),
    unknown: { as: 'admin', request: (id) => ({ method: 'POST', url: `/api/match-comments/${id}/replies`, body: { body: 'Gracias' } }) },
  },
  {
    route: 'PATCH /api/match-comments/:commentId',
    expected: [401, 404, 200, 200],
    request: async (as) => ({ method: 'PATCH', url: `/api/match-comments/${await freshMatchComment(as)}`, body: { body: 'Corregido' } }),
    unknown: { as: 'admin', request: (id) => ({ method: 'PATCH', url: `/api/match-comments/${id}`, body: { body: 'Corregido' } }) },
  },
  {
    route: 'POST /api/match-comments/:commentId/clip',
    expected: [401, 404, 403, 409],
    request: async () => ({
      method: 'POST',
      url: `/api/match-comments/${await freshMatchComment('admin')}/clip`,
      body: { startSeconds: 56, endSeconds: 66 },
    }),
    unknown: {
      as: 'admin',
      request: (id) => ({ method: 'POST', url: `/api/match-comments/${id}/clip`, body: { startSeconds: 56, endSeconds: 66 } }),
    },
  },
  {
    route: 'GET /api/match-comments/:commentId/history',
    expected: [401, 404, 200, 200],
    request: async () => ({ url: `/api/match-comments/${await freshMatchComment('admin')}/history` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/match-comments/${id}/history` }) },
  },

  // Practicar reglamento: students of the course only.
  {
    route: 'GET /api/courses/:courseId/practice',
    expected: [401, 404, 200, 403],
    request: () => ({ url: `/api/courses/${f.courseId}/practice` }),
    unknown: { as: 'student', request: (id) => ({ url: `/api/courses/${id}/practice` }) },
  },
  {
    route: 'POST /api/courses/:courseId/practice/answers',
    expected: [401, 404, 200, 403],
    request: () => ({
      method: 'POST',
      url: `/api/courses/${f.courseId}/practice/answers`,
      body: { questionId: f.bankQuestionId, answer: [0] },
    }),
    unknown: {
      as: 'student',
      request: (id) => ({
        method: 'POST',
        url: `/api/courses/${id}/practice/answers`,
        body: { questionId: f.bankQuestionId, answer: [0] },
      }),
    },
  },

  // Clases presenciales: the instructor's; the class running now and 'Marcar asistencia' are the course's trainees'.
  {
    route: 'GET /api/courses/:courseId/lessons',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/lessons` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/lessons` }) },
  },
  {
    route: 'POST /api/courses/:courseId/lessons',
    expected: [401, 403, 403, 201],
    request: () => ({ method: 'POST', url: `/api/courses/${f.courseId}/lessons`, body: lessonBody() }),
    unknown: { as: 'admin', request: (id) => ({ method: 'POST', url: `/api/courses/${id}/lessons`, body: lessonBody() }) },
  },
  {
    route: 'GET /api/lessons/:lessonId',
    expected: [401, 403, 403, 200],
    request: async () => ({ url: `/api/lessons/${await lessonNow()}` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/lessons/${id}` }) },
  },
  {
    route: 'PUT /api/lessons/:lessonId',
    expected: [401, 403, 403, 200],
    request: async () => ({ method: 'PUT', url: `/api/lessons/${await lessonNow()}`, body: lessonBody() }),
    unknown: { as: 'admin', request: (id) => ({ method: 'PUT', url: `/api/lessons/${id}`, body: lessonBody() }) },
  },
  {
    route: 'PUT /api/lessons/:lessonId/cancelled',
    expected: [401, 403, 403, 200],
    request: async () => ({ method: 'PUT', url: `/api/lessons/${await freshLesson()}/cancelled`, body: { cancelled: true } }),
    unknown: { as: 'admin', request: (id) => ({ method: 'PUT', url: `/api/lessons/${id}/cancelled`, body: { cancelled: true } }) },
  },
  {
    route: 'GET /api/lessons/:lessonId/event.ics',
    expected: [401, 404, 200, 200],
    request: async () => ({ url: `/api/lessons/${await lessonNow()}/event.ics` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/lessons/${id}/event.ics` }) },
  },
  {
    route: 'GET /api/exams/:examId/event.ics',
    expected: [401, 404, 200, 200],
    request: async () => ({ url: `/api/exams/${await datedExam()}/event.ics` }),
    unknown: { as: 'student', request: (id) => ({ url: `/api/exams/${id}/event.ics` }) },
  },
  {
    route: 'DELETE /api/lessons/:lessonId',
    expected: [401, 403, 403, 200],
    request: async () => ({ method: 'DELETE', url: `/api/lessons/${await freshLesson()}` }),
    unknown: { as: 'admin', request: (id) => ({ method: 'DELETE', url: `/api/lessons/${id}` }) },
  },
  {
    route: 'PUT /api/lessons/:lessonId/attendance/:userId',
    expected: [401, 403, 403, 200],
    request: async () => ({
      method: 'PUT',
      url: `/api/lessons/${await lessonNow()}/attendance/${f.studentId}`,
      body: { status: 'ausente' },
    }),
    unknown: {
      as: 'admin',
      request: (id) => ({ method: 'PUT', url: `/api/lessons/${id}/attendance/${f.studentId}`, body: { status: 'ausente' } }),
    },
  },
  {
    route: 'GET /api/lessons/:lessonId/code',
    expected: [401, 403, 403, 200],
    request: async () => ({ url: `/api/lessons/${await lessonNow()}/code` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/lessons/${id}/code` }) },
  },
  {
    route: 'GET /api/courses/:courseId/attendance.csv',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/attendance.csv` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/attendance.csv` }) },
  },
  // Pagos: the course's instructors (admins); a receipt also to the trainee whose payment it is.
  {
    route: 'GET /api/courses/:courseId/payments',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/payments` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/payments` }) },
  },
  {
    route: 'PUT /api/courses/:courseId/payment-plan',
    expected: [401, 403, 403, 200],
    request: () => ({ method: 'PUT', url: `/api/courses/${f.courseId}/payment-plan`, body: { options: [], reminders: true } }),
    unknown: {
      as: 'admin',
      request: (id) => ({ method: 'PUT', url: `/api/courses/${id}/payment-plan`, body: { options: [], reminders: true } }),
    },
  },
  {
    route: 'PUT /api/courses/:courseId/trainees/:userId/payment-option',
    expected: [401, 403, 403, 200],
    request: () => ({ method: 'PUT', url: `/api/courses/${f.courseId}/trainees/${f.studentId}/payment-option`, body: { optionId: null } }),
    unknown: {
      as: 'admin',
      request: (id) => ({ method: 'PUT', url: `/api/courses/${f.courseId}/trainees/${id}/payment-option`, body: { optionId: null } }),
    },
  },
  {
    route: 'POST /api/courses/:courseId/payments',
    expected: [401, 403, 403, 201],
    request: () => ({ method: 'POST', url: `/api/courses/${f.courseId}/payments`, body: paymentBody() }),
    unknown: { as: 'admin', request: (id) => ({ method: 'POST', url: `/api/courses/${id}/payments`, body: paymentBody() }) },
  },
  {
    route: 'PUT /api/payments/:paymentId/receipt',
    expected: [401, 403, 403, 200],
    request: async () => ({ method: 'PUT', url: `/api/payments/${await freshPayment()}/receipt`, ...receiptFile() }),
    unknown: { as: 'admin', request: (id) => ({ method: 'PUT', url: `/api/payments/${id}/receipt`, ...receiptFile() }) },
  },
  {
    route: 'GET /api/payments/:paymentId/receipt',
    // Another trainee's receipt is answered like a payment that does not exist.
    expected: [401, 404, 200, 200],
    request: async () => ({ url: `/api/payments/${await paymentWithReceipt()}/receipt` }),
    unknown: { as: 'student', request: (id) => ({ url: `/api/payments/${id}/receipt` }) },
  },
  {
    route: 'DELETE /api/payments/:paymentId',
    expected: [401, 403, 403, 204],
    request: async () => ({ method: 'DELETE', url: `/api/payments/${await freshPayment()}` }),
    unknown: { as: 'admin', request: (id) => ({ method: 'DELETE', url: `/api/payments/${id}` }) },
  },
  {
    route: 'GET /api/courses/:courseId/payments.csv',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/payments.csv` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/payments.csv` }) },
  },
  {
    route: 'GET /api/courses/:courseId/lessons/current',
    expected: [401, 404, 200, 403],
    request: () => ({ url: `/api/courses/${f.courseId}/lessons/current` }),
    unknown: { as: 'student', request: (id) => ({ url: `/api/courses/${id}/lessons/current` }) },
  },
  {
    route: 'POST /api/courses/:courseId/attendance',
    expected: [401, 404, 200, 403],
    request: async () => ({ method: 'POST', url: `/api/courses/${f.courseId}/attendance`, body: { code: await codeNow() } }),
    unknown: { as: 'student', request: (id) => ({ method: 'POST', url: `/api/courses/${id}/attendance`, body: { code: '123456' } }) },
  },

  // Exams: the admin's, and the trainee's (only with the exam's module enabled; only their own attempts).
  {
    route: 'GET /api/courses/:courseId/exams',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/courses/${f.courseId}/exams` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/courses/${id}/exams` }) },
  },
  {
    route: 'POST /api/courses/:courseId/exams',
    expected: [401, 403, 403, 201],
    request: () => ({ method: 'POST', url: `/api/courses/${f.courseId}/exams`, body: examBody() }),
    unknown: { as: 'admin', request: (id) => ({ method: 'POST', url: `/api/courses/${id}/exams`, body: examBody() }) },
  },
  {
    route: 'PUT /api/exams/:examId',
    expected: [401, 403, 403, 200],
    request: async () => ({ method: 'PUT', url: `/api/exams/${await freshExam()}`, body: examBody() }),
    unknown: { as: 'admin', request: (id) => ({ method: 'PUT', url: `/api/exams/${id}`, body: examBody() }) },
  },
  {
    route: 'PUT /api/exams/:examId/schedule',
    expected: [401, 403, 403, 200],
    request: () => ({ method: 'PUT', url: `/api/exams/${f.examId}/schedule`, body: scheduleBody }),
    unknown: { as: 'admin', request: (id) => ({ method: 'PUT', url: `/api/exams/${id}/schedule`, body: scheduleBody }) },
  },
  {
    route: 'DELETE /api/exams/:examId',
    expected: [401, 403, 403, 204],
    request: async () => ({ method: 'DELETE', url: `/api/exams/${await freshExam()}` }),
    unknown: { as: 'admin', request: (id) => ({ method: 'DELETE', url: `/api/exams/${id}` }) },
  },
  {
    route: 'GET /api/exams/:examId/results',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/exams/${f.examId}/results` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/exams/${id}/results` }) },
  },
  {
    route: 'GET /api/exams/:examId/results.csv',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/exams/${f.examId}/results.csv` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/exams/${id}/results.csv` }) },
  },
  {
    route: 'GET /api/users/:userId/courses/:courseId/exams',
    expected: [401, 403, 403, 200],
    request: () => ({ url: `/api/users/${f.studentId}/courses/${f.courseId}/exams` }),
    unknown: { as: 'admin', request: (id) => ({ url: `/api/users/${id}/courses/${f.courseId}/exams` }) },
  },
  {
    route: 'GET /api/exams/:examId/me',
    expected: [401, 404, 200, 200],
    request: () => ({ url: `/api/exams/${f.examId}/me` }),
    unknown: { as: 'student', request: (id) => ({ url: `/api/exams/${id}/me` }) },
  },
  {
    route: 'POST /api/exams/:examId/attempts',
    // Admins preview an exam; only trainees sit it.
    expected: [401, 404, 201, 403],
    request: async () => ({ method: 'POST', url: `/api/exams/${await freshExam()}/attempts` }),
    unknown: { as: 'student', request: (id) => ({ method: 'POST', url: `/api/exams/${id}/attempts` }) },
  },
  {
    route: 'GET /api/attempts/:attemptId',
    // Another trainee's attempt is answered like one that does not exist; admins read any.
    expected: [401, 404, 200, 200],
    request: () => ({ url: `/api/attempts/${f.attemptId}` }),
    unknown: { as: 'student', request: (id) => ({ url: `/api/attempts/${id}` }) },
  },
  {
    route: 'PUT /api/attempts/:attemptId/answers/:position',
    expected: [401, 404, 200, 403],
    request: () => ({ method: 'PUT', url: `/api/attempts/${f.attemptId}/answers/0`, body: { answer: [0], seq: ++answerSeq } }),
    unknown: { as: 'student', request: (id) => ({ method: 'PUT', url: `/api/attempts/${id}/answers/0`, body: { answer: [0], seq: 1 } }) },
  },
  {
    route: 'POST /api/attempts/:attemptId/submit',
    expected: [401, 404, 200, 403],
    request: async () => ({ method: 'POST', url: `/api/attempts/${await freshAttempt()}/submit` }),
    unknown: { as: 'student', request: (id) => ({ method: 'POST', url: `/api/attempts/${id}/submit` }) },
  },
  // A video attempt's clips: only its trainee, and a clip is 404 outside what the attempt allows (tests/api/video-exams.test.ts).
  {
    route: 'POST /api/attempts/:attemptId/clips/:position/views',
    expected: [401, 404, 200, 403],
    request: async () => ({ method: 'POST', url: `/api/attempts/${await freshVideoAttempt()}/clips/0/views` }),
    unknown: { as: 'student', request: (id) => ({ method: 'POST', url: `/api/attempts/${id}/clips/0/views` }) },
  },
  {
    route: 'PUT /api/attempts/:attemptId/clips/:position/answer',
    expected: [401, 404, 200, 403],
    request: async () => ({
      method: 'PUT',
      url: `/api/attempts/${await freshVideoAttempt(true)}/clips/0/answer`,
      body: await clipAnswer(),
    }),
    unknown: {
      as: 'student',
      request: (id) => ({
        method: 'PUT',
        url: `/api/attempts/${id}/clips/0/answer`,
        body: { decisionId: 'd', sanctionId: 's', moment: null },
      }),
    },
  },
  {
    route: 'GET /api/attempts/:attemptId/clips/:position/video',
    expected: [401, 404, 200, 403],
    request: async () => ({ url: `/api/attempts/${await freshVideoAttempt(true)}/clips/0/video?viewing=1` }),
    unknown: { as: 'student', request: (id) => ({ url: `/api/attempts/${id}/clips/0/video?viewing=1` }) },
  },

  // Pages: one request per page a student opens most, authorized exactly like the routes they stand for.
  { route: 'GET /api/pages/home', expected: [401, 200, 200, 200], request: () => ({ url: '/api/pages/home' }) },
  {
    route: 'GET /api/pages/courses/:courseId/modules',
    expected: [401, 404, 200, 200],
    request: () => ({ url: `/api/pages/courses/${f.courseId}/modules` }),
    unknown: { as: 'student', request: (id) => ({ url: `/api/pages/courses/${id}/modules` }) },
  },
  {
    route: 'GET /api/pages/modules/:moduleId',
    expected: [401, 404, 200, 200],
    request: () => ({ url: `/api/pages/modules/${f.moduleId}` }),
    unknown: { as: 'student', request: (id) => ({ url: `/api/pages/modules/${id}` }) },
  },
  {
    route: 'GET /api/pages/exams/:examId',
    expected: [401, 404, 200, 200],
    request: () => ({ url: `/api/pages/exams/${f.examId}` }),
    unknown: { as: 'student', request: (id) => ({ url: `/api/pages/exams/${id}` }) },
  },
  {
    route: 'GET /api/pages/modules/:moduleId/activity',
    expected: [401, 404, 200, 403],
    request: () => ({ url: `/api/pages/modules/${f.moduleId}/activity` }),
    unknown: { as: 'student', request: (id) => ({ url: `/api/pages/modules/${id}/activity` }) },
  },
  // 'Descargar para ver sin conexión': a trainee's own, for a module open to them.
  {
    route: 'GET /api/modules/:moduleId/offline',
    expected: [401, 404, 200, 403],
    request: () => ({ url: `/api/modules/${f.moduleId}/offline` }),
    unknown: { as: 'student', request: (id) => ({ url: `/api/modules/${id}/offline` }) },
  },
  {
    route: 'GET /api/modules/:moduleId/offline/jugadas',
    expected: [401, 404, 200, 403],
    request: () => ({ url: `/api/modules/${f.moduleId}/offline/jugadas` }),
    unknown: { as: 'student', request: (id) => ({ url: `/api/modules/${id}/offline/jugadas` }) },
  },
];

/**
 * What the course's team gets on each route: an action of the course the route's resource belongs
 * to (its members whose roles allow it get the administrator's answer, the others 403, an
 * instructor of another course the 404 of an id that does not exist); `somewhere`: allowed to
 * whoever holds a role allowing it in any course (an upload before it is placed, a list across
 * courses); `reads`: a trainee's route that the course's members allowed read as an administrator
 * does, everyone else as the outsider; 'admin': the site's administrators only; 'as-outsider': a
 * route of trainees and of every signed-in person, where the team are like any other person.
 */
type StaffRule =
  | CourseAction
  | 'admin'
  | 'as-outsider'
  | { somewhere: CourseAction }
  | { reads: CourseAction }
  /**
   * A trainee's own thing (a match): the course's members allowed to see it (`sees`) get the
   * administrator's answer when their roles also allow `does`, else 403 (no `does`: they may not
   * change it); everyone else, the outsider's answer (the 404 of a match they cannot see).
   */
  | { sees: CourseAction; does?: CourseAction };
const staffRules: Record<string, StaffRule> = {
  'GET /api/health': 'as-outsider',
  'GET /api/openapi.json': 'as-outsider',
  'GET /api/users/:userId/courses': 'admin',
  'PUT /api/users/:userId/courses/:courseId/access': 'alumnos.gestionar',
  'GET /api/users/:userId/courses/:courseId/modules': 'alumnos.gestionar',
  'PUT /api/users/:userId/modules/:moduleId/access': 'alumnos.gestionar',
  'PUT /api/modules/:moduleId/access': 'alumnos.gestionar',
  'PATCH /api/me': 'as-outsider',
  'GET /api/me/push': 'as-outsider',
  'PUT /api/me/push/subscription': 'as-outsider',
  'DELETE /api/me/push/subscription': 'as-outsider',
  'GET /api/me/notice-preferences': 'as-outsider',
  'PUT /api/me/notice-preferences': 'as-outsider',
  'GET /api/me/calendar': 'as-outsider',
  'POST /api/me/calendar/address': 'as-outsider',
  'GET /api/calendar/:file': 'as-outsider',
  'PUT /api/lessons/:lessonId/cancelled': 'contenido.editar',
  'GET /api/lessons/:lessonId/event.ics': { reads: 'curso.ver' },
  'GET /api/exams/:examId/event.ics': { reads: 'curso.ver' },
  'PUT /api/me/password': 'as-outsider',
  'PUT /api/modules/:moduleId/activity/answers': 'as-outsider',
  'POST /api/modules/:moduleId/activity/submit': 'as-outsider',
  'GET /api/users/:userId/modules/:moduleId/activity': 'actividades.corregir',
  'POST /api/activities/:activityId/correction': 'actividades.corregir',
  'PUT /api/activities/:activityId/correction': 'actividades.corregir',
  'GET /api/review-queue': { somewhere: 'actividades.corregir' },
  'GET /api/courses/:courseId/approval': 'aprobacion.gestionar',
  'PUT /api/courses/:courseId/approval': 'aprobacion.gestionar',
  'POST /api/auth/login': 'as-outsider',
  'POST /api/auth/logout': 'as-outsider',
  'GET /api/auth/session': 'as-outsider',
  'POST /api/auth/forgot-password': 'as-outsider',
  'POST /api/auth/reset-password': 'as-outsider',
  'POST /api/auth/accept-invitation': 'as-outsider',
  'GET /api/courses/:courseId/bank': 'contenido.editar',
  'POST /api/courses/:courseId/bank': 'contenido.editar',
  'PUT /api/bank/:questionId': 'contenido.editar',
  'DELETE /api/bank/:questionId': 'contenido.editar',
  'POST /api/bank/:questionId/archive': 'contenido.editar',
  'POST /api/courses/:courseId/bank/retire': 'contenido.editar',
  'GET /api/courses/:courseId/bank/export': 'contenido.editar',
  'POST /api/courses/:courseId/bank/import/preview': 'contenido.editar',
  'POST /api/courses/:courseId/bank/import': 'contenido.editar',
  'POST /api/courses/:courseId/certificates': 'aprobacion.gestionar',
  'GET /api/courses/:courseId/certificates': 'aprobacion.gestionar',
  'PUT /api/courses/:courseId/certificate-signer': 'aprobacion.gestionar',
  'POST /api/certificates/:certificateId/revoke': 'aprobacion.gestionar',
  'GET /api/certificates/:certificateId/pdf': { reads: 'aprobacion.gestionar' },
  'GET /api/me/certificates': 'as-outsider',
  'GET /api/verify/:code': 'as-outsider',
  'GET /api/courses/:courseId/records': 'aprobacion.gestionar',
  'GET /api/courses/:courseId/records/draft.pdf': 'aprobacion.gestionar',
  'GET /api/courses/:courseId/records/draft.csv': 'aprobacion.gestionar',
  'POST /api/courses/:courseId/records': 'aprobacion.gestionar',
  'POST /api/courses/:courseId/records/:recordId/supersede': 'aprobacion.gestionar',
  'GET /api/records/:recordId/pdf': 'aprobacion.gestionar',
  'GET /api/records/:recordId/csv': 'aprobacion.gestionar',
  'GET /api/courses': 'as-outsider',
  'GET /api/courses/overview': { somewhere: 'curso.ver' },
  'POST /api/courses': 'admin',
  'GET /api/courses/:courseId': { reads: 'curso.ver' },
  'PATCH /api/courses/:courseId': 'contenido.editar',
  'PUT /api/courses/:courseId/archived': 'contenido.editar',
  'DELETE /api/courses/:courseId': 'admin',
  'GET /api/courses/:courseId/documents': { reads: 'curso.ver' },
  'POST /api/courses/:courseId/documents': 'contenido.editar',
  'DELETE /api/documents/:documentId': 'contenido.editar',
  'GET /api/documents/:documentId/file': { reads: 'curso.ver' },
  'GET /api/courses/:courseId/exams': 'contenido.editar',
  'POST /api/courses/:courseId/exams': 'contenido.editar',
  'PUT /api/exams/:examId': 'contenido.editar',
  'PUT /api/exams/:examId/schedule': 'contenido.editar',
  'DELETE /api/exams/:examId': 'contenido.editar',
  'GET /api/users/:userId/courses/:courseId/exams': 'examenes.resultados',
  'GET /api/exams/:examId/results': 'examenes.resultados',
  'GET /api/exams/:examId/results.csv': 'examenes.resultados',
  'GET /api/exams/:examId/me': 'as-outsider',
  'POST /api/exams/:examId/attempts': 'as-outsider',
  'GET /api/attempts/:attemptId': { reads: 'examenes.resultados' },
  'PUT /api/attempts/:attemptId/answers/:position': 'as-outsider',
  'POST /api/attempts/:attemptId/submit': 'as-outsider',
  'POST /api/attempts/:attemptId/clips/:position/views': 'as-outsider',
  'PUT /api/attempts/:attemptId/clips/:position/answer': 'as-outsider',
  'GET /api/attempts/:attemptId/clips/:position/video': 'as-outsider',
  'GET /api/courses/:courseId/fitness-test': 'observaciones.registrar',
  'PUT /api/courses/:courseId/fitness-test': 'contenido.editar',
  'GET /api/courses/:courseId/trainees/:userId/fitness-results': 'observaciones.registrar',
  'POST /api/courses/:courseId/trainees/:userId/fitness-results': 'observaciones.registrar',
  'DELETE /api/fitness-results/:resultId': 'observaciones.registrar',
  'GET /api/modules/:moduleId/messages': { reads: 'foro.responder' },
  'POST /api/modules/:moduleId/messages': { reads: 'foro.responder' },
  'DELETE /api/messages/:messageId': 'foro.responder',
  'POST /api/modules/:moduleId/messages/read': 'foro.responder',
  'GET /api/forum/modules': { somewhere: 'foro.responder' },
  'GET /api/courses/:courseId/forum': 'foro.responder',
  'GET /api/modules/:moduleId/events': { reads: 'foro.responder' },
  'GET /api/forum/events': { somewhere: 'foro.responder' },
  'POST /api/images': { somewhere: 'contenido.editar' },
  'GET /api/images/:imageId': { reads: 'curso.ver' },
  'GET /api/courses/:courseId/jugada-options': 'contenido.editar',
  'PUT /api/courses/:courseId/jugada-options': 'contenido.editar',
  'POST /api/videos': { somewhere: 'contenido.editar' },
  'POST /api/videos/:videoId/retry': { somewhere: 'contenido.editar' },
  'GET /api/modules/:moduleId/jugadas': 'contenido.editar',
  'POST /api/modules/:moduleId/jugadas': 'contenido.editar',
  'PUT /api/modules/:moduleId/jugadas/order': 'contenido.editar',
  'PUT /api/jugadas/:jugadaId': 'contenido.editar',
  'DELETE /api/jugadas/:jugadaId': 'contenido.editar',
  'PUT /api/jugadas/:jugadaId/archived': 'contenido.editar',
  'GET /api/jugadas/:jugadaId/video': { reads: 'contenido.editar' },
  'GET /api/jugadas/:jugadaId/video/:height': { reads: 'contenido.editar' },
  'GET /api/jugadas/:jugadaId/poster': { reads: 'contenido.editar' },
  'GET /api/modules/:moduleId/my-jugadas': 'as-outsider',
  'POST /api/jugadas/:jugadaId/answer': 'as-outsider',
  'GET /api/courses/:courseId/jugadas': 'contenido.editar',
  'GET /api/modules/:moduleId/jugadas/results': 'tablero.ver',
  'GET /api/users/:userId/modules/:moduleId/jugadas': 'tablero.ver',
  'GET /api/courses/:courseId/lessons': 'asistencia.tomar',
  'POST /api/courses/:courseId/lessons': 'contenido.editar',
  'GET /api/lessons/:lessonId': 'asistencia.tomar',
  'PUT /api/lessons/:lessonId': 'contenido.editar',
  'DELETE /api/lessons/:lessonId': 'contenido.editar',
  'PUT /api/lessons/:lessonId/attendance/:userId': 'asistencia.tomar',
  'GET /api/lessons/:lessonId/code': 'asistencia.tomar',
  'GET /api/courses/:courseId/attendance.csv': 'asistencia.tomar',
  'GET /api/courses/:courseId/lessons/current': 'as-outsider',
  'POST /api/courses/:courseId/attendance': 'as-outsider',
  'GET /api/courses/:courseId/modules': 'curso.ver',
  'POST /api/modules': 'contenido.editar',
  'PUT /api/courses/:courseId/modules/order': 'contenido.editar',
  'PATCH /api/modules/:moduleId': 'contenido.editar',
  'GET /api/modules/:moduleId/video': 'as-outsider',
  'PUT /api/modules/:moduleId/archived': 'contenido.editar',
  'DELETE /api/modules/:moduleId': 'contenido.editar',
  'GET /api/modules/:moduleId/video/:height': 'as-outsider',
  'GET /api/modules/:moduleId/poster': 'as-outsider',
  'GET /api/modules/:moduleId/captions': 'as-outsider',
  'PUT /api/modules/:moduleId/captions': 'contenido.editar',
  'DELETE /api/modules/:moduleId/captions': 'contenido.editar',
  'GET /api/me/email-preferences': 'as-outsider',
  'PUT /api/me/email-preferences': 'as-outsider',
  'GET /api/courses/:courseId/trainees/:userId/observations': 'observaciones.registrar',
  'POST /api/courses/:courseId/trainees/:userId/observations': 'observaciones.registrar',
  'PUT /api/observations/:observationId': 'observaciones.registrar',
  'DELETE /api/observations/:observationId': 'observaciones.registrar',
  'GET /api/matches': 'as-outsider',
  'POST /api/matches': 'as-outsider',
  'PUT /api/matches/consent': 'as-outsider',
  'GET /api/matches/:matchId': { reads: 'partidos.ver' },
  'PATCH /api/matches/:matchId': { sees: 'partidos.ver' },
  'DELETE /api/matches/:matchId': { sees: 'partidos.ver' },
  'GET /api/matches/:matchId/files/*': { reads: 'partidos.ver' },
  'GET /api/courses/:courseId/matches': 'partidos.ver',
  'PUT /api/courses/:courseId/match-storage': 'admin',
  'POST /api/matches/uploads': 'as-outsider',
  'PATCH /api/matches/uploads/:uploadId': 'as-outsider',
  'DELETE /api/matches/uploads/:uploadId': 'as-outsider',
  'GET /api/matches/:matchId/comments': { reads: 'partidos.ver' },
  'POST /api/matches/:matchId/comments': { sees: 'partidos.ver', does: 'partidos.comentar' },
  'POST /api/match-comments/:commentId/replies': { reads: 'partidos.ver' },
  'PATCH /api/match-comments/:commentId': { reads: 'partidos.ver' },
  'GET /api/match-comments/:commentId/history': { reads: 'partidos.ver' },
  'POST /api/match-comments/:commentId/clip': { sees: 'partidos.ver', does: 'contenido.editar' },
  'GET /api/modules/:moduleId/offline': 'as-outsider',
  'GET /api/modules/:moduleId/offline/jugadas': 'as-outsider',
  'GET /api/pages/home': 'as-outsider',
  'GET /api/pages/courses/:courseId/modules': 'as-outsider',
  'GET /api/pages/modules/:moduleId': 'as-outsider',
  'GET /api/pages/modules/:moduleId/activity': 'as-outsider',
  'GET /api/pages/exams/:examId': 'as-outsider',
  'GET /api/courses/:courseId/payments': 'pagos.ver',
  'PUT /api/courses/:courseId/payment-plan': 'pagos.registrar',
  'PUT /api/courses/:courseId/trainees/:userId/payment-option': 'pagos.registrar',
  'POST /api/courses/:courseId/payments': 'pagos.registrar',
  'DELETE /api/payments/:paymentId': 'pagos.registrar',
  'GET /api/courses/:courseId/payments.csv': 'pagos.ver',
  'PUT /api/payments/:paymentId/receipt': 'pagos.registrar',
  'GET /api/payments/:paymentId/receipt': { reads: 'pagos.ver' },
  'GET /api/courses/:courseId/practice': 'as-outsider',
  'POST /api/courses/:courseId/practice/answers': 'as-outsider',
  'GET /api/courses/:courseId/progress': 'tablero.ver',
  'GET /api/courses/:courseId/progress.csv': 'tablero.ver',
  'GET /api/courses/:courseId/trainees/:userId/record': 'legajo.ver',
  'GET /api/me/record': 'as-outsider',
  'GET /api/courses/:courseId/renewal': 'admin',
  'POST /api/courses/:courseId/renewal': 'admin',
  'GET /api/courses/:courseId/team': 'equipo.gestionar',
  'GET /api/courses/:courseId/team/candidates': 'equipo.gestionar',
  'POST /api/courses/:courseId/team': 'equipo.gestionar',
  'PUT /api/courses/:courseId/team/:userId': 'equipo.gestionar',
  'DELETE /api/courses/:courseId/team/:userId': 'equipo.gestionar',
  'GET /api/me/teams': 'as-outsider',
  'GET /api/courses/:courseId/changes': 'registro.ver',
  'GET /api/courses/:courseId/changes.csv': 'registro.ver',
  'GET /api/users': 'admin',
  'POST /api/users': 'alumnos.gestionar',
  'GET /api/users/:userId': 'admin',
  'PUT /api/users/:userId/active': 'admin',
  'POST /api/users/:userId/invitation': 'admin',
  'POST /api/users/import/preview': 'alumnos.gestionar',
  'POST /api/users/import': 'alumnos.gestionar',
  'POST /api/modules/:moduleId/watched': 'as-outsider',
};

function expectedFor(row: Row, as: Caller): number {
  const column = (['anonymous', 'outsider', 'student', 'admin'] as const).indexOf(as as never);
  if (column >= 0) return row.expected[column]!;
  const [, asOutsider, , asAdmin] = row.expected;
  const roles = staffRolesOf[as as StaffCaller];
  const inCourse = as !== 'otherInstructor';
  const rule = staffRules[row.route];
  if (rule === undefined) throw new Error(`${row.route}: sin regla para el equipo del curso en staffRules`);
  if (rule === 'admin') return 403;
  if (rule === 'as-outsider') return asOutsider;
  if (typeof rule === 'string') return !inCourse ? 404 : mayDo(roles, rule) ? asAdmin : 403;
  if ('somewhere' in rule) return mayDo(roles, rule.somewhere) ? asAdmin : 403;
  if ('sees' in rule) return !inCourse || !mayDo(roles, rule.sees) ? asOutsider : rule.does && mayDo(roles, rule.does) ? asAdmin : 403;
  return inCourse && mayDo(roles, rule.reads) ? asAdmin : asOutsider;
}

const errorBodies: Record<number, { code: string; message: string }> = {
  401: { code: 'UNAUTHORIZED', message: messages.unauthorized },
  403: { code: 'FORBIDDEN', message: messages.forbidden },
  404: { code: 'NOT_FOUND', message: expect.stringMatching(/no existe|No encontramos/) as unknown as string },
};

async function send(row: Row, request: Request, cookie: string | undefined) {
  const withCookie = { ...request, ...(request.cookie || !cookie ? {} : { cookie }) };
  if (!row.stream) {
    const response = await call(t.app, withCookie);
    return { status: response.statusCode, contentType: String(response.headers['content-type'] ?? ''), body: response.body };
  }
  const stream = await openEventStream(baseUrl, withCookie.url, withCookie.cookie);
  stream.close();
  return { status: stream.status, contentType: stream.headers.get('content-type') ?? '', body: stream.body };
}

describe('authorization table', () => {
  const cells = rows.flatMap((row) => callers.map((as) => ({ row, as, expected: expectedFor(row, as) })));

  it.each(cells.map((cell) => [cell.row.route, cell.as, cell.expected, cell] as const))(
    '%s as %s → %i',
    async (_route, as, expected, cell) => {
      const request = await cell.row.request(as);
      const response = await send(cell.row, request, cookies[as]);
      expect(response.status, response.body).toBe(expected);
      const errorBody = errorBodies[expected];
      if (errorBody) expect(JSON.parse(response.body)).toMatchObject({ error: errorBody });
      if (cell.row.stream && expected === 200) expect(response.contentType).toMatch(/^text\/event-stream/);
    },
  );

  const unknownCells = rows.filter((row) => row.unknown).map((row) => [row.route, row.unknown!.as, row] as const);
  it.each(unknownCells)('%s with an unknown id, as %s → 404', async (_route, as, row) => {
    const response = await send(row, row.unknown!.request(unknownId()), cookies[as]);
    expect(response.status, response.body).toBe(404);
    expect(JSON.parse(response.body)).toMatchObject({
      error: { code: 'NOT_FOUND', message: expect.stringMatching(/no existe|No encontramos/) },
    });
  });

  const malformedCells = unknownCells.filter(([, , row]) => !row.idInBody);
  it.each(malformedCells)('%s with a malformed id, as %s → 400', async (_route, as, row) => {
    const response = await send(row, row.unknown!.request('x'.repeat(65)), cookies[as]);
    expect(response.status, response.body).toBe(400);
    const { error } = JSON.parse(response.body) as { error: { code: string; message: string } };
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toMatch(/^(El identificador no es válido\.|Demasiado grande)/);
  });

  it('has a rule for the course team on every route, and no rule for a route that does not exist', () => {
    expect(rows.filter((row) => staffRules[row.route] === undefined).map((row) => row.route)).toEqual([]);
    expect(Object.keys(staffRules).filter((route) => !rows.some((row) => row.route === route))).toEqual([]);
  });

  it('covers every route the server registers', () => {
    const covered = new Set(rows.map((row) => row.route));
    const registered = t.routes.map((r) => r.route);
    expect(registered.length).toBeGreaterThan(40);
    expect(registered.filter((route) => !covered.has(route))).toEqual([]);
    // And no row names a route that no longer exists.
    expect([...covered].filter((route) => !registered.includes(route))).toEqual([]);
  });

  it('gives every route a response schema and an OpenAPI tag', () => {
    const undocumented = t.routes.filter(({ schema }) => {
      const statuses = Object.keys((schema?.response as object | undefined) ?? {}).filter((status) => /^[23]/.test(status));
      return statuses.length === 0 || !(schema?.tags as string[] | undefined)?.length;
    });
    expect(undocumented.map((r) => r.route)).toEqual([]);
  });
});

/**
 * What a browser never sends, over every route of the table (so a new route is probed without
 * being named): each field of a row's own request body and query, at any depth (an array by its
 * first item), replaced by each probe value, or left out, sent as the first caller the route
 * serves. Each is answered with a 4xx that says what is wrong in Spanish, or taken: never a 500.
 */
describe('every route, probed with what a browser never sends', () => {
  const probes: unknown[] = [null, 'x'.repeat(5_000), -1, 2 ** 31, 2 ** 53, 1e308, [], {}, '0000-01-01', '9999-12-31T23:59:00.000Z'];
  const LEFT_OUT = Symbol('left out');

  /** The paths to every value in `value` (objects by key, arrays by their first item). */
  function pathsOf(value: unknown, depth = 0): Array<Array<string | number>> {
    if (depth > 3 || value === null || typeof value !== 'object') return [];
    const entries: Array<[string | number, unknown]> = Array.isArray(value)
      ? value.length > 0
        ? [[0, value[0]]]
        : []
      : Object.entries(value);
    return entries.flatMap(([key, child]) => [[key], ...pathsOf(child, depth + 1).map((rest) => [key, ...rest])]);
  }
  /** `value` with the value at `at` replaced by `probe` (or left out). */
  function replaced(value: unknown, at: Array<string | number>, probe: unknown): unknown {
    const copy = structuredClone(value) as Record<string | number, unknown>;
    let parent = copy;
    for (const key of at.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
    const last = at.at(-1)!;
    if (probe === LEFT_OUT) {
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
    } else parent[last] = probe;
    return copy;
  }
  /** Each probed variant of a row's request: its JSON body's fields, then its query's parameters. */
  function variants(request: Request): Array<{ what: string; request: Request }> {
    const found: Array<{ what: string; request: Request }> = [];
    const body = request.body;
    if (body !== undefined && typeof body === 'object' && !Buffer.isBuffer(body)) {
      for (const at of pathsOf(body))
        for (const probe of [...probes, LEFT_OUT])
          found.push({
            what: `${at.join('.')} = ${probe === LEFT_OUT ? '(sin el campo)' : JSON.stringify(probe).slice(0, 40)}`,
            request: { ...request, body: replaced(body, at, probe) },
          });
    }
    const url = new URL(request.url, 'http://aula.test');
    for (const name of [...url.searchParams.keys()])
      for (const probe of probes) {
        const probed = new URL(url);
        probed.searchParams.set(name, typeof probe === 'string' ? probe : JSON.stringify(probe));
        found.push({
          what: `?${name}=${probed.searchParams.get(name)!.slice(0, 40)}`,
          request: { ...request, url: `${probed.pathname}${probed.search}` },
        });
      }
    return found;
  }

  const probed = rows.filter((row) => !row.stream && row.expected.some((status) => status < 300));
  it.each(probed.map((row) => [row.route, row] as const))('%s', async (_route, row) => {
    const column = row.expected.findIndex((status) => status < 300);
    const as = callers[column]!;
    const failures: string[] = [];
    for (const variant of variants(await row.request(as))) {
      const response = await send(row, variant.request, cookies[as]);
      if (response.status >= 500) failures.push(`${variant.what} → ${response.status} ${response.body.slice(0, 200)}`);
      else if (response.status >= 400) {
        const message = (JSON.parse(response.body) as { error?: { message?: unknown } }).error?.message;
        if (typeof message !== 'string' || message.length === 0)
          failures.push(`${variant.what} → ${response.status} sin mensaje: ${response.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
