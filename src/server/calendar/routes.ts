import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { noticeMessages } from '../../shared/messages.ts';
import { idSchema } from '../../shared/schemas/content.ts';
import { calendarAddressSchema } from '../../shared/schemas/notices.ts';
import { canViewModule, loadAccess, requireVisible } from '../access/policy.ts';
import { mayDoIn } from '../access/course-roles.ts';
import type { AppContext } from '../context.ts';
import { calendarFeed, exam, user } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { calendarEventsOf, examEventById, lessonEventById, type CalendarEvent } from './events.ts';
import { renderCalendar } from './ics.ts';

/** 32 random bytes, as the address carries them. */
const newToken = () => randomBytes(32).toString('base64url');
const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

const icsResponse = { 200: z.string().meta({ description: 'iCalendar (RFC 5545), text/calendar' }) };
const feedNotFound = () => notFound(noticeMessages.calendarNotFound);
const eventNotFound = () => notFound(noticeMessages.eventNotFound);

function addressOf(publicUrl: string, token: string) {
  const url = `${publicUrl}/api/calendar/${token}.ics`;
  const webcal = url.replace(/^https?:\/\//, 'webcal://');
  return { url, webcal, google: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}` };
}

function sendIcs(reply: FastifyReply, body: string, filename?: string) {
  reply.header('content-type', 'text/calendar; charset=utf-8');
  reply.header('cache-control', 'private, no-store');
  reply.header('x-robots-tag', 'noindex');
  if (filename) reply.header('content-disposition', `attachment; filename="${filename}"`);
  return reply.send(body);
}

/** 'Mi cuenta' → 'Calendario': the person's private feed address, its replacement, the feed, and each class's and exam's own .ics. */
export async function calendarRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards, clock } = ctx;
  const { publicUrl } = ctx.config;

  // The address is made on the first visit to 'Calendario' and kept until 'Cambiar dirección'.
  r.get('/me/calendar', { schema: { response: { 200: calendarAddressSchema } } }, async (request, reply) => {
    const me = await guards.requireUser(request);
    await db.insert(calendarFeed).values({ userId: me.id, token: newToken() }).onConflictDoNothing();
    const [row] = await db.select({ token: calendarFeed.token }).from(calendarFeed).where(eq(calendarFeed.userId, me.id));
    reply.header('cache-control', 'no-store');
    return addressOf(publicUrl, row!.token);
  });

  // 'Cambiar dirección': the old address stops working at once (a calendar that had it gets 404).
  r.post('/me/calendar/address', { schema: { response: { 200: calendarAddressSchema } } }, async (request) => {
    const me = await guards.requireUser(request);
    const token = newToken();
    await db
      .insert(calendarFeed)
      .values({ userId: me.id, token })
      .onConflictDoUpdate({ target: calendarFeed.userId, set: { token, createdAt: new Date() } });
    return addressOf(publicUrl, token);
  });

  // The feed: no session (calendar apps have none), only the token; any other token is the same 404.
  r.get(
    '/calendar/:file',
    { schema: { params: z.object({ file: z.string().max(100) }), response: icsResponse } },
    async (request, reply) => {
      const token = /^(.*)\.ics$/.exec(request.params.file)?.[1];
      if (!token || !tokenSchema.safeParse(token).success) throw feedNotFound();
      const [owner] = await db
        .select({ id: user.id, name: user.name, banned: user.banned })
        .from(calendarFeed)
        .innerJoin(user, eq(user.id, calendarFeed.userId))
        .where(eq(calendarFeed.token, token));
      if (!owner || owner.banned) throw feedNotFound();
      const events = await calendarEventsOf(db, owner.id, clock.now());
      return sendIcs(reply, renderCalendar({ name: noticeMessages.feedName(owner.name), events, publicUrl }));
    },
  );

  /** A class: its team (and the administrators), and its trainees (the course enabled); anyone else the 404 of a missing one. */
  async function lessonFor(request: FastifyRequest, lessonId: string): Promise<CalendarEvent> {
    const me = await guards.requireUser(request);
    const event = await lessonEventById(db, lessonId);
    if (!event) throw eventNotFound();
    if (await mayDoIn(db, me, { lesson: lessonId }, 'curso.ver')) return event;
    const courseId = decodeURIComponent(event.path.slice(1));
    requireVisible(me.role === 'student' && (await loadAccess(db, me.id, courseId)).courseEnabled, eventNotFound);
    return event;
  }

  r.get(
    '/lessons/:lessonId/event.ics',
    { schema: { params: z.object({ lessonId: idSchema }), response: icsResponse } },
    async (request, reply) => {
      const event = await lessonFor(request, request.params.lessonId);
      return sendIcs(reply, renderCalendar({ name: event.summary, events: [event], publicUrl, single: true }), 'clase.ics');
    },
  );

  r.get(
    '/exams/:examId/event.ics',
    { schema: { params: z.object({ examId: idSchema }), response: icsResponse } },
    async (request, reply) => {
      const me = await guards.requireUser(request);
      const [row] = await db
        .select({ courseId: exam.courseId, moduleId: exam.moduleId })
        .from(exam)
        .where(eq(exam.id, request.params.examId));
      if (!row) throw eventNotFound();
      if (!(await mayDoIn(db, me, { exam: request.params.examId }, 'curso.ver'))) {
        requireVisible(me.role === 'student' && canViewModule(me, await loadAccess(db, me.id, row.courseId, row.moduleId)), eventNotFound);
      }
      const event = await examEventById(db, request.params.examId);
      if (!event) throw eventNotFound();
      return sendIcs(reply, renderCalendar({ name: event.summary, events: [event], publicUrl, single: true }), 'examen.ics');
    },
  );
}
