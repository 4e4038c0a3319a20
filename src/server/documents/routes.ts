import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_MAX_BYTES, documentNameSchema, documentSchema, idSchema } from '../../shared/schemas/content.ts';
import { safeParse } from 'zod/v4/core';
import { canViewCourse, loadAccess, requireVisible } from '../access/policy.ts';
import type { AppContext } from '../context.ts';
import { courseNotFound, findCourse } from '../courses/service.ts';
import { badRequest } from '../errors.ts';
import { sendStoredFile } from '../files/serve.ts';
import { receiveUpload } from '../files/upload.ts';
import { multipartBody } from '../http/multipart.ts';
import { deleteDocument, documentNotFound, findDocument, insertDocument, listDocuments, presentDocument } from './service.ts';
import { messages } from '../../shared/messages.ts';
import { fileContent, noContent } from '../http/responses.ts';
import { mayDoIn } from '../access/course-roles.ts';

const courseParams = z.object({ courseId: idSchema });
const documentParams = z.object({ documentId: idSchema });

/** A file name for the download: the document's name, kept to safe characters, with its type's extension. */
function downloadName(name: string, extension: string) {
  // Control characters and path separators never reach a file name.
  const base =
    name
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex
      .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ')
      .trim()
      .slice(0, 150) || 'documento';
  return `${base}.${extension}`;
}

export async function documentRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards, storage } = ctx;

  r.get(
    '/courses/:courseId/documents',
    { schema: { params: courseParams, response: { 200: z.object({ documents: z.array(documentSchema) }) } } },
    async (request) => {
      const user = await guards.requireUser(request);
      const course = await findCourse(db, request.params.courseId);
      // Its trainees, and its team.
      if (!(await mayDoIn(db, user, { course: course.id }, 'curso.ver')))
        requireVisible(canViewCourse(user, await loadAccess(db, user.id, course.id)), courseNotFound);
      return { documents: (await listDocuments(db, course.id)).map(presentDocument) };
    },
  );

  // multipart/form-data: a `name` field, then the `file`.
  r.post(
    '/courses/:courseId/documents',
    { schema: { ...multipartBody, params: courseParams, response: { 201: z.object({ document: documentSchema }) } } },
    async (request, reply) => {
      await guards.requireCourse(request, { course: request.params.courseId }, 'contenido.editar', courseNotFound);
      const course = await findCourse(db, request.params.courseId);
      const file = await receiveUpload(request, storage, { kind: 'document', maxBytes: DOCUMENT_MAX_BYTES });
      const name = safeParse(documentNameSchema, file.fields['name'] ?? '');
      if (!name.success) {
        await storage.delete(file.key);
        const message = name.error.issues[0]?.message ?? messages.uploadMissingName;
        throw badRequest(message, { name: message });
      }
      const row = await insertDocument(db, {
        courseId: course.id,
        name: name.data,
        storageKey: file.key,
        mimeType: file.mime,
        extension: file.extension,
        size: file.size,
      }).catch(async (error: unknown) => {
        await storage.delete(file.key).catch(() => undefined);
        throw error;
      });
      return reply.status(201).send({ document: presentDocument(row) });
    },
  );

  r.delete('/documents/:documentId', { schema: { params: documentParams, response: noContent } }, async (request, reply) => {
    await guards.requireCourse(request, { document: request.params.documentId }, 'contenido.editar', documentNotFound);
    const row = await deleteDocument(db, request.params.documentId);
    if (!row) throw documentNotFound();
    // The row is gone first: a file left behind (a crash, the store down) is only unused
    // space, removed by the scheduled clean-up of orphaned uploads.
    await storage
      .delete(row.storageKey)
      .catch((error: unknown) => request.log.warn({ err: error, key: row.storageKey }, 'no se pudo borrar el archivo'));
    return reply.status(204).send();
  });

  // Only admins and students with the course enabled; there is no public address for a document.
  r.get('/documents/:documentId/file', { schema: { params: documentParams, response: fileContent } }, async (request, reply) => {
    const user = await guards.requireUser(request);
    const row = await findDocument(db, request.params.documentId);
    if (!(await mayDoIn(db, user, { course: row.courseId }, 'curso.ver')))
      requireVisible(canViewCourse(user, await loadAccess(db, user.id, row.courseId)), documentNotFound);
    return sendStoredFile(request, reply, storage, {
      key: row.storageKey,
      size: row.size,
      contentType: row.mimeType,
      storedAt: row.createdAt,
      downloadName: downloadName(row.name, row.extension),
      cacheControl: 'private, no-cache',
    });
  });
}
