// 'Acta del curso': the course's records, the draft's files, closing and correcting, and each
// closed record's files as issued. Only the course's instructors (admins).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courseRecordMessages } from '../../shared/messages.ts';
import { idSchema } from '../../shared/schemas/content.ts';
import { courseRecordChangeSchema, courseRecordListSchema } from '../../shared/schemas/course-records.ts';
import type { AppContext } from '../context.ts';
import { idempotencyHeaders, idempotentWrite } from '../http/idempotency.ts';
import { recordCsv, recordFileName } from './csv.ts';
import type { RecordDocument } from './document.ts';
import { recordPdf } from './pdf.ts';
import { closedDocument, draftDocument, findRecord, listRecords, recordNotFound } from './read.ts';
import { closeRecord, supersedeRecord } from './service.ts';
import { courseNotFound } from '../courses/service.ts';

const courseParams = z.object({ courseId: idSchema });
const recordParams = z.object({ recordId: idSchema });
const supersedeParams = z.object({ courseId: idSchema, recordId: idSchema });
const pdfResponse = { 200: z.any().meta({ description: 'El acta en PDF (A4)' }) };
const csvResponse = { 200: z.string().meta({ description: 'El acta en CSV (separado por punto y coma, UTF-8 con BOM)' }) };

async function sendPdf(reply: FastifyReply, document: RecordDocument) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${recordFileName(document, 'pdf')}"`)
    .header('cache-control', 'no-store')
    .send(await recordPdf(document));
}

function sendCsv(reply: FastifyReply, document: RecordDocument) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${recordFileName(document, 'csv')}"`)
    .header('cache-control', 'no-store')
    .send(recordCsv(document));
}

export async function courseRecordRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards, clock } = ctx;

  r.get('/courses/:courseId/records', { schema: { params: courseParams, response: { 200: courseRecordListSchema } } }, async (request) => {
    await guards.requireCourse(request, { course: request.params.courseId }, 'aprobacion.gestionar', courseNotFound);
    return listRecords(db, request.params.courseId);
  });

  // The draft: the record as it would be closed now, marked 'BORRADOR' (409 while one is in force).
  r.get('/courses/:courseId/records/draft.pdf', { schema: { params: courseParams, response: pdfResponse } }, async (request, reply) => {
    const { user: admin } = await guards.requireCourse(
      request,
      { course: request.params.courseId },
      'aprobacion.gestionar',
      courseNotFound,
    );
    return sendPdf(reply, await draftDocument(db, request.params.courseId, clock.now(), admin.name));
  });

  r.get('/courses/:courseId/records/draft.csv', { schema: { params: courseParams, response: csvResponse } }, async (request, reply) => {
    const { user: admin } = await guards.requireCourse(
      request,
      { course: request.params.courseId },
      'aprobacion.gestionar',
      courseNotFound,
    );
    return sendCsv(reply, await draftDocument(db, request.params.courseId, clock.now(), admin.name));
  });

  // 'Cerrar acta'.
  r.post(
    '/courses/:courseId/records',
    { schema: { headers: idempotencyHeaders, params: courseParams, response: { 201: courseRecordChangeSchema } } },
    async (request, reply) => {
      const { user: admin } = await guards.requireCourse(
        request,
        { course: request.params.courseId },
        'aprobacion.gestionar',
        courseNotFound,
      );
      const record = await idempotentWrite(db, request, admin.id, (tx) => closeRecord(tx, request.params.courseId, admin, clock.now()));
      return reply.status(201).send({ record, message: courseRecordMessages.closed });
    },
  );

  // 'Corregir acta'.
  r.post(
    '/courses/:courseId/records/:recordId/supersede',
    { schema: { params: supersedeParams, response: { 200: courseRecordChangeSchema } } },
    async (request) => {
      const { user: admin } = await guards.requireCourse(
        request,
        { course: request.params.courseId },
        'aprobacion.gestionar',
        courseNotFound,
      );
      return supersedeRecord(db, request.params.courseId, request.params.recordId, admin, clock.now());
    },
  );

  // A closed record's files, from its stored row only: the same whatever the course's results now.
  r.get('/records/:recordId/pdf', { schema: { params: recordParams, response: pdfResponse } }, async (request, reply) => {
    await guards.requireCourse(request, { courseRecord: request.params.recordId }, 'aprobacion.gestionar', recordNotFound);
    const row = await findRecord(db, request.params.recordId);
    return sendPdf(reply, await closedDocument(db, row));
  });

  r.get('/records/:recordId/csv', { schema: { params: recordParams, response: csvResponse } }, async (request, reply) => {
    await guards.requireCourse(request, { courseRecord: request.params.recordId }, 'aprobacion.gestionar', recordNotFound);
    const row = await findRecord(db, request.params.recordId);
    return sendCsv(reply, await closedDocument(db, row));
  });
}
