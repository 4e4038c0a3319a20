import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { teamMessages } from '../../shared/messages.ts';
import { idSchema } from '../../shared/schemas/content.ts';
import {
  addMemberSchema,
  candidatesQuerySchema,
  candidatesSchema,
  memberRolesSchema,
  myTeamsSchema,
  teamSchema,
} from '../../shared/schemas/team.ts';
import type { AppContext } from '../context.ts';
import { courseNotFound } from '../courses/service.ts';
import { idempotencyHeaders, idempotent } from '../http/idempotency.ts';
import { noContent } from '../http/responses.ts';
import { sendInvitations } from '../users/invitations.ts';
import { findCandidates, readMyTeams, readTeam } from './read.ts';
import { addMember, removeMember, setMemberRoles } from './service.ts';

const courseParams = z.object({ courseId: idSchema });
const memberParams = z.object({ courseId: idSchema, userId: idSchema });
const withMessage = (schema: typeof teamSchema) => z.object({ team: schema, message: z.string() });

/** 'Equipo del curso': for the course's instructors and the administrators. */
export async function teamRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = ctx;
  const manage = (request: Parameters<typeof guards.requireCourse>[0], courseId: string) =>
    guards.requireCourse(request, { course: courseId }, 'equipo.gestionar', courseNotFound);

  r.get('/courses/:courseId/team', { schema: { params: courseParams, response: { 200: teamSchema } } }, async (request) => {
    await manage(request, request.params.courseId);
    return readTeam(db, request.params.courseId);
  });

  r.get(
    '/courses/:courseId/team/candidates',
    { schema: { params: courseParams, querystring: candidatesQuerySchema, response: { 200: candidatesSchema } } },
    async (request) => {
      await manage(request, request.params.courseId);
      return { people: await findCandidates(db, request.params.courseId, request.query.q) };
    },
  );

  // 'Agregar al equipo': someone new gets the invitation to choose their password once this commits.
  r.post(
    '/courses/:courseId/team',
    { schema: { headers: idempotencyHeaders, params: courseParams, body: addMemberSchema, response: { 201: withMessage(teamSchema) } } },
    async (request, reply) => {
      const { user } = await manage(request, request.params.courseId);
      const { courseId } = request.params;
      await idempotent(db, request, user.id, async () => {
        const { invited } = await addMember(db, courseId, request.body, user);
        if (invited) await sendInvitations({ mailer: ctx.mailer, logger: ctx.logger, publicUrl: ctx.config.publicUrl }, [invited]);
        return { userId: invited?.id ?? null };
      });
      // Someone already on another team: their open list of every forum reconnects with this course in it.
      if (request.body.userId) await ctx.events.publish({ type: 'access.revoked', userId: request.body.userId, courseId });
      return reply.status(201).send({ team: await readTeam(db, courseId), message: teamMessages.memberAdded });
    },
  );

  r.put(
    '/courses/:courseId/team/:userId',
    { schema: { params: memberParams, body: memberRolesSchema, response: { 200: withMessage(teamSchema) } } },
    async (request) => {
      const { user } = await manage(request, request.params.courseId);
      const { courseId, userId } = request.params;
      await setMemberRoles(db, courseId, userId, request.body.roles, user);
      // Their open live streams end, and reconnect with what the new roles allow.
      await ctx.events.publish({ type: 'access.revoked', userId, courseId });
      return { team: await readTeam(db, courseId), message: teamMessages.rolesSaved };
    },
  );

  r.delete('/courses/:courseId/team/:userId', { schema: { params: memberParams, response: noContent } }, async (request, reply) => {
    const { user } = await manage(request, request.params.courseId);
    await removeMember(db, request.params.courseId, request.params.userId, user);
    await ctx.events.publish({ type: 'access.revoked', userId: request.params.userId, courseId: request.params.courseId });
    return reply.status(204).send();
  });

  // The person's own teams: the instructors' side shows them only what their roles allow.
  r.get('/me/teams', { schema: { response: { 200: myTeamsSchema } } }, async (request) => {
    const user = await guards.requireUser(request);
    return readMyTeams(db, user.id);
  });
}
