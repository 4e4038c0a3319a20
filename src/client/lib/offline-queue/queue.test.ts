import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api.ts';
import { OfflineQueue, type WriteInput } from './queue.ts';
import { closeQueueDb, type QueuedWrite } from './store.ts';

/** A server as the phone sees it: what it received, and what it answers each request. */
function fakeServer() {
  const received: Array<{ url: string; key: string; body: unknown }> = [];
  let answer: (write: QueuedWrite) => unknown = () => ({ ok: true });
  const send = (write: QueuedWrite) => {
    received.push({ url: write.url, key: write.idempotencyKey, body: write.body });
    return Promise.resolve().then(() => answer(write));
  };
  return { received, send, answerWith: (next: typeof answer) => (answer = next) };
}

const write = (url: string, text: string, extra: Partial<WriteInput> = {}): WriteInput => ({
  method: 'POST',
  url,
  body: { text },
  label: { what: 'tu respuesta', question: '¿Qué es un pasivo?', module: 'Módulo 1', text },
  context: { kind: 'test', moduleId: 'm1' },
  ...extra,
});

const noSignal = () => {
  throw new ApiError(0, 'INTERNAL', 'No pudimos conectarnos con el servidor. Revisá tu conexión.');
};

describe('offline queue', () => {
  let online = true;
  const isOnline = () => online;

  beforeEach(async () => {
    await closeQueueDb();
    // A new, empty IndexedDB for each test: a phone that never used the app.
    globalThis.indexedDB = new IDBFactory();
    online = true;
  });
  afterEach(() => closeQueueDb());

  it('sends the writes made without signal in the order they were made, each once with its own key', async () => {
    const server = fakeServer();
    const queue = new OfflineQueue({ send: server.send, isOnline });
    await queue.setUser('ana');
    online = false;
    for (const text of ['primera', 'segunda', 'tercera']) await queue.enqueue(write('/api/a', text));
    expect(server.received).toEqual([]);
    expect(queue.snapshot().pending.map((w) => w.label.text)).toEqual(['primera', 'segunda', 'tercera']);

    online = true;
    await queue.flush();
    expect(server.received.map((r) => (r.body as { text: string }).text)).toEqual(['primera', 'segunda', 'tercera']);
    expect(new Set(server.received.map((r) => r.key)).size).toBe(3);
    expect(queue.snapshot().pending).toEqual([]);
    // Flushing again sends nothing more.
    await queue.flush();
    expect(server.received).toHaveLength(3);
  });

  it('stops at a write that cannot get through, keeps the order, and repeats it later with the same key', async () => {
    const server = fakeServer();
    const queue = new OfflineQueue({ send: server.send, isOnline });
    await queue.setUser('ana');
    server.answerWith(noSignal);
    await queue.enqueue(write('/api/a', 'uno'));
    await queue.enqueue(write('/api/a', 'dos'));
    await queue.flush();
    const head = queue.snapshot().pending[0]!;
    expect(head.lastError).toMatch(/conectarnos/);
    expect(head.attempts).toBeGreaterThan(0);
    // 'dos' never overtook 'uno'.
    expect(server.received.every((r) => (r.body as { text: string }).text === 'uno')).toBe(true);

    server.answerWith(() => ({ ok: true }));
    await queue.retry();
    const texts = server.received.map((r) => (r.body as { text: string }).text);
    expect(texts.slice(-2)).toEqual(['uno', 'dos']);
    // Every attempt of 'uno' carried the key it got when it was made.
    expect(new Set(server.received.filter((r) => (r.body as { text: string }).text === 'uno').map((r) => r.key))).toEqual(
      new Set([head.idempotencyKey]),
    );
    expect(queue.snapshot().pending).toEqual([]);
  });

  it("keeps each person's line apart: on a shared phone one's writes are never sent under the other's session", async () => {
    const server = fakeServer();
    const queue = new OfflineQueue({ send: server.send, isOnline });
    online = false;
    await queue.setUser('ana');
    await queue.enqueue(write('/api/a', 'de Ana'));
    // Ana signs out; Bruno signs in on the same phone, with signal.
    await queue.setUser(null);
    online = true;
    await queue.setUser('bruno');
    expect(queue.snapshot().pending).toEqual([]);
    await queue.enqueue(write('/api/b', 'de Bruno'));
    await queue.flush();
    expect(server.received.map((r) => r.url)).toEqual(['/api/b']);

    // Ana signs in again: her write goes out now.
    await queue.setUser('ana');
    expect(server.received.map((r) => r.url)).toEqual(['/api/b', '/api/a']);
  });

  it('never sends a line while the session belongs to someone else', async () => {
    const server = fakeServer();
    let session: string | null = 'ana';
    const queue = new OfflineQueue({ send: server.send, isOnline, owner: () => session });
    online = false;
    await queue.setUser('ana');
    await queue.enqueue(write('/api/a', 'de Ana'));
    // Bruno's session is already the browser's, before the app tells the line.
    session = 'bruno';
    online = true;
    await queue.flush();
    expect(server.received).toEqual([]);
    session = 'ana';
    await queue.flush();
    expect(server.received.map((r) => r.url)).toEqual(['/api/a']);
  });

  it('survives closing the page: a new page finds the line and sends it', async () => {
    const first = fakeServer();
    online = false;
    const before = new OfflineQueue({ send: first.send, isOnline });
    await before.setUser('ana');
    const kept = await before.enqueue(write('/api/a', 'escrita sin señal'));
    await closeQueueDb();

    online = true;
    const server = fakeServer();
    const after = new OfflineQueue({ send: server.send, isOnline });
    await after.setUser('ana');
    expect(server.received).toEqual([{ url: '/api/a', key: kept.idempotencyKey, body: { text: 'escrita sin señal' } }]);
    expect(first.received).toEqual([]);
  });

  it('a refused write leaves the line with its text kept until dismissed; the ones after it go on', async () => {
    const server = fakeServer();
    const queue = new OfflineQueue({ send: server.send, isOnline });
    await queue.setUser('ana');
    online = false;
    await queue.enqueue(write('/api/a', 'antes'));
    await queue.enqueue(write('/api/bloqueado', 'mi respuesta larga'));
    await queue.enqueue(write('/api/a', 'después'));
    server.answerWith((w) => {
      if (w.url === '/api/bloqueado') throw new ApiError(404, 'NOT_FOUND', 'El módulo no existe o no lo tenés habilitado.');
      return { ok: true };
    });
    online = true;
    await queue.flush();
    expect(server.received.map((r) => (r.body as { text: string }).text)).toEqual(['antes', 'mi respuesta larga', 'después']);
    expect(queue.snapshot().pending).toEqual([]);
    const [refused] = queue.snapshot().refused;
    expect(refused).toMatchObject({
      status: 404,
      reason: 'El módulo no existe o no lo tenés habilitado.',
      label: { text: 'mi respuesta larga', question: '¿Qué es un pasivo?', module: 'Módulo 1' },
    });

    // Still there after the page is closed, until the trainee dismisses it.
    await closeQueueDb();
    const reopened = new OfflineQueue({ send: server.send, isOnline });
    await reopened.setUser('ana');
    expect(reopened.snapshot().refused.map((r) => r.id)).toEqual([refused!.id]);
    await reopened.dismiss(refused!.id);
    expect(reopened.snapshot().refused).toEqual([]);
  });

  it('a lapsed session (401) keeps the write waiting for sign-in; 429 keeps it too', async () => {
    const server = fakeServer();
    const queue = new OfflineQueue({ send: server.send, isOnline });
    await queue.setUser('ana');
    server.answerWith(() => {
      throw new ApiError(401, 'UNAUTHORIZED', 'Tu sesión venció. Ingresá de nuevo.');
    });
    await queue.enqueue(write('/api/a', 'uno'));
    await queue.flush();
    expect(queue.snapshot().pending[0]).toMatchObject({ waitingForSignIn: true });
    expect(queue.snapshot().refused).toEqual([]);

    server.answerWith(() => {
      throw new ApiError(429, 'TOO_MANY_REQUESTS', 'Demasiadas solicitudes.');
    });
    await queue.retry();
    expect(queue.snapshot().pending).toHaveLength(1);
    expect(queue.snapshot().refused).toEqual([]);
  });

  it('merges consecutive drafts of the same activity into one write', async () => {
    const server = fakeServer();
    const queue = new OfflineQueue({ send: server.send, isOnline });
    await queue.setUser('ana');
    online = false;
    const merge = (previous: unknown, next: unknown) => ({ ...(previous as object), ...(next as object) });
    await queue.enqueue({ ...write('/api/borrador', ''), body: { a: '1' }, coalesceKey: 'borrador:m1', merge });
    await queue.enqueue({ ...write('/api/borrador', ''), body: { b: '2' }, coalesceKey: 'borrador:m1', merge });
    await queue.enqueue(write('/api/enviar', 'enviar'));
    await queue.enqueue({ ...write('/api/borrador', ''), body: { a: '3' }, coalesceKey: 'borrador:m1', merge });
    online = true;
    await queue.flush();
    expect(server.received.map((r) => [r.url, r.body])).toEqual([
      ['/api/borrador', { a: '1', b: '2' }],
      ['/api/enviar', { text: 'enviar' }],
      // Not merged over the submit that came between: order is kept.
      ['/api/borrador', { a: '3' }],
    ]);
  });

  it('a submission replaces the draft waiting just before it (it carries every answer)', async () => {
    const server = fakeServer();
    const queue = new OfflineQueue({ send: server.send, isOnline });
    await queue.setUser('ana');
    online = false;
    await queue.enqueue({ ...write('/api/borrador', 'borrador'), coalesceKey: 'borrador:m1' });
    await queue.enqueue({ ...write('/api/enviar', 'todo'), supersedes: 'borrador:m1' });
    // A draft typed after the submission is not merged into it.
    await queue.enqueue({ ...write('/api/borrador', 'después'), coalesceKey: 'borrador:m1' });
    online = true;
    await queue.flush();
    expect(server.received.map((r) => r.url)).toEqual(['/api/enviar', '/api/borrador']);
  });

  it('two tabs sending the same line at once send each write once (Web Locks)', async () => {
    const server = fakeServer();
    online = false;
    const tabA = new OfflineQueue({ send: server.send, isOnline, locks: navigator.locks });
    const tabB = new OfflineQueue({ send: server.send, isOnline, locks: navigator.locks });
    await tabA.setUser('ana');
    await tabB.setUser('ana');
    for (const text of ['1', '2', '3', '4']) await tabA.enqueue(write('/api/a', text));
    online = true;
    await Promise.all([tabA.flush(), tabB.flush(), tabA.flush()]);
    expect(server.received.map((r) => (r.body as { text: string }).text)).toEqual(['1', '2', '3', '4']);
  });
});
