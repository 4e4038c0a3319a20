import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  noticePreferencesSchema,
  pushEndpointSchema,
  pushStatusSchema,
  pushSubscriptionInputSchema,
  updateNoticePreferencesSchema,
} from '../../shared/schemas/notices.ts';
import type { AppContext } from '../context.ts';
import { pushSubscription } from '../db/schema.ts';
import { badRequest, unauthorized } from '../errors.ts';
import { noticeMessages } from '../../shared/messages.ts';
import { getNoticePreferences, updateNoticePreferences } from './preferences.ts';
import { liveSubscriptionsOf } from './queue.ts';

const noContent = { 204: z.null() };

/** Whether `endpoint` is at one of the push services (a host, or a domain and its subdomains). */
export function isPushService(endpoint: string, services: string[]): boolean {
  const host = URL.parse(endpoint)?.hostname.toLowerCase();
  return host !== undefined && services.some((service) => host === service || host.endsWith(`.${service}`));
}
const preferencesResponse = { 200: z.object({ preferences: noticePreferencesSchema }) };

/** 'Mi cuenta' → 'Avisos': this person's phones and their choices per kind; each person reaches only their own. */
export async function pushRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = ctx;

  async function requireSession(request: Parameters<typeof guards.currentSession>[0]) {
    const current = await guards.currentSession(request);
    if (!current) throw unauthorized();
    return current;
  }

  r.get('/me/push', { schema: { response: { 200: pushStatusSchema } } }, async (request, reply) => {
    const { user } = await requireSession(request);
    reply.header('cache-control', 'no-store');
    const endpoints = (await liveSubscriptionsOf(db, user.id)).map((row) => row.endpoint);
    return { publicKey: ctx.push.publicKey, endpoints };
  });

  // 'Recibir avisos en este teléfono': the browser's subscription, for this person and this session.
  // The same browser signed in as someone else takes it over (a shared phone hears only who is in).
  r.put('/me/push/subscription', { schema: { body: pushSubscriptionInputSchema, response: noContent } }, async (request, reply) => {
    const { user, sessionId } = await requireSession(request);
    const { endpoint, keys } = request.body;
    if (!isPushService(endpoint, ctx.config.pushServices))
      throw badRequest(noticeMessages.unknownPushService, { endpoint: noticeMessages.unknownPushService });
    await db
      .insert(pushSubscription)
      .values({ id: crypto.randomUUID(), userId: user.id, sessionId, endpoint, p256dh: keys.p256dh, auth: keys.auth })
      .onConflictDoUpdate({
        target: pushSubscription.endpoint,
        set: { userId: user.id, sessionId, p256dh: keys.p256dh, auth: keys.auth, createdAt: new Date() },
      });
    return reply.status(204).send(null);
  });

  // 'Dejar de recibir avisos en este teléfono' (and the app, before signing out).
  r.delete('/me/push/subscription', { schema: { body: pushEndpointSchema, response: noContent } }, async (request, reply) => {
    const { user } = await requireSession(request);
    await db
      .delete(pushSubscription)
      .where(and(eq(pushSubscription.endpoint, request.body.endpoint), eq(pushSubscription.userId, user.id)));
    return reply.status(204).send(null);
  });

  r.get('/me/notice-preferences', { schema: { response: preferencesResponse } }, async (request, reply) => {
    const user = await guards.requireUser(request);
    reply.header('cache-control', 'no-store');
    return { preferences: await getNoticePreferences(db, user.id) };
  });

  r.put('/me/notice-preferences', { schema: { body: updateNoticePreferencesSchema, response: preferencesResponse } }, async (request) => {
    const user = await guards.requireUser(request);
    return { preferences: await updateNoticePreferences(db, user.id, request.body) };
  });
}
