import type { ApiErrorBody, ErrorCode } from '../../shared/api-error.ts';
import { messages } from '../../shared/messages.ts';
import { isOnline, readDeadline, watchRequest } from './connectivity.ts';
import { OFFLINE_HEADER, REQUEST_USER_HEADER } from './offline/cache-name.ts';

/** An API failure, carrying the server's code and Spanish message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

type UnauthorizedListener = () => void;
let onUnauthorized: UnauthorizedListener = () => undefined;

/** Called once by the app: what to do when the server says the session is gone. */
export function setUnauthorizedHandler(listener: UnauthorizedListener) {
  onUnauthorized = listener;
}

/** For requests made outside `api()` (uploads): the server said the session is gone. */
export function reportUnauthorized() {
  onUnauthorized();
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: the server answers a repeat of this request with its first answer. */
  idempotencyKey?: string;
  /** The request outlives the page (a last report sent while the page is being left). */
  keepalive?: boolean;
}

/**
 * Waits before each repeat of a request that carries an Idempotency-Key and found no server to
 * answer it: the connection failed, or the balancer answered 502/503/504 (an instance restarting
 * or gone, the database coming back). The server answers a repeated key with its first answer,
 * so repeating is safe; other writes are never repeated behind the user's back.
 */
export const RETRY_DELAYS_MS = [500, 1500];
const RETRIED_STATUSES = new Set([502, 503, 504]);

const pause = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    const aborted = () => (clearTimeout(timer), reject(signal!.reason as Error));
    const timer = setTimeout(() => (signal?.removeEventListener('abort', aborted), resolve()), ms);
    signal?.addEventListener('abort', aborted, { once: true });
  });

let requestUser: string | null = null;

/**
 * Whom the app's requests are made for: the session's user (and, while the session is being read
 * at start, the one last signed in on this device). Sent as a header the server ignores, so that
 * the service worker answers downloaded data only to the person who downloaded it.
 */
export function setRequestUser(userId: string | null) {
  requestUser = userId;
}

export const currentRequestUser = () => requestUser;

/** The headers every request of the app carries (and, without connection, the word for the service worker). */
export function baseHeaders(): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (requestUser) headers[REQUEST_USER_HEADER] = requestUser;
  if (!isOnline()) headers[OFFLINE_HEADER] = '1';
  return headers;
}

/** A signal that aborts when `own` (the caller's, if any) or `other` does (AbortSignal.any, which older phones lack). */
function anyOf(own: AbortSignal | undefined, other: AbortSignal): AbortSignal {
  if (!own) return other;
  const both = new AbortController();
  for (const signal of [own, other]) {
    if (signal.aborted) both.abort(signal.reason);
    else signal.addEventListener('abort', () => both.abort(signal.reason), { once: true });
  }
  return both.signal;
}

/** The one way the client talks to the server: JSON in, JSON out, errors as ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, idempotencyKey, keepalive } = options;
  const headers = baseHeaders();
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const repeats = idempotencyKey ? RETRY_DELAYS_MS : [];
  for (let attempt = 0; ; attempt++) {
    const last = attempt >= repeats.length;
    let response: Response | undefined;
    const watch = watchRequest();
    // A read nobody answers is given up once the app is without connection: the page says so.
    const deadline = method === 'GET' ? readDeadline() : null;
    try {
      response = await fetch(path, {
        method,
        signal: deadline ? anyOf(signal, deadline.signal) : signal,
        keepalive,
        credentials: 'same-origin',
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      watch.settled(response);
    } catch (error) {
      watch.settled(undefined, signal?.aborted);
      if (signal?.aborted) throw error;
      if (last) throw new ApiError(0, 'INTERNAL', messages.network);
    } finally {
      deadline?.done();
    }
    if (response && (last || !RETRIED_STATUSES.has(response.status))) return readResponse<T>(response);
    await pause(repeats[attempt]!, signal);
  }
}

/** Reads an API answer: the JSON body, or the failure as ApiError (a 401 also ends the session here). */
export async function readResponse<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data as Partial<ApiErrorBody> | null)?.error;
    if (response.status === 401 && error?.code === 'UNAUTHORIZED') onUnauthorized();
    throw new ApiError(response.status, error?.code ?? 'INTERNAL', error?.message ?? messages.internal, error?.fields);
  }
  return data as T;
}

/** A save's failure on its form: each field's message under the field, anything else to `fail`. */
export const showOnForm =
  (form: { setErrors: (errors: Record<string, string>) => void }, fail: (message: string) => void) => (error: Error) => {
    if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
    else fail(error.message);
  };
