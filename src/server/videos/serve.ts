// A video's renditions and poster, sent alike for a module's video and a jugada's clip, after
// the route has checked who may see them (private: each answer depends on that person's access).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { videoMessages } from '../../shared/messages.ts';
import type { Db } from '../db/client.ts';
import { notFound } from '../errors.ts';
import { sendStoredFile } from '../files/serve.ts';
import type { FileStorage } from '../files/storage.ts';
import { findRendition } from './read.ts';

export async function sendRendition(
  request: FastifyRequest,
  reply: FastifyReply,
  { db, storage }: { db: Db; storage: FileStorage },
  videoId: string,
  height: number,
) {
  const rendition = await findRendition(db, videoId, height);
  return sendStoredFile(request, reply, storage, {
    key: rendition.storageKey,
    size: rendition.size,
    contentType: rendition.mimeType,
    storedAt: rendition.createdAt,
    cacheControl: 'private, no-cache',
  });
}

export async function sendPoster(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  poster: { key: string | null; storedAt: Date },
) {
  if (!poster.key) throw notFound(videoMessages.posterNotFound);
  const { size } = await storage.stat(poster.key);
  return sendStoredFile(request, reply, storage, {
    key: poster.key,
    size,
    contentType: 'image/jpeg',
    storedAt: poster.storedAt,
    cacheControl: 'private, no-cache',
  });
}
