import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { create as contentDisposition } from 'content-disposition';
import { z } from 'zod';
import { dayOf } from '../../shared/calendar.ts';
import { normalizeCode } from '../../shared/certificate-code.ts';
import { certificateMessages as m } from '../../shared/messages.ts';
import { idSchema } from '../../shared/schemas/content.ts';
import {
  certificateListSchema,
  certificateSchema,
  certificateSignerResultSchema,
  certificateSignerSchema,
  issueCertificatesResultSchema,
  issueCertificatesSchema,
  revokeCertificateSchema,
  verificationSchema,
} from '../../shared/schemas/certificates.ts';
import { requireUnderLimit, type Limit } from '../auth/rate-limit.ts';
import type { AppContext } from '../context.ts';
import { findCourse, courseNotFound } from '../courses/service.ts';
import { notFound } from '../errors.ts';
import { fileSlug } from '../files/csv-out.ts';
import { idempotencyHeaders, idempotentWrite } from '../http/idempotency.ts';
import { certificatePdf } from './pdf.ts';
import {
  certificateByCode,
  certificatesOfCourse,
  certificatesOfUser,
  findCertificate,
  presentCertificate,
  presentVerification,
  verifyUrlOf,
  certificateNotFound,
} from './read.ts';
import { issueCertificates, revokeCertificate, saveSigner } from './service.ts';
import { mayDoIn } from '../access/course-roles.ts';

const courseParams = z.object({ courseId: idSchema });
const certificateParams = z.object({ certificateId: idSchema });
// Any text: a malformed code gets the same 404 as an unknown one (nothing tells what a code looks like).
const codeParams = z.object({ code: z.string() });

/**
 * Look-ups of the public page from one address: generous for a person (a league checking a whole
 * roster, a class scanning their new licences behind one hall's address), hopeless for guessing
 * 40-bit codes. In the database, so every instance shares the count.
 */
export const verifyPerIp: Limit = { max: 100, windowSeconds: 15 * 60 };

/**
 * 'Firma del certificado': who signs the course's certificates, for whoever manages its approval.
 * Also while the course record is closed: certificates are issued after closing it.
 */
function signerRoute(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .put(
      '/courses/:courseId/certificate-signer',
      { schema: { params: courseParams, body: certificateSignerSchema, response: { 200: certificateSignerResultSchema } } },
      async (request) => {
        const { user } = await ctx.guards.requireCourse(
          request,
          { course: request.params.courseId },
          'aprobacion.gestionar',
          courseNotFound,
        );
        const signer = await saveSigner(ctx.db, request.params.courseId, request.body, user);
        return { signer, message: m.signerSaved };
      },
    );
}

/** 'Certificados': issued by the course's instructors, downloaded by them and their holders, verified by anyone. */
export async function certificateRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards, config } = ctx;
  const today = () => dayOf(ctx.clock.now());

  r.post(
    '/courses/:courseId/certificates',
    {
      schema: {
        headers: idempotencyHeaders,
        params: courseParams,
        body: issueCertificatesSchema,
        response: { 201: issueCertificatesResultSchema },
      },
    },
    async (request, reply) => {
      const { user: admin } = await guards.requireCourse(
        request,
        { course: request.params.courseId },
        'aprobacion.gestionar',
        courseNotFound,
      );
      const now = ctx.clock.now();
      const result = await idempotentWrite(db, request, admin.id, (tx) =>
        issueCertificates(tx, request.params.courseId, request.body, admin, now),
      );
      return reply.status(201).send(result);
    },
  );

  r.get(
    '/courses/:courseId/certificates',
    { schema: { params: courseParams, response: { 200: certificateListSchema } } },
    async (request) => {
      await guards.requireCourse(request, { course: request.params.courseId }, 'aprobacion.gestionar', courseNotFound);
      await findCourse(db, request.params.courseId);
      const rows = await certificatesOfCourse(db, request.params.courseId);
      return { certificates: rows.map((row) => presentCertificate(row, today(), config.publicUrl)) };
    },
  );

  signerRoute(app, ctx);

  r.post(
    '/certificates/:certificateId/revoke',
    {
      schema: {
        params: certificateParams,
        body: revokeCertificateSchema,
        response: { 200: z.object({ certificate: certificateSchema, message: z.string() }) },
      },
    },
    async (request) => {
      const { user: admin } = await guards.requireCourse(
        request,
        { certificate: request.params.certificateId },
        'aprobacion.gestionar',
        certificateNotFound,
      );
      const row = await revokeCertificate(db, request.params.certificateId, request.body.reason, admin, ctx.clock.now());
      return { certificate: presentCertificate(row, today(), config.publicUrl), message: m.revoked };
    },
  );

  // The PDF: for the course's instructors, and for its holder while it is not revoked; anyone else
  // gets the 404 of a missing certificate.
  r.get(
    '/certificates/:certificateId/pdf',
    { schema: { params: certificateParams, response: { 200: z.any().meta({ description: 'El certificado en PDF (A4 apaisado)' }) } } },
    async (request, reply) => {
      const user = await guards.requireUser(request);
      const row = await findCertificate(db, request.params.certificateId);
      const issuer = await mayDoIn(db, user, { certificate: row.id }, 'aprobacion.gestionar');
      if (!issuer && (row.userId !== user.id || row.revokedAt)) throw notFound(m.certificateNotFound);
      const pdf = await certificatePdf(row, verifyUrlOf(config.publicUrl, row.code));
      const name = `certificado-${fileSlug(row.holderName, 'alumno')}-${row.code}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(name, { type: 'attachment' }))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  r.get('/me/certificates', { schema: { response: { 200: certificateListSchema } } }, async (request) => {
    const user = await guards.requireUser(request);
    const rows = await certificatesOfUser(db, user.id);
    return { certificates: rows.map((row) => presentCertificate(row, today(), config.publicUrl)) };
  });

  // The public page's look-up: no session. Counted before anything is read, known code or not.
  r.get('/verify/:code', { schema: { params: codeParams, response: { 200: verificationSchema } } }, async (request, reply) => {
    await requireUnderLimit(db, reply, `verify:ip:${request.ip}`, verifyPerIp);
    const code = normalizeCode(request.params.code);
    const row = code ? await certificateByCode(db, code) : undefined;
    if (!row) throw notFound(m.verifyNotFound);
    return presentVerification(row, today());
  });
}
