import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activitySchema,
  correctionRecordSchema,
  correctionSchema,
  reviewQueueItemSchema,
  saveAnswersSchema,
  type Activity,
} from '../../shared/schemas/activities.ts';
import { idSchema } from '../../shared/schemas/content.ts';
import { canViewModule, loadAccess, requireRole, requireVisible } from '../access/policy.ts';
import { findUser } from '../access/service.ts';
import type { AppContext } from '../context.ts';
import { notifySubmission } from '../notifications/notify.ts';
import { getNoticePreferences } from '../push/preferences.ts';
import { noticeCorrection, noticeSubmission } from '../push/notify.ts';
import { idempotencyHeaders, idempotentWrite } from '../http/idempotency.ts';
import { findModule, moduleNotFound } from '../modules/service.ts';
import { correctionChangedEmail, correctionEmail } from './emails.ts';
import { presentActivity } from './read.ts';
import {
  changeCorrection,
  correctionHistory,
  findActivityOf,
  reviewQueue,
  saveCorrection,
  saveDraft,
  submitActivity,
  activityNotFound,
} from './service.ts';
import { coursesAllowing } from '../access/course-roles.ts';

const moduleParams = z.object({ moduleId: idSchema });
const activityResponse = { 200: z.object({ activity: activitySchema }) };

export async function activityRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = ctx;
  /** Whoever corrects in the activity's course: its instructors and assistants, and the administrators. */
  const corrector = (request: FastifyRequest, activityId: string) =>
    guards.requireCourse(request, { activity: activityId }, 'actividades.corregir', activityNotFound);

  /** A student reaches only their own activity, of a module enabled for them. */
  async function requireOwnModule(request: Parameters<typeof guards.requireUser>[0], moduleId: string) {
    const user = await guards.requireUser(request);
    const module = await findModule(db, moduleId);
    requireRole(user.role === 'student');
    requireVisible(canViewModule(user, await loadAccess(db, user.id, module.courseId, module.id)), moduleNotFound);
    return user;
  }

  r.put(
    '/modules/:moduleId/activity/answers',
    { schema: { params: moduleParams, body: saveAnswersSchema, response: activityResponse } },
    async (request) => {
      const user = await guards.requireUser(request);
      // Only students have activities: anyone else gets the module's 404 or a 403, as elsewhere.
      if (user.role !== 'student') await requireOwnModule(request, request.params.moduleId);
      // Access, checks and the write in one statement: a draft is saved as the student types.
      return { activity: await saveDraft(db, user.id, request.params.moduleId, request.body.answers) };
    },
  );

  // With an Idempotency-Key (the phone's line of writes made without signal), a repeat of a
  // submission whose answer was lost gets that answer, even if the activity was corrected since.
  r.post(
    '/modules/:moduleId/activity/submit',
    { schema: { headers: idempotencyHeaders, params: moduleParams, body: saveAnswersSchema, response: activityResponse } },
    async (request) => {
      const user = await requireOwnModule(request, request.params.moduleId);
      const startedAt = Date.now();
      const activity = await idempotentWrite(db, request, user.id, (tx) =>
        submitActivity(tx, user.id, request.params.moduleId, request.body.answers),
      );
      // Only a new submission is news (an identical repeat answers with the earlier one).
      if (activity.submittedAt && Date.parse(activity.submittedAt) >= startedAt - 1) {
        void notifySubmission(ctx, { userId: user.id, moduleId: request.params.moduleId }).catch((error: unknown) =>
          request.log.error({ err: error }, 'no se pudo preparar el aviso de respuestas enviadas'),
        );
        void noticeSubmission(ctx, { userId: user.id, moduleId: request.params.moduleId }).catch((error: unknown) =>
          request.log.error({ err: error }, 'no se pudo preparar el aviso al teléfono de respuestas enviadas'),
        );
      }
      return { activity };
    },
  );

  r.get(
    '/users/:userId/modules/:moduleId/activity',
    {
      schema: {
        params: z.object({ userId: idSchema, moduleId: idSchema }),
        response: {
          200: z.object({
            activity: activitySchema,
            user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
            history: z.array(correctionRecordSchema),
          }),
        },
      },
    },
    async (request) => {
      await guards.requireCourse(request, { module: request.params.moduleId }, 'actividades.corregir', moduleNotFound);
      const student = await findUser(db, request.params.userId);
      await findModule(db, request.params.moduleId);
      const activity = presentActivity(await findActivityOf(db, student.id, request.params.moduleId));
      const history = await correctionHistory(db, activity.id);
      return { activity, user: { id: student.id, name: student.name, email: student.email }, history };
    },
  );

  /** After the commit: email and phone as chosen in 'Avisos' (an unread choice sends the email); no failure undoes the correction. */
  async function notifyStudent(request: { log: { error: (obj: object, msg: string) => void } }, activity: Activity, changed: boolean) {
    void noticeCorrection(ctx, activity, changed).catch((error: unknown) => {
      request.log.error({ err: error, activityId: activity.id }, 'no se pudo preparar el aviso al teléfono de la corrección');
    });
    if ((await getNoticePreferences(db, activity.userId).catch(() => null))?.correction.email === 'never') return;
    const student = await findUser(db, activity.userId);
    const link = `${ctx.config.publicUrl}/${activity.courseId}/${activity.moduleId}/actividades`;
    const email = changed
      ? correctionChangedEmail(student.name, activity.moduleName, link)
      : correctionEmail(student.name, activity.moduleName, link);
    ctx.mailer.send({ to: student.email, link, ...email }).catch((error: unknown) => {
      request.log.error({ err: error, activityId: activity.id }, 'no se pudo enviar el aviso de corrección');
    });
  }

  r.post(
    '/activities/:activityId/correction',
    { schema: { params: z.object({ activityId: idSchema }), body: correctionSchema, response: activityResponse } },
    async (request) => {
      const { user: admin } = await corrector(request, request.params.activityId);
      const activity = await saveCorrection(db, request.params.activityId, request.body, admin);
      await notifyStudent(request, activity, false);
      return { activity };
    },
  );

  // 'Modificar corrección': changes a saved correction, with the same version check.
  r.put(
    '/activities/:activityId/correction',
    { schema: { params: z.object({ activityId: idSchema }), body: correctionSchema, response: activityResponse } },
    async (request) => {
      const { user: admin } = await corrector(request, request.params.activityId);
      const activity = await changeCorrection(db, request.params.activityId, request.body, admin);
      await notifyStudent(request, activity, true);
      return { activity };
    },
  );

  reviewQueueRoutes(app, ctx);
}

/** 'Por corregir': every submission awaiting correction in the courses the person corrects in. */
function reviewQueueRoutes(app: FastifyInstance, { db, guards }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/review-queue', { schema: { response: { 200: z.object({ items: z.array(reviewQueueItemSchema) }) } } }, async (request) => {
    const user = await guards.requireSomewhere(request, 'actividades.corregir');
    return { items: await reviewQueue(db, coursesAllowing(user, 'actividades.corregir')) };
  });
}
