// Which routes take a multipart/form-data body (uploads): those whose schema says so with
// `consumes` (the OpenAPI key for a request's content types). Every other route refuses such a body
// with a Spanish 415 before its handler runs, so a route that reads a file without declaring it
// never receives one: the malformed-body checks (tests/api/multipart-malformed.test.ts) find
// every upload route by this declaration and cannot miss one.
import type { FastifyInstance, FastifySchema } from 'fastify';
import { messages } from '../../shared/messages.ts';
import { AppError } from '../errors.ts';

const MULTIPART = 'multipart/form-data';

/** Spread into the schema of a route that receives files: `{ schema: { ...multipartBody, params } }`. */
export const multipartBody = { consumes: [MULTIPART] } as const;

/** Whether a route's schema declares a multipart body. */
export function takesMultipart(schema: FastifySchema | undefined): boolean {
  const consumes = (schema as { consumes?: unknown } | undefined)?.consumes;
  return Array.isArray(consumes) && consumes.includes(MULTIPART);
}

/** Refuses a multipart body on every route that does not declare one. */
export function refuseUndeclaredMultipart(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart() && !takesMultipart(request.routeOptions.schema)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.unsupportedMediaType);
    }
  });
}
