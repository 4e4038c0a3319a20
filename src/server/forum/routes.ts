import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import { idSchema } from '../../shared/schemas/content.ts';
import {
  forumHistoryQuerySchema,
  forumHistorySchema,
  forumMessageSchema,
  forumModuleSchema,
  liveEventSchema,
  postMessageSchema,
  type AccessRevokedEvent,
} from '../../shared/schemas/forum.ts';
import type { CurrentSession } from '../auth/guards.ts';
import type { ForumBusEvent } from '../live/bus.ts';
import { canViewModule, loadAccess, requireVisible } from '../access/policy.ts';
import type { AppContext } from '../context.ts';
import { notifyForumMessage } from '../notifications/notify.ts';
import { noticeForumMessage } from '../push/notify.ts';
import { findCourse, courseNotFound } from '../courses/service.ts';
import { notFound } from '../errors.ts';
import { findModule, moduleNotFound } from '../modules/service.ts';
import {
  createdEvent,
  deleteMessage,
  findMessage,
  forumModules,
  listMessagesPage,
  markRead,
  postMessage,
  presentEvent,
  presentMessage,
  messageNotFound,
} from './service.ts';
import { messages } from '../../shared/messages.ts';
import { eventStream, noContent } from '../http/responses.ts';
import { idempotencyHeaders, idempotentWrite } from '../http/idempotency.ts';
import { coursesAllowing, courseIdsAllowing, mayDoIn } from '../access/course-roles.ts';

const moduleParams = z.object({ moduleId: idSchema });
const HEARTBEAT_MS = 25_000;
const SHUTDOWN_RETRY_MS = 250;

// setTimeout's longest delay (about 24.8 days); a later expiry is checked again then.
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Opens a Server-Sent Events stream for one session. Each forum event `accept` lets through is
 * presented for the session's user (the HTTP presenter) and checked against the shared schema.
 * The stream ends when access is taken away (`revokes`) and when its session ends: sign-out,
 * password reset, revocation, expiry (the browser's reconnection then gets a 401 or 404).
 */
function openStream(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: AppContext,
  current: CurrentSession,
  open: Set<() => void>,
  accept: (event: ForumBusEvent) => boolean,
  revokes: (event: AccessRevokedEvent) => boolean = () => false,
) {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    // Written past Fastify (hijacked): the request id every other answer carries.
    'x-request-id': request.id,
  });
  res.write('retry: 2000\n: conectado\n\n');
  const end = () => res.end();
  const session = { userId: current.user.id, sessionId: current.sessionId };
  const unsubscribe = ctx.events.subscribe((event) => {
    if (event.type === 'access.revoked') {
      if (revokes(event)) end();
    } else if (event.type === 'session.ended') {
      if (event.userId === session.userId && (event.sessionId === undefined || event.sessionId === session.sessionId)) end();
    } else if (accept(event)) {
      const live = liveEventSchema.safeParse(presentEvent(event, current.user));
      if (!live.success) {
        ctx.logger.error({ err: live.error, type: event.type }, 'evento en vivo con forma inválida: no se envía');
        return;
      }
      res.write(`event: ${live.data.type}\ndata: ${JSON.stringify(live.data)}\n\n`);
    }
  });
  const heartbeat = setInterval(() => res.write(': latido\n\n'), HEARTBEAT_MS);
  let expiry: ReturnType<typeof setTimeout> | undefined;
  const watchExpiry = () => {
    const left = current.expiresAt.getTime() - Date.now();
    if (left <= 0) return end();
    expiry = setTimeout(watchExpiry, Math.min(left, MAX_TIMER_MS));
  };
  watchExpiry();
  // On shutdown: a short retry hint, so the browser reconnects at once (to another instance).
  const endForShutdown = () => {
    res.end(`retry: ${SHUTDOWN_RETRY_MS}\n: el servidor se reinicia\n\n`);
  };
  open.add(endForShutdown);
  const stop = () => {
    clearInterval(heartbeat);
    clearTimeout(expiry);
    unsubscribe();
    open.delete(endForShutdown);
  };
  res.on('close', stop);
  res.on('error', stop);
}

/**
 * Students with the module (and its course) enabled, and whoever answers for the course: the
 * administrators and its team's members who may answer the forum (`answering`).
 */
async function requireForumAccess(
  { db, guards }: AppContext,
  request: FastifyRequest,
  moduleId: string,
): Promise<{ user: SessionUser; courseId: string; answering: boolean }> {
  const user = await guards.requireUser(request);
  const module = await findModule(db, moduleId);
  const answering = await mayDoIn(db, user, { course: module.courseId }, 'foro.responder');
  if (!answering) requireVisible(canViewModule(user, await loadAccess(db, user.id, module.courseId, module.id)), moduleNotFound);
  return { user, courseId: module.courseId, answering };
}

export async function forumRoutes(app: FastifyInstance, ctx: AppContext) {
  // Open streams end when the server closes: requests in flight finish, streams would never.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  messageRoutes(app, ctx);
  forumOverviewRoutes(app, ctx);
  liveEventRoutes(app, ctx, open);
}

