import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api.ts';
import {
  isOnline,
  LOST_READ_GRACE_MS,
  OFFLINE_READ_TIMEOUT_MS,
  onReconnect,
  PROBE_DELAYS_MS,
  PROBE_TIMEOUT_MS,
  REACH_TIMEOUT_MS,
  reportReached,
  reportUnreachable,
} from './connectivity.ts';
import { FROM_DOWNLOADS_HEADER, OFFLINE_HEADER } from './offline/cache-name.ts';

const ok = (headers: Record<string, string> = {}) =>
  new Response('{}', { status: 200, headers: { 'content-type': 'application/json', ...headers } });
/** A request on a network that reaches nowhere: no answer until it is given up. */
const never = (_url: unknown, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) =>
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
  );
const sentHeaders = (call: Parameters<typeof fetch>) => (call[1]?.headers ?? {}) as Record<string, string>;

describe('connectivity', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('fetch', fetchMock);
    // The browser says it is online throughout, as it does on a wifi that reaches nowhere.
    vi.stubGlobal('navigator', { onLine: true });
    reportReached();
  });
  afterEach(() => {
    reportReached();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('a request that fails for the network, and the health check after it, mean no connection, though the browser says online', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api('/api/courses')).rejects.toBeInstanceOf(ApiError);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/courses', '/api/health']);
    expect(isOnline()).toBe(false);
    // What the app asks meanwhile tells the service worker, which answers downloaded data at once.
    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(ok());
    await api('/api/pages/modules/m1');
    expect(sentHeaders(fetchMock.mock.calls[0]!)[OFFLINE_HEADER]).toBe('1');
    // ...and the server's answer means it is reached again.
    expect(isOnline()).toBe(true);
  });

  it('one request lost while the server answers its health check is not a lost signal', async () => {
    fetchMock.mockImplementation(async (url) => {
      if (url === '/api/health') return ok();
      throw new TypeError('Failed to fetch');
    });
    await expect(api('/api/modules/m1/messages', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/modules/m1/messages', '/api/health']);
    expect(isOnline()).toBe(true);
  });

  it('a request with no answer in a few seconds asks the server’s health, and no answer there means no connection', async () => {
    fetchMock.mockImplementation(never);
    void api('/api/auth/session').catch(() => undefined);
    await vi.advanceTimersByTimeAsync(REACH_TIMEOUT_MS);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/session', '/api/health']);
    expect(isOnline()).toBe(true);
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS);
    expect(isOnline()).toBe(false);
  });

  it('a slow answer is not a lost signal: the health check answers and nothing changes', async () => {
    fetchMock.mockImplementation(async (url) => (url === '/api/health' ? ok() : never(url)));
    void api('/api/courses/c1/record').catch(() => undefined);
    await vi.advanceTimersByTimeAsync(REACH_TIMEOUT_MS * 3);
    expect(isOnline()).toBe(true);
  });

  it('a read made without connection that nothing answers is given up in a moment, as one without signal', async () => {
    reportUnreachable();
    fetchMock.mockImplementation(never);
    const read = api('/api/courses/c1/documents');
    const failed = expect(read).rejects.toMatchObject({ status: 0 });
    await vi.advanceTimersByTimeAsync(OFFLINE_READ_TIMEOUT_MS - 1);
    let settled = false;
    void read.catch(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await failed;
  });

  it('a read under way when the connection is found lost is given up shortly after; a write is left to its own handling', async () => {
    fetchMock.mockImplementation(never);
    const read = api('/api/modules/m1/my-jugadas');
    const write = api('/api/modules/m1/messages', { method: 'POST', body: {} });
    let writeSettled = false;
    void write.catch(() => (writeSettled = true));
    const failed = expect(read).rejects.toMatchObject({ status: 0 });
    await vi.advanceTimersByTimeAsync(REACH_TIMEOUT_MS + PROBE_TIMEOUT_MS);
    expect(isOnline()).toBe(false);
    await vi.advanceTimersByTimeAsync(LOST_READ_GRACE_MS);
    await failed;
    expect(writeSettled).toBe(false);
  });

  it('with the connection, a slow read waits for its answer', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(async (url) => (url === '/api/health' ? ok() : new Promise<Response>((resolve) => (answer = resolve))));
    const read = api('/api/courses/c1/record');
    await vi.advanceTimersByTimeAsync(REACH_TIMEOUT_MS + PROBE_TIMEOUT_MS + OFFLINE_READ_TIMEOUT_MS);
    answer(ok());
    await expect(read).resolves.toEqual({});
  });

  it('a copy the service worker took from the downloads says nothing of the server', async () => {
    reportUnreachable();
    fetchMock.mockResolvedValueOnce(ok({ [FROM_DOWNLOADS_HEADER]: '1' }));
    await api('/api/pages/modules/m1');
    expect(isOnline()).toBe(false);
  });

  it('without connection, the health check is asked again and again until it answers, and the app hears the connection is back', async () => {
    const back = vi.fn();
    const stop = onReconnect(back);
    vi.stubGlobal('window', {});
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    reportUnreachable();
    await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[0]! + PROBE_DELAYS_MS[1]!);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(back).not.toHaveBeenCalled();
    fetchMock.mockResolvedValue(ok());
    await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[2]!);
    expect(fetchMock.mock.calls.every(([url]) => url === '/api/health')).toBe(true);
    expect(isOnline()).toBe(true);
    expect(back).toHaveBeenCalledTimes(1);
    stop();
  });
});
