import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeParse } from 'zod/v4/core';
import { messages } from '../../shared/messages.ts';
import { userListQuerySchema, userListSchema } from '../../shared/schemas/access.ts';
import { idSchema } from '../../shared/schemas/content.ts';
import {
  createUserSchema,
  importPreviewSchema,
  importResultSchema,
  activeInputSchema,
  userDetailSchema,
  userSchema,
} from '../../shared/schemas/users.ts';
import { findUser } from '../access/service.ts';
import { isStaff } from '../access/course-roles.ts';
import { toSessionUser } from '../auth/guards.ts';
import type { AppContext } from '../context.ts';
import { AppError, badRequest } from '../errors.ts';
import { courseNotFound } from '../courses/service.ts';
import type { Role } from '../../shared/schemas/auth.ts';
import { parseClassList } from './class-list.ts';
import { importClassList, previewImport } from './import.ts';
import { hasPassword, resendInvitation } from './invitations.ts';
import { listUsers } from './list-users.ts';
import { createUser, setUserActive } from './service.ts';
import { idempotencyHeaders, idempotent } from '../http/idempotency.ts';
import { multipartBody } from '../http/multipart.ts';
import { receiveImportFile } from '../files/upload.ts';

const userParams = z.object({ userId: idSchema });

/** The class list file of a multipart request and its optional `courseId` field (sent before the file). */
async function readClassList(request: FastifyRequest) {
  const { bytes, field } = await receiveImportFile(request);
  const raw = field('courseId');
  if (raw !== '' && !safeParse(idSchema, raw).success) throw badRequest(messages.invalidId, { courseId: messages.invalidId });
  return { rows: parseClassList(bytes), courseId: raw === '' ? undefined : raw };
}

export async function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * Who creates accounts: an administrator, any (with or without a course); someone whose roles
   * in a course let them manage its trainees (an instructor), trainees only and always into that
   * course — never an administrator, and never staff (a course's team is its own page).
   */
  async function requireEnroller(request: FastifyRequest, courseId: string | undefined, role: Role = 'student') {
    if (courseId === undefined) {
      const user = await ctx.guards.requireSomewhere(request, 'alumnos.gestionar');
      if (user.role !== 'admin') throw badRequest(messages.traineeCourseRequired, { courseId: messages.traineeCourseRequired });
      return user;
    }
    const { user } = await ctx.guards.requireCourse(request, { course: courseId }, 'alumnos.gestionar', courseNotFound);
    if (role !== 'student' && user.role !== 'admin')
      throw new AppError('FORBIDDEN', messages.onlyAdminsCreateAdmins, { role: messages.onlyAdminsCreateAdmins });
    return user;
  }

  r.get('/users', { schema: { querystring: userListQuerySchema, response: { 200: userListSchema } } }, async (request) => {
    await ctx.guards.requireAdmin(request);
    return listUsers(ctx.db, request.query);
  });

  // Without `password`, the user is created with none and receives an invitation by email.
  r.post(
    '/users',
    { schema: { headers: idempotencyHeaders, body: createUserSchema, response: { 201: z.object({ user: userSchema }) } } },
    async (request, reply) => {
      const { name, email, role, courseId } = request.body;
      const actor = await requireEnroller(request, courseId, role);
      // The password stays out of the stored fingerprint.
      const user = await idempotent(ctx.db, request, actor.id, () => createUser(ctx, request.body, actor), { name, email, role, courseId });
      return reply.status(201).send({ user });
    },
  );

  r.get('/users/:userId', { schema: { params: userParams, response: { 200: userDetailSchema } } }, async (request) => {
    await ctx.guards.requireAdmin(request);
    const user = await findUser(ctx.db, request.params.userId);
    return {
      user: toSessionUser({ ...user, staff: await isStaff(ctx.db, user.id) }),
      invitationPending: !(await hasPassword(ctx.db, user.id)),
      active: !user.banned,
    };
  });

  // 'Desactivar' / 'Reactivar' a user: sessions end at once, nothing they wrote is deleted.
  r.put(
    '/users/:userId/active',
    { schema: { params: userParams, body: activeInputSchema, response: { 200: userDetailSchema } } },
    async (request) => {
      const admin = await ctx.guards.requireAdmin(request);
      const user = await setUserActive(ctx.db, admin.id, request.params.userId, request.body.active);
      // The sessions were deleted in the transaction; every instance now ends their open streams.
      if (!request.body.active) await ctx.events.publish({ type: 'session.ended', userId: user.id });
      return {
        user: toSessionUser({ ...user, staff: await isStaff(ctx.db, user.id) }),
        invitationPending: !(await hasPassword(ctx.db, user.id)),
        active: !user.banned,
      };
    },
  );

  r.post(
    '/users/:userId/invitation',
    { schema: { params: userParams, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      await ctx.guards.requireAdmin(request);
      await resendInvitation(ctx, request.params.userId);
      return { message: messages.invitationResent };
    },
  );

  // multipart/form-data: an optional `courseId` field, then the CSV `file`. Writes nothing.
  // An instructor imports into one of their courses only.
  r.post('/users/import/preview', { schema: { ...multipartBody, response: { 200: importPreviewSchema } } }, async (request) => {
    await ctx.guards.requireSomewhere(request, 'alumnos.gestionar');
    const { rows, courseId } = await readClassList(request);
    await requireEnroller(request, courseId);
    return previewImport(ctx.db, rows, courseId);
  });

  // The same form: creates the valid rows in one transaction and sends their invitations.
  r.post('/users/import', { schema: { ...multipartBody, response: { 200: importResultSchema } } }, async (request) => {
    await ctx.guards.requireSomewhere(request, 'alumnos.gestionar');
    const { rows, courseId } = await readClassList(request);
    const actor = await requireEnroller(request, courseId);
    const result = await importClassList(ctx, rows, courseId, actor);
    if (result.created === 0) throw badRequest(messages.importNothingValid);
    return result;
  });
}
