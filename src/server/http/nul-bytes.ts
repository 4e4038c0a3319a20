// PostgreSQL cannot store U+0000 in text: a NUL byte anywhere in what a request sends (path
// parameters, query string, JSON body, form fields) is refused with a Spanish 400 before any
// route or query sees it, instead of failing as a 500 deep inside.
import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages.ts';
import { badRequest } from '../errors.ts';

/** The path ("body.answers.0.text") of the first string holding a NUL byte, or null. */
export function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (key.includes('\u0000')) return `${path}.${key.replaceAll('\u0000', '')}`;
    const found = findNul(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Checks params, query and JSON body of every request before schema validation. */
export function refuseNulBytes(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const where = findNul(request.params, 'params') ?? findNul(request.query, 'query') ?? findNul(request.body, '');
    if (where !== null) {
      const field = where.replace(/^(params|query)\.?/, '') || '_';
      throw badRequest(messages.nulByte, { [field]: messages.nulByte });
    }
  });
}
