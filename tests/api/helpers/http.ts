import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { PUBLIC_URL } from './test-app.ts';

let ipCounter = 0;

/**
 * A client address no other request in this file used. Requests come from their own address
 * unless a test pins one, so one test's hits on the per-IP limits never reach the next test.
 */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export interface CallOptions {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** An object is sent as JSON; a string is sent as it is (set `content-type` in `headers`). */
  body?: unknown;
  cookie?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/** One API call as the browser makes it: from our own origin, with the session cookie if given. */
export function call(app: FastifyInstance, options: CallOptions): Promise<LightMyRequestResponse> {
  const { method = 'GET', url, body, cookie, ip = nextIp(), headers = {} } = options;
  return app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: { origin: PUBLIC_URL, ...(cookie ? { cookie } : {}), ...headers },
    ...(body === undefined ? {} : { payload: body as string | object }),
  });
}

export function postLogin(app: FastifyInstance, email: string, password: string, ip?: string) {
  return call(app, { method: 'POST', url: '/api/auth/login', body: { email, password }, ...(ip ? { ip } : {}) });
}

/** The `set-cookie` headers of a response, as a list. */
export function setCookies(response: LightMyRequestResponse): string[] {
  const value = response.headers['set-cookie'];
  return Array.isArray(value) ? value : value ? [value] : [];
}

/** The `cookie` request header that sends back the cookies a response set. */
export function cookieHeader(response: LightMyRequestResponse): string {
  return setCookies(response)
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Signs in and returns the cookie header of the new session; fails the test when the login does not succeed. */
export async function login(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await postLogin(app, email, password);
  if (response.statusCode !== 200) {
    throw new Error(`login de ${email} respondió ${response.statusCode}: ${response.body}`);
  }
  return cookieHeader(response);
}
