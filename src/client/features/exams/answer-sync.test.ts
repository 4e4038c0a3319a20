import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttemptQuestion } from '../../../shared/schemas/exams.ts';
import { AnswerSync, RETRY_DELAYS_MS, type SyncHandlers } from './answer-sync.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const saved = (position: number, seq: number) => json(200, { position, answerSeq: seq, remainingSeconds: 500 });

const question = (position: number, answer: number[] = [], answerSeq = 0): AttemptQuestion => ({
  position,
  text: `Pregunta ${position}`,
  chapter: 'Regla 1',
  options: ['a', 'b', 'c'],
  answer,
  answerSeq,
});

/** What each PUT carried: the position (from its address) and its body. */
const sent = (fetchMock: ReturnType<typeof vi.fn<typeof fetch>>) =>
  fetchMock.mock.calls.map(([url, init]) => ({
    position: Number(String(url).split('/').pop()),
    ...(JSON.parse(String(init?.body)) as { answer: number[]; seq: number }),
  }));

describe('AnswerSync', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const storage = new Map<string, string>();
  const newHandlers = () => ({
    onSaved: vi.fn<SyncHandlers['onSaved']>(),
    onClosed: vi.fn<SyncHandlers['onClosed']>(),
    onRejected: vi.fn<SyncHandlers['onRejected']>(),
  });
  let handlers = newHandlers();
  let nextId = 0;
  let attemptId = '';

  beforeEach(() => {
    vi.useFakeTimers();
    // The server's health, which the app asks after a request lost on the way, answers: these tests are about the answers.
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      url === '/api/health' ? Promise.resolve(new Response('{}', { status: 200 })) : fetchMock(url, init),
    );
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    });
    handlers = newHandlers();
    attemptId = `intento-${++nextId}`;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    storage.clear();
  });

  const make = (questions = [question(0), question(1), question(2)]) => {
    const sync = new AnswerSync(attemptId);
    sync.handlers = handlers;
    sync.load(questions);
    return sync;
  };

  it('sends each answer once, in the order chosen; a newer answer to a question replaces its older one not yet sent', async () => {
    let release: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    fetchMock.mockImplementation((url, init) => {
      const body = JSON.parse(String(init?.body)) as { seq: number };
      return Promise.resolve(saved(Number(String(url).split('/').pop()), body.seq));
    });
    const sync = make();
    sync.choose(0, [1]);
    // While the first travels: question 2 twice, then question 0 again.
    sync.choose(2, [0]);
    sync.choose(2, [0, 2]);
    sync.choose(0, [2]);
    expect(sync.snapshot().answers.get(2)).toEqual([0, 2]);
    expect(sync.snapshot().pending).toBe(2);
    release(saved(0, 1));
    await expect(sync.settle()).resolves.toBe('sent');
    expect(sent(fetchMock)).toEqual([
      { position: 0, answer: [1], seq: 1 },
      { position: 2, answer: [0, 2], seq: 2 },
      { position: 0, answer: [2], seq: 2 },
    ]);
    expect(sync.snapshot().pending).toBe(0);
    expect(handlers.onSaved).toHaveBeenCalledTimes(3);
    expect(storage.size).toBe(0);
  });

  it('without signal, keeps the answers on the phone, says so and tries again later, sending only the latest', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const sync = make();
    sync.choose(1, [0]);
    await vi.advanceTimersByTimeAsync(0);
    expect(sync.snapshot().offline).toBe(true);
    expect(JSON.parse(storage.get(`aula:examen:${attemptId}`)!)).toEqual([{ position: 1, answer: [0], seq: 1 }]);
    await expect(sync.settle()).resolves.toBe('offline');
    sync.choose(1, [0, 1]);
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(saved(1, 2));
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[1]!);
    expect(sync.snapshot().offline).toBe(false);
    expect(sync.snapshot().pending).toBe(0);
    expect(sent(fetchMock)).toEqual([{ position: 1, answer: [0, 1], seq: 2 }]);
  });

  it('counts a server that cannot answer (5xx) as no signal, not as a refusal', async () => {
    fetchMock.mockResolvedValueOnce(json(503, {})).mockResolvedValueOnce(saved(0, 1));
    const sync = make();
    sync.choose(0, [2]);
    await vi.advanceTimersByTimeAsync(0);
    expect(sync.snapshot().offline).toBe(true);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]!);
    expect(sync.snapshot()).toMatchObject({ offline: false, pending: 0 });
    expect(handlers.onRejected).not.toHaveBeenCalled();
  });

  it('stops when the server says the attempt is closed: nothing more is sent and the page reads the graded attempt', async () => {
    fetchMock.mockResolvedValue(json(409, { error: { code: 'CONFLICT', message: 'El tiempo del examen terminó' } }));
    const sync = make();
    sync.choose(0, [1]);
    sync.choose(1, [1]);
    await expect(sync.settle()).resolves.toBe('closed');
    expect(handlers.onClosed).toHaveBeenCalledOnce();
    expect(sync.snapshot()).toMatchObject({ closed: true, pending: 0 });
    sync.choose(2, [0]);
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('after a reload, sends what the phone kept and the server lacks, and drops what it already has', async () => {
    storage.set(
      `aula:examen:${attemptId}`,
      JSON.stringify([
        { position: 0, answer: [1], seq: 3 },
        { position: 1, answer: [2], seq: 1 },
      ]),
    );
    fetchMock.mockResolvedValue(saved(0, 3));
    // The server has question 1's first answer, and question 0 only up to its second.
    const sync = make([question(0, [0], 2), question(1, [2], 1), question(2)]);
    expect(sync.snapshot().answers.get(0)).toEqual([1]);
    await expect(sync.settle()).resolves.toBe('sent');
    expect(sent(fetchMock)).toEqual([{ position: 0, answer: [1], seq: 3 }]);
    // The next answer to question 1 follows the server's count.
    sync.choose(1, [0]);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent(fetchMock)[1]).toEqual({ position: 1, answer: [0], seq: 2 });
  });

  it('drops an answer the server refuses for good, says so, and goes on with the rest', async () => {
    fetchMock
      .mockResolvedValueOnce(json(400, { error: { code: 'BAD_REQUEST', message: 'Una opción marcada no existe en esta pregunta.' } }))
      .mockResolvedValueOnce(saved(1, 1));
    const sync = make();
    sync.choose(0, [4]);
    sync.choose(1, [0]);
    await expect(sync.settle()).resolves.toBe('sent');
    expect(handlers.onRejected).toHaveBeenCalledWith('Una opción marcada no existe en esta pregunta.');
    expect(sent(fetchMock).map((body) => body.position)).toEqual([0, 1]);
  });
});
