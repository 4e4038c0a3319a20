import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeParse } from 'zod/v4/core';
import { examMessages, messages } from '../../shared/messages.ts';
import { idSchema } from '../../shared/schemas/content.ts';
import {
  archiveBodySchema,
  bankImportPreviewSchema,
  bankExportQuerySchema,
  bankImportResultSchema,
  bankListQuerySchema,
  bankListSchema,
  bankQuestionInputSchema,
  bankQuestionSchema,
  editionSchema,
  retireEditionSchema,
} from '../../shared/schemas/exams.ts';
import type { AppContext } from '../context.ts';
import { findCourse, courseNotFound } from '../courses/service.ts';
import { badRequest } from '../errors.ts';
import { receiveImportFile } from '../files/upload.ts';
import { idempotencyHeaders, idempotentWrite } from '../http/idempotency.ts';
import { multipartBody } from '../http/multipart.ts';
import { exportBank } from './export.ts';
import { importBank, parseBankFile, previewBankImport } from './import.ts';
import { listBank } from './read.ts';
import {
  createBankQuestion,
  deleteBankQuestion,
  findBankQuestion,
  retireEdition,
  setBankQuestionArchived,
  updateBankQuestion,
  bankQuestionNotFound as questionNotFound,
} from './service.ts';

const courseParams = z.object({ courseId: idSchema });
const questionParams = z.object({ questionId: idSchema });
const questionResponse = z.object({ question: bankQuestionSchema });
const messageResponse = z.object({ message: z.string() });

/** The app with the zod type provider: routes typed by their schemas. */
type Routes = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** The import file of a multipart request and its `edition` field ('Edición del reglamento', sent before the file). */
async function readImportFile(request: FastifyRequest) {
  const { bytes, filename, field } = await receiveImportFile(request);
  const raw = field('edition');
  const edition = safeParse(editionSchema, raw === '' ? Number.NaN : Number(raw));
  if (!edition.success) {
    const message = edition.error.issues[0]?.message ?? messages.badRequest;
    throw badRequest(message, { edition: message });
  }
  return { file: parseBankFile(bytes, filename), edition: edition.data };
}

export async function bankRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = ctx;

  r.get(
    '/courses/:courseId/bank',
    { schema: { params: courseParams, querystring: bankListQuerySchema, response: { 200: bankListSchema } } },
    async (request) => {
      await guards.requireCourse(request, { course: request.params.courseId }, 'contenido.editar', courseNotFound);
      await findCourse(db, request.params.courseId);
      return listBank(db, request.params.courseId, request.query);
    },
  );

  r.post(
    '/courses/:courseId/bank',
    { schema: { headers: idempotencyHeaders, params: courseParams, body: bankQuestionInputSchema, response: { 201: questionResponse } } },
    async (request, reply) => {
      const { user: admin } = await guards.requireCourse(request, { course: request.params.courseId }, 'contenido.editar', courseNotFound);
      const question = await idempotentWrite(db, request, admin.id, (tx) => createBankQuestion(tx, request.params.courseId, request.body));
      return reply.status(201).send({ question });
    },
  );

  r.put(
    '/bank/:questionId',
    { schema: { params: questionParams, body: bankQuestionInputSchema, response: { 200: questionResponse } } },
    async (request) => {
      await guards.requireCourse(request, { question: request.params.questionId }, 'contenido.editar', questionNotFound);
      return { question: await updateBankQuestion(db, request.params.questionId, request.body) };
    },
  );

  // 'Borrar': only a question no exam attempt used (409: archive it instead).
  r.delete('/bank/:questionId', { schema: { params: questionParams, response: { 200: messageResponse } } }, async (request) => {
    await guards.requireCourse(request, { question: request.params.questionId }, 'contenido.editar', questionNotFound);
    await deleteBankQuestion(db, request.params.questionId);
    return { message: examMessages.bankQuestionDeleted };
  });

  // 'Archivar' / 'Restaurar': out of new exams and practice, or back; the attempts that used it keep their copy.
  r.post(
    '/bank/:questionId/archive',
    { schema: { params: questionParams, body: archiveBodySchema, response: { 200: questionResponse } } },
    async (request) => {
      await guards.requireCourse(request, { question: request.params.questionId }, 'contenido.editar', questionNotFound);
      await findBankQuestion(db, request.params.questionId);
      return { question: await setBankQuestionArchived(db, request.params.questionId, request.body.archived) };
    },
  );

  // 'Retirar edición': archives every active question of an edition of the rules.
  r.post(
    '/courses/:courseId/bank/retire',
    {
      schema: {
        params: courseParams,
        body: retireEditionSchema,
        response: { 200: z.object({ archived: z.number(), message: z.string() }) },
      },
    },
    async (request) => {
      await guards.requireCourse(request, { course: request.params.courseId }, 'contenido.editar', courseNotFound);
      return retireEdition(db, request.params.courseId, request.body.edition);
    },
  );

  // 'Exportar': the active questions as CSV (the import's columns), GIFT or Moodle XML, a category per chapter.
  r.get(
    '/courses/:courseId/bank/export',
    {
      schema: {
        params: courseParams,
        querystring: bankExportQuerySchema,
        response: { 200: z.string().meta({ description: 'El banco en CSV (punto y coma, UTF-8 con BOM), GIFT o Moodle XML' }) },
      },
    },
    async (request, reply) => {
      await guards.requireCourse(request, { course: request.params.courseId }, 'contenido.editar', courseNotFound);
      const { filename, contentType, body } = await exportBank(db, request.params.courseId, request.query.format);
      return reply
        .header('content-type', contentType)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  importRoutes(r, ctx);
}

/** 'Importar preguntas': multipart/form-data with an `edition` field, then the `file` (CSV, JSON, GIFT or Moodle XML). */
function importRoutes(r: Routes, { db, guards }: AppContext) {
  // Checks every row; writes nothing.
  r.post(
    '/courses/:courseId/bank/import/preview',
    { schema: { ...multipartBody, params: courseParams, response: { 200: bankImportPreviewSchema } } },
    async (request) => {
      await guards.requireCourse(request, { course: request.params.courseId }, 'contenido.editar', courseNotFound);
      await findCourse(db, request.params.courseId);
      const { file, edition } = await readImportFile(request);
      return previewBankImport(db, request.params.courseId, file, edition);
    },
  );

  // The same form: writes the valid rows in one transaction.
  r.post(
    '/courses/:courseId/bank/import',
    { schema: { ...multipartBody, params: courseParams, response: { 200: bankImportResultSchema } } },
    async (request) => {
      await guards.requireCourse(request, { course: request.params.courseId }, 'contenido.editar', courseNotFound);
      await findCourse(db, request.params.courseId);
      const { file, edition } = await readImportFile(request);
      return importBank(db, request.params.courseId, file, edition);
    },
  );
}
