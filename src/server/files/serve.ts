import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import rangeParser from 'range-parser';
import { Readable } from 'node:stream';
import type { FileStorage } from './storage.ts';

export interface ServedFile {
  key: string;
  size: number;
  contentType: string;
  /** When the bytes were stored: a key's content never changes, so this is its Last-Modified. */
  storedAt: Date;
  /** The name for Content-Disposition (RFC 6266/5987: any characters, with an ASCII fallback). */
  downloadName?: string;
  cacheControl: string;
}

/**
 * Answers with a stored file like a file server: Range (206, 416), ETag and Last-Modified with
 * 304 to conditional requests, Content-Disposition and nosniff; the same on every storage
 * driver, since a range is asked of the store itself. Call it after the authorization checks.
 * Keys are never reused, so the key is a strong validator.
 */
export async function sendStoredFile(request: FastifyRequest, reply: FastifyReply, storage: FileStorage, file: ServedFile) {
  const etag = `"${file.key}"`;
  const lastModified = new Date(Math.floor(file.storedAt.getTime() / 1000) * 1000).toUTCString();
  reply
    .header('content-type', file.contentType)
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', lastModified)
    .header('cache-control', file.cacheControl)
    .header('x-content-type-options', 'nosniff');
  if (file.downloadName) {
    // Old clients read the ASCII `filename` (accents dropped); the others `filename*` in UTF-8.
    const ascii = file.downloadName
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_');
    reply.header('content-disposition', contentDisposition(file.downloadName, { type: 'inline', fallback: ascii }));
  }

  if (fresh(request.headers, { etag, 'last-modified': lastModified })) {
    return reply.status(304).send();
  }

  const rangeHeader = request.headers.range;
  // If-Range: a range only applies to the version the client already has part of.
  const ifRange = request.headers['if-range'];
  const rangeApplies = rangeHeader && (!ifRange || ifRange === etag || ifRange === lastModified);
  if (rangeApplies) {
    const ranges = rangeParser(file.size, rangeHeader, { combine: true });
    if (ranges === -1) {
      return reply.status(416).header('content-range', `bytes */${file.size}`).header('content-type', 'text/plain; charset=utf-8').send('');
    }
    // One range: 206. Several ranges (multipart/byteranges) or a malformed header: the whole file.
    if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) {
      const { start, end } = ranges[0]!;
      reply
        .status(206)
        .header('content-range', `bytes ${start}-${end}/${file.size}`)
        .header('content-length', end - start + 1);
      return reply.send(request.method === 'HEAD' ? noBody() : await storage.get(file.key, { start, end }));
    }
  }

  reply.header('content-length', file.size);
  return reply.send(request.method === 'HEAD' ? noBody() : await storage.get(file.key));
}

/**
 * The body of a HEAD answer: an empty stream, not `undefined`. Fastify's own HEAD route (made
 * from the GET one) sets `Content-Length: 0` for an undefined body but keeps the length already
 * set for a stream, which it drains; so a player or a download manager sees the file's real size
 * without the store being asked for its bytes.
 */
const noBody = () => Readable.from([]);
