import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, RETRY_DELAYS_MS } from './api.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const badGateway = () => new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });

describe('api', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.useFakeTimers();
    // The server's health, which the app asks after a request lost on the way, answers: these tests are about the request.
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      url === '/api/health' ? Promise.resolve(json(200, {})) : fetchMock(url, init),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('repeats a request with an Idempotency-Key, with the same key, when no instance answered it', async () => {
    fetchMock
      .mockResolvedValueOnce(badGateway())
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(201, { message: { id: 'm1' } }));
    const sending = api<{ message: { id: string } }>('/api/modules/x/messages', {
      method: 'POST',
      body: { body: 'hola' },
      idempotencyKey: 'k1',
    });
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]! + RETRY_DELAYS_MS[1]!);
    await expect(sending).resolves.toEqual({ message: { id: 'm1' } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    for (const [, init] of fetchMock.mock.calls) expect((init!.headers as Record<string, string>)['idempotency-key']).toBe('k1');
  });

  it('gives up after its repeats, with the Spanish message', async () => {
    fetchMock.mockImplementation(async () => json(503, { error: { code: 'UNAVAILABLE', message: 'La base de datos no responde' } }));
    const sending = api('/api/courses', { method: 'POST', body: {}, idempotencyKey: 'k2' });
    const failed = expect(sending).rejects.toMatchObject({ status: 503, message: 'La base de datos no responde' });
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]! + RETRY_DELAYS_MS[1]!);
    await failed;
    expect(fetchMock).toHaveBeenCalledTimes(RETRY_DELAYS_MS.length + 1);
  });

  it('never repeats a write without a key, nor an answer the server gave on purpose', async () => {
    fetchMock.mockResolvedValueOnce(badGateway());
    await expect(api('/api/modules/x/activity/submit', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockResolvedValueOnce(json(400, { error: { code: 'VALIDATION', message: 'Mensaje vacío' } }));
    await expect(api('/api/modules/x/messages', { method: 'POST', body: {}, idempotencyKey: 'k3' })).rejects.toMatchObject({ status: 400 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('stops waiting when the request is aborted', async () => {
    fetchMock.mockResolvedValue(badGateway());
    const controller = new AbortController();
    const sending = api('/api/modules/x/messages', { method: 'POST', body: {}, idempotencyKey: 'k4', signal: controller.signal });
    const aborted = expect(sending).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    await aborted;
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