/** A module's conversation: reading its history, posting, deleting, and an admin marking it read. */
function messageRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards, events } = ctx;

  // The history a page at a time: the latest messages, then `?before=<nextCursor>` for older ones.
  r.get(
    '/modules/:moduleId/messages',
    { schema: { params: moduleParams, querystring: forumHistoryQuerySchema, response: { 200: forumHistorySchema } } },
    async (request) => {
      const { user } = await requireForumAccess(ctx, request, request.params.moduleId);
      const { rows, hasMore, nextCursor } = await listMessagesPage(db, request.params.moduleId, request.query);
      return { messages: rows.map((row) => presentMessage(row, user)), hasMore, nextCursor };
    },
  );

  r.post(
    '/modules/:moduleId/messages',
    {
      schema: {
        params: moduleParams,
        headers: idempotencyHeaders,
        body: postMessageSchema,
        response: { 201: z.object({ message: forumMessageSchema }) },
      },
    },
    async (request, reply) => {
      const { user, courseId, answering } = await requireForumAccess(ctx, request, request.params.moduleId);
      // A double tap or a retry with the same Idempotency-Key gets the first message back.
      const message = await idempotentWrite(db, request, user.id, async (tx, afterCommit) => {
        const { row, badgeRaised } = await postMessage(tx, request.params.moduleId, user, request.body.body, answering);
        afterCommit(async () => {
          await events.publish(createdEvent(row, courseId));
          if (badgeRaised) await events.publish({ type: 'forum.badge', courseId, moduleId: row.moduleId, newMessages: true });
          // Emails in the background: the author does not wait for the mail server.
          void notifyForumMessage(ctx, row).catch((error: unknown) =>
            request.log.error({ err: error }, 'no se pudieron preparar los avisos del foro'),
          );
          void noticeForumMessage(ctx, row).catch((error: unknown) =>
            request.log.error({ err: error }, 'no se pudieron preparar los avisos del foro al teléfono'),
          );
        });
        return presentMessage(row, user);
      });
      return reply.status(201).send({ message });
    },
  );

  r.delete(
    '/messages/:messageId',
    { schema: { params: z.object({ messageId: idSchema }), response: noContent } },
    async (request, reply) => {
      await guards.requireCourse(request, { message: request.params.messageId }, 'foro.responder', messageNotFound);
      const { message, courseId } = await findMessage(db, request.params.messageId);
      const row = await deleteMessage(db, message.id);
      if (!row) throw notFound(messages.messageNotFound);
      await events.publish({ type: 'message.deleted', courseId, moduleId: row.moduleId, messageId: row.id });
      return reply.status(204).send();
    },
  );

  // An admin opened (or is looking at) the module's forum: clears NUEVOS MENSAJES.
  r.post('/modules/:moduleId/messages/read', { schema: { params: moduleParams, response: noContent } }, async (request, reply) => {
    await guards.requireCourse(request, { module: request.params.moduleId }, 'foro.responder', moduleNotFound);
    const module = await findModule(db, request.params.moduleId);
    if (await markRead(db, module.id)) {
      await events.publish({ type: 'forum.badge', courseId: module.courseId, moduleId: module.id, newMessages: false });
    }
    return reply.status(204).send();
  });
}

/** The admins' lists of forums, across every course or within one. */
function forumOverviewRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = ctx;

  // 'Responder Preguntas' for every course at once: the forums with new messages first.
  r.get('/forum/modules', { schema: { response: { 200: z.object({ modules: z.array(forumModuleSchema) }) } } }, async (request) => {
    const user = await guards.requireSomewhere(request, 'foro.responder');
    return { modules: await forumModules(db, undefined, coursesAllowing(user, 'foro.responder')) };
  });

  r.get(
    '/courses/:courseId/forum',
    { schema: { params: z.object({ courseId: idSchema }), response: { 200: z.object({ modules: z.array(forumModuleSchema) }) } } },
    async (request) => {
      await guards.requireCourse(request, { course: request.params.courseId }, 'foro.responder', courseNotFound);
      const course = await findCourse(db, request.params.courseId);
      return { modules: await forumModules(db, course.id) };
    },
  );
}

/** The Server-Sent Events streams: one module's forum for its readers, every forum for the admins. */
function liveEventRoutes(app: FastifyInstance, ctx: AppContext, open: Set<() => void>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { guards } = ctx;

  // Live events of one module's forum, for anyone who may read it.
  r.get('/modules/:moduleId/events', { schema: { params: moduleParams, response: eventStream } }, async (request, reply) => {
    const { moduleId } = request.params;
    const { user, courseId, answering } = await requireForumAccess(ctx, request, moduleId);
    const session = (await guards.currentSession(request))!;
    const same = (value: string | undefined, actual: string) => value === undefined || value === actual;
    openStream(
      request,
      reply,
      ctx,
      session,
      open,
      (event) => event.moduleId === moduleId && event.type !== 'forum.badge',
      // A trainee's stream ends when the module, its course or their access is taken away; a team
      // member's when their roles in the course change (the browser reconnects, judged anew).
      (event) =>
        answering
          ? event.userId === user.id && event.courseId === courseId
          : same(event.userId, user.id) && same(event.courseId, courseId) && same(event.moduleId, moduleId),
    );
  });

  // Every forum event, for the admins' pages (badges and chats).
  r.get('/forum/events', { schema: { response: eventStream } }, async (request, reply) => {
    const user = await guards.requireSomewhere(request, 'foro.responder');
    const courseIds = await courseIdsAllowing(ctx.db, user, 'foro.responder');
    openStream(
      request,
      reply,
      ctx,
      (await guards.currentSession(request))!,
      open,
      (event) => !courseIds || courseIds.includes(event.courseId),
      // The courses are read as it opens: a change of the person's roles in any course ends it, and
      // the browser's reconnection reads them again.
      (event) => courseIds !== null && event.userId === user.id && event.courseId !== undefined,
    );
  });
}
