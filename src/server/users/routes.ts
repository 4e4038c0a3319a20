import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { MultipartFile } from '@fastify/multipart';
import { z } from 'zod';
import { safeParse } from 'zod/v4/core';
import { messages } from '../../shared/messages.ts';
import { userListQuerySchema, userListSchema } from '../../shared/schemas/access.ts';
import { idSchema } from '../../shared/schemas/content.ts';
import {
  createUserSchema,
  IMPORT_MAX_BYTES,
  importPreviewSchema,
  importResultSchema,
  activeInputSchema,
  userDetailSchema,
  userSchema,
} from '../../shared/schemas/users.ts';
import { findUser } from '../access/service.ts';
import { toSessionUser } from '../auth/guards.ts';
import type { AppContext } from '../context.ts';
import { AppError, badRequest } from '../errors.ts';
import { parseClassList } from './class-list.ts';
import { importClassList, previewImport } from './import.ts';
import { hasPassword, resendInvitation } from './invitations.ts';
import { listUsers } from './list-users.ts';
import { createUser, setUserActive } from './service.ts';
import { idempotencyHeaders, idempotent } from '../http/idempotency.ts';
import { multipartBody } from '../http/multipart.ts';
import { malformedUpload } from '../files/upload.ts';

const userParams = z.object({ userId: idSchema });

/** The class list file of a multipart request and its optional `courseId` field (sent before the file). */
async function readClassList(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.uploadNotMultipart);
  let part: MultipartFile | undefined;
  let bytes: Buffer;
  try {
    part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000 } });
    if (!part) throw badRequest(messages.uploadMissingFile, { file: messages.uploadMissingFile });
    bytes = await part.toBuffer();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', messages.importTooHeavy(IMPORT_MAX_BYTES), {
        file: messages.importTooHeavy(IMPORT_MAX_BYTES),
      });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest(messages.uploadOneFile);
    // No boundary, cut short, garbage: the parser's own errors are the client's fault.
    throw malformedUpload(error);
  }
  const field = part.fields['courseId'];
  const raw = field && !Array.isArray(field) && field.type === 'field' && typeof field.value === 'string' ? field.value.trim() : '';
  if (raw !== '' && !safeParse(idSchema, raw).success) throw badRequest(messages.invalidId, { courseId: messages.invalidId });
  return { rows: parseClassList(bytes), courseId: raw === '' ? undefined : raw };
}

export async function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/users', { schema: { querystring: userListQuerySchema, response: { 200: userListSchema } } }, async (request) => {
    await ctx.guards.requireAdmin(request);
    return listUsers(ctx.db, request.query);
  });

  // Without `password`, the user is created with none and receives an invitation by email.
  r.post(
    '/users',
    { schema: { headers: idempotencyHeaders, body: createUserSchema, response: { 201: z.object({ user: userSchema }) } } },
    async (request, reply) => {
      const admin = await ctx.guards.requireAdmin(request);
      const { name, email, role } = request.body;
      // The password stays out of the stored fingerprint.
      const user = await idempotent(ctx.db, request, admin.id, () => createUser(ctx, request.body), { name, email, role });
      return reply.status(201).send({ user });
    },
  );

  r.get('/users/:userId', { schema: { params: userParams, response: { 200: userDetailSchema } } }, async (request) => {
    await ctx.guards.requireAdmin(request);
    const user = await findUser(ctx.db, request.params.userId);
    return { user: toSessionUser(user), invitationPending: !(await hasPassword(ctx.db, user.id)), active: !user.banned };
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
      return { user: toSessionUser(user), invitationPending: !(await hasPassword(ctx.db, user.id)), active: !user.banned };
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
  r.post('/users/import/preview', { schema: { ...multipartBody, response: { 200: importPreviewSchema } } }, async (request) => {
    await ctx.guards.requireAdmin(request);
    const { rows, courseId } = await readClassList(request);
    return previewImport(ctx.db, rows, courseId);
  });

  // The same form: creates the valid rows in one transaction and sends their invitations.
  r.post('/users/import', { schema: { ...multipartBody, response: { 200: importResultSchema } } }, async (request) => {
    await ctx.guards.requireAdmin(request);
    const { rows, courseId } = await readClassList(request);
    const result = await importClassList(ctx, rows, courseId);
    if (result.created === 0) throw badRequest(messages.importNothingValid);
    return result;
  });
}
