import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dayOf } from '../../shared/calendar.ts';
import { paymentMessages } from '../../shared/messages.ts';
import { idSchema } from '../../shared/schemas/content.ts';
import {
  adminPaymentSchema,
  coursePaymentsSchema,
  paymentInputSchema,
  paymentOptionSchema,
  paymentPlanInputSchema,
  paymentRecordedSchema,
  paymentStatusSchema,
  RECEIPT_MAX_BYTES,
  traineeOptionInputSchema,
} from '../../shared/schemas/payments.ts';
import type { AppContext } from '../context.ts';
import { findCourse, courseNotFound } from '../courses/service.ts';
import { notFound } from '../errors.ts';
import { sendStoredFile } from '../files/serve.ts';
import { receiveUpload } from '../files/upload.ts';
import { idempotencyHeaders, idempotentWrite } from '../http/idempotency.ts';
import { multipartBody } from '../http/multipart.ts';
import { fileContent, noContent } from '../http/responses.ts';
import { coursePayments, paymentsCsv, readAdminPayment } from './read.ts';
import { attachReceipt, deletePayment, findPayment, paymentNotFound, recordPayment, savePlan, setTraineeOption } from './service.ts';
import { mayDoIn } from '../access/course-roles.ts';

const courseParams = z.object({ courseId: idSchema });
const traineeParams = z.object({ courseId: idSchema, userId: idSchema });
const paymentParams = z.object({ paymentId: idSchema });

/** The app with the zod type provider: routes typed by their schemas. */
type Routes = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** A file name for a receipt's download: the uploaded name, kept to safe characters. */
function receiptName(name: string) {
  return (
    name
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex
      .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ')
      .trim()
      .slice(0, 150) || 'comprobante'
  );
}

/** 'Pagos': the course's plan, each trainee's option, the payments and their receipts. Admins only, but a trainee's own receipt. */
export async function paymentRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards, storage, clock } = ctx;
  const today = () => dayOf(clock.now());

  r.get('/courses/:courseId/payments', { schema: { params: courseParams, response: { 200: coursePaymentsSchema } } }, async (request) => {
    await guards.requireCourse(request, { course: request.params.courseId }, 'pagos.ver', courseNotFound);
    return coursePayments(db, await findCourse(db, request.params.courseId), today());
  });

  // 'Plan de pagos': the whole plan and the reminders switch. An option trainees hold cannot be left out (409).
  r.put(
    '/courses/:courseId/payment-plan',
    {
      schema: {
        params: courseParams,
        body: paymentPlanInputSchema,
        response: { 200: z.object({ options: z.array(paymentOptionSchema), reminders: z.boolean(), message: z.string() }) },
      },
    },
    async (request) => {
      const { user: admin } = await guards.requireCourse(request, { course: request.params.courseId }, 'pagos.registrar', courseNotFound);
      const plan = await savePlan(db, request.params.courseId, request.body, admin);
      return { ...plan, message: paymentMessages.planSaved };
    },
  );

  r.put(
    '/courses/:courseId/trainees/:userId/payment-option',
    { schema: { params: traineeParams, body: traineeOptionInputSchema, response: { 200: z.object({ status: paymentStatusSchema }) } } },
    async (request) => {
      const { user: admin } = await guards.requireCourse(request, { course: request.params.courseId }, 'pagos.registrar', courseNotFound);
      const { courseId, userId } = request.params;
      return { status: await setTraineeOption(db, courseId, userId, request.body.optionId, admin, today()) };
    },
  );

  // 'Registrar pago': enables the modules the trainee now paid for, in the same transaction.
  r.post(
    '/courses/:courseId/payments',
    { schema: { headers: idempotencyHeaders, params: courseParams, body: paymentInputSchema, response: { 201: paymentRecordedSchema } } },
    async (request, reply) => {
      const { user: admin } = await guards.requireCourse(request, { course: request.params.courseId }, 'pagos.registrar', courseNotFound);
      const recorded = await idempotentWrite(db, request, admin.id, (tx) =>
        recordPayment(tx, request.params.courseId, request.body, admin, today()),
      );
      return reply.status(201).send(recorded);
    },
  );

  receiptRoutes(r, ctx);

  // Borrar: the modules the payment enabled stay enabled, and every answer stays.
  r.delete('/payments/:paymentId', { schema: { params: paymentParams, response: noContent } }, async (request, reply) => {
    const { user: admin } = await guards.requireCourse(request, { payment: request.params.paymentId }, 'pagos.registrar', paymentNotFound);
    const row = await deletePayment(db, request.params.paymentId, admin);
    const key = row.receiptKey;
    if (key) await storage.delete(key).catch((error: unknown) => request.log.warn({ err: error, key }, 'no se pudo borrar el archivo'));
    return reply.status(204).send();
  });

  r.get(
    '/courses/:courseId/payments.csv',
    {
      schema: {
        params: courseParams,
        response: { 200: z.string().meta({ description: 'Los pagos en CSV (punto y coma, UTF-8 con BOM)' }) },
      },
    },
    async (request, reply) => {
      await guards.requireCourse(request, { course: request.params.courseId }, 'pagos.ver', courseNotFound);
      const { filename, body } = await paymentsCsv(db, await findCourse(db, request.params.courseId));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}

/** A payment's receipt ('Comprobante'): sent by the admin, read by admins and by the trainee who paid. */
function receiptRoutes(r: Routes, ctx: AppContext) {
  const { db, guards, storage } = ctx;

  // multipart/form-data: the `file` (a PDF, PNG or JPEG, judged by its content). Replaces a receipt the payment had.
  r.put(
    '/payments/:paymentId/receipt',
    { schema: { ...multipartBody, params: paymentParams, response: { 200: z.object({ payment: adminPaymentSchema }) } } },
    async (request) => {
      const { user: admin } = await guards.requireCourse(
        request,
        { payment: request.params.paymentId },
        'pagos.registrar',
        paymentNotFound,
      );
      await findPayment(db, request.params.paymentId);
      const file = await receiveUpload(request, storage, { kind: 'receipt', maxBytes: RECEIPT_MAX_BYTES });
      const { replaced } = await attachReceipt(
        db,
        request.params.paymentId,
        { key: file.key, name: receiptName(file.originalName), type: file.mime, size: file.size },
        admin,
      ).catch(async (error: unknown) => {
        await storage.delete(file.key).catch(() => undefined);
        throw error;
      });
      // The old file goes after the commit; one left behind is removed by the clean-up of orphaned uploads.
      if (replaced)
        await storage
          .delete(replaced)
          .catch((error: unknown) => request.log.warn({ err: error, key: replaced }, 'no se pudo borrar el archivo'));
      return { payment: await readAdminPayment(db, request.params.paymentId) };
    },
  );

  // The receipt, for admins and for the trainee whose payment it is (anyone else: the 404 of a missing payment).
  r.get('/payments/:paymentId/receipt', { schema: { params: paymentParams, response: fileContent } }, async (request, reply) => {
    const user = await guards.requireUser(request);
    const row = await findPayment(db, request.params.paymentId);
    if (row.userId !== user.id && !(await mayDoIn(db, user, { payment: row.id }, 'pagos.ver'))) throw paymentNotFound();
    if (!row.receiptKey || !row.receiptType) throw notFound(paymentMessages.receiptNotFound);
    return sendStoredFile(request, reply, storage, {
      key: row.receiptKey,
      size: row.receiptSize ?? 0,
      contentType: row.receiptType,
      storedAt: row.createdAt,
      downloadName: receiptName(row.receiptName ?? 'comprobante'),
      cacheControl: 'private, no-cache',
    });
  });
}
