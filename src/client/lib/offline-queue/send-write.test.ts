import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api.ts';
import { isOnline, PROBE_TIMEOUT_MS, REACH_TIMEOUT_MS, reportReached } from '../connectivity.ts';
import { offlineQueue, sendWrite, type WriteInput } from './index.ts';
import { closeQueueDb } from './store.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const answer: WriteInput = {
  method: 'POST',
  url: '/api/jugadas/j1/answer',
  body: { decisionId: 'd', sanctionId: 's', moment: null },
  label: { what: 'tu respuesta', question: '¿Qué cobrás?', text: 'Tiro de 7 metros' },
  context: { kind: 'jugada-answer', moduleId: 'm1' },
};

/** The Idempotency-Key of each write sent (the server's health checks aside). */
const keysSent = (fetchMock: ReturnType<typeof vi.fn<typeof fetch>>) =>
  fetchMock.mock.calls
    .filter(([url]) => url !== '/api/health')
    .map(([, init]) => (init!.headers as Record<string, string>)['idempotency-key']);

describe('sendWrite', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let onLine = true;

  beforeEach(async () => {
    await offlineQueue.setUser(null);
    await closeQueueDb();
    globalThis.indexedDB = new IDBFactory();
    onLine = true;
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('navigator', {
      get onLine() {
        return onLine;
      },
    });
    // Whatever an earlier test left: the server reached.
    reportReached();
    await offlineQueue.setUser('ana');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('with signal and nothing waiting, sends at once with an Idempotency-Key', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { counted: true }));
    await expect(sendWrite(answer)).resolves.toEqual({ saved: true, data: { counted: true } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(keysSent(fetchMock)[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(offlineQueue.snapshot().pending).toEqual([]);
  });

  it('without signal, keeps the write on the phone and sends nothing', async () => {
    onLine = false;
    const outcome = await sendWrite(answer);
    expect(outcome.saved).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(offlineQueue.snapshot().pending.map((w) => w.url)).toEqual([answer.url]);
  });

  it('a request lost on the way is kept with the key it was sent with, and sent again with it', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const outcome = await sendWrite(answer);
    expect(outcome.saved).toBe(false);
    const [first] = keysSent(fetchMock);
    expect(offlineQueue.snapshot().pending[0]?.idempotencyKey).toBe(first);
    // The server's health does not answer either: the app is without connection now, though the
    // browser says it is online, and the next write waits too.
    await vi.waitFor(() => expect(isOnline()).toBe(false));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([answer.url, '/api/health']);
    await expect(sendWrite({ ...answer, url: '/api/segundo' })).resolves.toMatchObject({ saved: false });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // The server answers again (the app's health check): the line goes, in order, with the same key.
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(json(200, { counted: true }));
    reportReached();
    await offlineQueue.flush();
    expect(keysSent(fetchMock)[0]).toBe(first);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([answer.url, '/api/segundo']);
    expect(offlineQueue.snapshot().pending).toEqual([]);
  }, 15_000);

  it('a request on a network that reaches nowhere is given up once the app finds itself without connection, and kept', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The write's request never answers; neither does the health check the app asks after a few seconds.
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error))),
    );
    const outcome = sendWrite(answer);
    await vi.advanceTimersByTimeAsync(REACH_TIMEOUT_MS + PROBE_TIMEOUT_MS + 100);
    vi.useRealTimers();
    await expect(outcome).resolves.toMatchObject({ saved: false });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([answer.url, '/api/health']);
    expect(offlineQueue.snapshot().pending.map((w) => w.url)).toEqual([answer.url]);
    expect(isOnline()).toBe(false);
  });

  it('a write made while others wait goes behind them, in order', async () => {
    onLine = false;
    await sendWrite({ ...answer, url: '/api/primero' });
    onLine = true;
    fetchMock.mockImplementation(async () => json(200, { ok: true }));
    await expect(sendWrite({ ...answer, url: '/api/segundo' })).resolves.toEqual({ saved: true, data: { ok: true } });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/primero', '/api/segundo']);
  });

  it("a refusal (4xx) is the page's to show: thrown, nothing kept", async () => {
    fetchMock.mockResolvedValueOnce(json(404, { error: { code: 'NOT_FOUND', message: 'La jugada no existe.' } }));
    await expect(sendWrite(answer)).rejects.toBeInstanceOf(ApiError);
    expect(offlineQueue.snapshot().pending).toEqual([]);
    expect(offlineQueue.snapshot().refused).toEqual([]);
  });
});
