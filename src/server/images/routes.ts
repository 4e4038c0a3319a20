import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '../../shared/schemas/content.ts';
import { canViewImage } from '../access/policy.ts';
import type { AppContext } from '../context.ts';
import { image } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { sendStoredFile } from '../files/serve.ts';
import { receiveUpload } from '../files/upload.ts';
import { multipartBody } from '../http/multipart.ts';
import { fileContent } from '../http/responses.ts';

export const imageUrl = (id: string) => `/api/images/${id}`;

export async function imageRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/images',
    { schema: { ...multipartBody, response: { 201: z.object({ id: z.string(), url: z.string() }) } } },
    async (request, reply) => {
      await ctx.guards.requireSomewhere(request, 'contenido.editar');
      const file = await receiveUpload(request, ctx.storage, { kind: 'image', maxBytes: IMAGE_MAX_BYTES });
      const id = randomUUID();
      await ctx.db
        .insert(image)
        .values({ id, storageKey: file.key, mimeType: file.mime, size: file.size })
        .catch(async (error: unknown) => {
          await ctx.storage.delete(file.key).catch(() => undefined);
          throw error;
        });
      return reply.status(201).send({ id, url: imageUrl(id) });
    },
  );

  r.get(
    '/images/:imageId',
    { schema: { params: z.object({ imageId: z.string().max(64) }), response: fileContent } },
    async (request, reply) => {
      const user = await ctx.guards.requireUser(request);
      const [row] = await ctx.db.select().from(image).where(eq(image.id, request.params.imageId));
      // A picture the student may not see is answered like one that does not exist.
      if (!row || !(await canViewImage(ctx.db, user, row.id))) throw notFound();
      // An image id never changes content: a new upload gets a new id.
      return sendStoredFile(request, reply, ctx.storage, {
        key: row.storageKey,
        size: row.size,
        contentType: row.mimeType,
        storedAt: row.createdAt,
        cacheControl: 'private, max-age=31536000, immutable',
      });
    },
  );
}
