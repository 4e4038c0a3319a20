// Builders for courses, modules, documents, access and activities, made through the services
// (no HTTP round trips, no logins), so each test states only what it needs.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { setUserCourseAccess, setUserModuleAccess } from '../../../src/server/access/service.ts';
import { findActivityOf, saveCorrection, submitActivity } from '../../../src/server/activities/service.ts';
import type { AppContext } from '../../../src/server/context.ts';
import { createCourse } from '../../../src/server/courses/service.ts';
import { image } from '../../../src/server/db/schema.ts';
import { storeBuffer } from '../../../src/server/files/storage.ts';
import { insertDocument } from '../../../src/server/documents/service.ts';
import { postMessage } from '../../../src/server/forum/service.ts';
import { courseOptions, createJugada } from '../../../src/server/jugadas/service.ts';
import { createModule, findModule } from '../../../src/server/modules/service.ts';
import type { Role } from '../../../src/shared/schemas/auth.ts';
import { questionInputSchema } from '../../../src/shared/schemas/content.ts';
import { createUser } from './builders.ts';
import { pdfBytes, pngBytes } from './files.ts';
import { login } from './http.ts';

let counter = 0;
const next = () => ++counter;

export async function createImage(ctx: AppContext): Promise<string> {
  const bytes = pngBytes();
  const key = await storeBuffer(ctx.storage, bytes, 'png', 'image/png');
  const id = randomUUID();
  await ctx.db.insert(image).values({ id, storageKey: key, mimeType: 'image/png', size: bytes.length });
  return id;
}

export async function buildCourse(ctx: AppContext, overrides: { name?: string; description?: string } = {}) {
  const n = next();
  return createCourse(ctx.db, {
    name: overrides.name ?? `Curso ${n}`,
    description: overrides.description ?? `Descripción del curso ${n}`,
    imageId: await createImage(ctx),
  });
}

export async function buildModule(
  ctx: AppContext,
  courseId: string,
  overrides: { name?: string; questions?: string[]; videoUrl?: string; videoDuration?: number } = {},
) {
  const n = next();
  return createModule(ctx.db, {
    courseId,
    name: overrides.name ?? `Módulo ${n}`,
    imageId: await createImage(ctx),
    videoUrl: overrides.videoUrl ?? 'https://youtu.be/dQw4w9WgXcQ',
    // 'Duración' as the module editor gives it: unknown unless the test says.
    videoDuration: overrides.videoDuration ?? null,
    questions: (overrides.questions ?? ['¿Cuántos jugadores hay en cancha?', '¿Cuánto dura un partido?']).map((text) =>
      questionInputSchema.parse(text),
    ),
  });
}

export async function buildDocument(ctx: AppContext, courseId: string, name = `Documento ${next()}`) {
  const bytes = pdfBytes(name);
  const storageKey = await storeBuffer(ctx.storage, bytes, 'pdf', 'application/pdf');
  return insertDocument(ctx.db, { courseId, name, storageKey, mimeType: 'application/pdf', extension: 'pdf', size: bytes.length });
}

export const enableCourse = (ctx: AppContext, userId: string, courseId: string, enabled = true) =>
  setUserCourseAccess(ctx.db, userId, courseId, enabled);

/** 'Habilitar' a module (and its course) for a user: they get their copy of the questions. */
export const enableModule = (ctx: AppContext, userId: string, moduleId: string, enabled = true) =>
  setUserModuleAccess(ctx.db, userId, moduleId, enabled);

/** The student's activity of the module: the row (id, version…) and its items in order. */
export async function activityOf(ctx: AppContext, userId: string, moduleId: string) {
  const row = await findActivityOf(ctx.db, userId, moduleId);
  return { row, items: row.items };
}

/** Answers every question and submits; returns the submitted activity as the API presents it. */
export async function submitAnswers(ctx: AppContext, userId: string, moduleId: string, answer = (i: number) => `Respuesta ${i + 1}`) {
  const { items } = await activityOf(ctx, userId, moduleId);
  return submitActivity(
    ctx.db,
    userId,
    moduleId,
    items.map((item, i) => ({ itemId: item.id, answer: answer(i) })),
  );
}

/** Corrects a submitted activity: `verdicts[i]` says whether item i is correct. */
export async function correctActivity(
  ctx: AppContext,
  userId: string,
  moduleId: string,
  verdicts: boolean[],
  feedback = 'Revisá el reglamento',
) {
  const { row, items } = await activityOf(ctx, userId, moduleId);
  return saveCorrection(ctx.db, row.id, {
    version: row.version,
    items: items.map((item, i) => ({ itemId: item.id, correct: verdicts[i] ?? true, feedback: verdicts[i] ? null : feedback })),
  });
}

export async function buildMessage(
  ctx: AppContext,
  moduleId: string,
  author: { id: string; name: string; email: string; role: Role; staff?: boolean },
  body = 'Hola',
) {
  const { row } = await postMessage(ctx.db, moduleId, { staff: false, ...author }, body);
  return row;
}

/** A new account and its session cookie. */
export async function signedIn(
  app: FastifyInstance,
  ctx: AppContext,
  role: Role = 'student',
  overrides: { name?: string; email?: string } = {},
) {
  const user = await createUser(ctx, { role, ...overrides });
  const cookie = await login(app, user.email, user.password);
  return { ...user, cookie };
}

export const unknownId = () => randomUUID();

/** A jugada on a YouTube clip whose correct call is given by the options' labels (the course's IHF lists). */
export async function buildJugada(
  ctx: AppContext,
  moduleId: string,
  overrides: {
    decision?: string;
    sanction?: string;
    moment?: number | null;
    tolerance?: number;
    explanation?: string;
    prompt?: string;
  } = {},
) {
  const module = await findModule(ctx.db, moduleId);
  const options = await courseOptions(ctx.db, module.courseId);
  const decision = options.decisions.find((o) => o.label === (overrides.decision ?? 'Tiro de 7 metros'));
  const sanction = options.sanctions.find((o) => o.label === (overrides.sanction ?? 'Exclusión de 2 minutos'));
  if (!decision || !sanction) throw new Error('opción desconocida');
  return createJugada(ctx.db, moduleId, {
    video: { kind: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ' },
    start: 1,
    end: 9,
    prompt: overrides.prompt ?? '¿Qué cobrás?',
    correctDecisionId: decision.id,
    correctSanctionId: sanction.id,
    moment: overrides.moment === undefined ? 4 : overrides.moment,
    tolerance: overrides.tolerance ?? 1,
    explanation: overrides.explanation ?? 'Regla 8:5: ocasión manifiesta de gol.',
  });
}

/** The id of a course option by its label. */
export async function optionId(ctx: AppContext, courseId: string, label: string) {
  const options = await courseOptions(ctx.db, courseId);
  const found = [...options.decisions, ...options.sanctions].find((o) => o.label === label);
  if (!found) throw new Error(`opción desconocida: ${label}`);
  return found.id;
}
