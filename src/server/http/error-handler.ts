import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '../../shared/api-error.ts';
import { messages } from '../../shared/messages.ts';
import { isDatabaseUnavailable, isDiskFull } from '../db/availability.ts';
import { AppError } from '../errors.ts';
import { StorageUnavailableError, StoredObjectNotFoundError } from '../files/storage.ts';

/** The error body; `requestId` is the id every log line of this request carries. */
function body(requestId: string, code: ErrorCode, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}), requestId } };
}

/** Turns every error into the one JSON shape; anything unexpected becomes a logged 500. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(body(request.id, error.code, error.message, error.fields));
    }
    if (error instanceof StorageUnavailableError) {
      request.log.error({ err: error }, 'el almacenamiento de archivos no responde');
      return reply
        .status(503)
        .header('retry-after', '30')
        .send(body(request.id, 'UNAVAILABLE', messages.storageUnavailable));
    }
    if (error instanceof StoredObjectNotFoundError) {
      request.log.warn({ err: error }, 'falta un archivo en el almacenamiento');
      return reply.status(404).send(body(request.id, 'NOT_FOUND', messages.fileMissing));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= issue.message ?? messages.badRequest;
      }
      // Shared schemas carry the spec's texts; zod's own fallbacks are in Spanish (shared/zod.ts).
      const message = error.validation[0]?.message ?? messages.badRequest;
      return reply.status(400).send(body(request.id, 'BAD_REQUEST', message, fields));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(body(request.id, 'PAYLOAD_TOO_LARGE', messages.payloadTooLarge));
    if (status === 415) return reply.status(415).send(body(request.id, 'UNSUPPORTED_MEDIA_TYPE', messages.unsupportedMediaType));
    if (status === 429) return reply.status(429).send(body(request.id, 'TOO_MANY_REQUESTS', messages.tooManyRequests));
    if (status >= 400 && status < 500) {
      const message = error.code?.startsWith('FST_ERR_CTP_') ? messages.invalidJson : messages.badRequest;
      return reply
        .status(status === 404 ? 404 : 400)
        .send(body(request.id, status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', status === 404 ? messages.notFound : message));
    }
    // Outages are not bugs: say what happened, with a 503 the client may retry later.
    if (isDiskFull(error)) {
      request.log.error({ err: error }, 'sin espacio en disco');
      return reply.status(503).send(body(request.id, 'UNAVAILABLE', messages.diskFull));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'la base de datos no responde');
      return reply.status(503).send(body(request.id, 'UNAVAILABLE', messages.databaseUnavailable));
    }
    request.log.error({ err: error }, 'error inesperado');
    return reply.status(500).send(body(request.id, 'INTERNAL', messages.internal));
  });
}
