import type { ErrorCode } from '../shared/api-error.ts';
import { messages } from '../shared/messages.ts';

const statusByCode: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  INVALID_TOKEN: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** An error meant for the user: its code and Spanish message go out as they are. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly fields: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.code = code;
    this.statusCode = statusByCode[code];
    this.fields = fields;
  }
}

export const unauthorized = () => new AppError('UNAUTHORIZED', messages.unauthorized);
export const forbidden = () => new AppError('FORBIDDEN', messages.forbidden);
export const notFound = (message: string = messages.notFound) => new AppError('NOT_FOUND', message);
export const badRequest = (message: string = messages.badRequest, fields?: Record<string, string>) =>
  new AppError('BAD_REQUEST', message, fields);
export const conflict = (message: string) => new AppError('CONFLICT', message);
