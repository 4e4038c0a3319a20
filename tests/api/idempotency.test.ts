// Creates a person may repeat (a double tap, a retry after a lost answer) carry an
// Idempotency-Key: the same key again gets the first answer and changes nothing.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { course, forumMessage, idempotencyKey, user } from '../../src/server/db/schema.ts';
import type { FastifyRequest } from 'fastify';
import {
  forgetOldIdempotencyKeys,
  idempotencyRequestHash,
  idempotencyTiming,
  idempotent,
  idempotentWrite,
} from '../../src/server/http/idempotency.ts';
import type { Db } from '../../src/server/db/client.ts';
import { messages } from '../../src/shared/messages.ts';
import { buildCourse, buildModule, createImage, enableModule, signedIn } from './helpers/content.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let adminCookie: string;
let courseId: string;
let moduleId: string;
let student: Awaited<ReturnType<typeof signedIn>>;
let classmate: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  courseId = (await buildCourse(t.ctx)).id;
  moduleId = (await buildModule(t.ctx, courseId)).id;
  student = await signedIn(t.app, t.ctx);
  classmate = await signedIn(t.app, t.ctx);
  await enableModule(t.ctx, student.id, moduleId);
  await enableModule(t.ctx, classmate.id, moduleId);
});
afterAll(async () => {
  await t?.close();
});

const post = (body: unknown, cookie: string, key?: string) =>
  call(t.app, {
    method: 'POST',
    url: `/api/modules/${moduleId}/messages`,
    body,
    cookie,
    ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
  });
const storedWith = async (text: string) =>
  (await t.ctx.db.select().from(forumMessage).where(eq(forumMessage.moduleId, moduleId))).filter((row) => row.body === text);

describe('POST /api/modules/:moduleId/messages with Idempotency-Key', () => {
  it('answers the same key twice with the same message, stored once', async () => {
    const key = randomUUID();
    const first = await post({ body: 'Una vez' }, student.cookie, key);
    const second = await post({ body: 'Una vez' }, student.cookie, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await storedWith('Una vez')).toHaveLength(1);
  });

  it('stores one message when the repeats arrive at the same time', async () => {
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post({ body: 'A la vez' }, student.cookie, key)));
    expect(answers.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((response) => response.json().message.id)).size).toBe(1);
    expect(await storedWith('A la vez')).toHaveLength(1);
  });

  it('posts twice without a key, or with two keys', async () => {
    expect((await post({ body: 'Sin clave' }, student.cookie)).statusCode).toBe(201);
    expect((await post({ body: 'Sin clave' }, student.cookie)).statusCode).toBe(201);
    expect(await storedWith('Sin clave')).toHaveLength(2);
    expect((await post({ body: 'Dos claves' }, student.cookie, randomUUID())).statusCode).toBe(201);
    expect((await post({ body: 'Dos claves' }, student.cookie, randomUUID())).statusCode).toBe(201);
    expect(await storedWith('Dos claves')).toHaveLength(2);
  });

  it("keeps each user's keys apart", async () => {
    const key = randomUUID();
    const mine = await post({ body: 'Misma clave' }, student.cookie, key);
    const theirs = await post({ body: 'Misma clave' }, classmate.cookie, key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().message.id).not.toBe(mine.json().message.id);
    expect(theirs.json().message.mine).toBe(true);
    expect(await storedWith('Misma clave')).toHaveLength(2);
  });

  it('refuses a key reused for another message (409) and a malformed key (400), writing nothing', async () => {
    const key = randomUUID();
    await post({ body: 'Primero' }, student.cookie, key);
    const other = await post({ body: 'Otro texto' }, student.cookie, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toMatchObject({ code: 'CONFLICT', message: messages.idempotencyKeyReused });
    expect(await storedWith('Otro texto')).toHaveLength(0);

    for (const bad of ['corta', 'con espacios adentro', 'x'.repeat(101), 'ñandú-ñandú-ñandú']) {
      const response = await post({ body: 'Clave mala' }, student.cookie, bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error.message, bad).toContain(messages.idempotencyKeyInvalid);
    }
    expect(await storedWith('Clave mala')).toHaveLength(0);
  });

  it('forgets a first attempt that failed, so the retry runs', async () => {
    const key = randomUUID();
    const tooLong = await post({ body: '' }, student.cookie, key);
    expect(tooLong.statusCode).toBe(400);
    const retry = await post({ body: '' }, student.cookie, key);
    expect(retry.statusCode).toBe(400);
    const unknownModule = await call(t.app, {
      method: 'POST',
      url: `/api/modules/${randomUUID()}/messages`,
      body: { body: 'Nada' },
      cookie: student.cookie,
      headers: { 'idempotency-key': key },
    });
    expect(unknownModule.statusCode).toBe(404);
    // Nothing was kept for the key, so it can still be used.
    const good = await post({ body: 'Ahora sí' }, student.cookie, key);
    expect(good.statusCode).toBe(201);
  });

  it('deletes the answers kept for more than a day', async () => {
    const key = randomUUID();
    await post({ body: 'Viejo' }, student.cookie, key);
    await t.ctx.db
      .update(idempotencyKey)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKey.key, key));
    // What a create runs at most once a minute per process.
    await forgetOldIdempotencyKeys(t.ctx.db);
    expect(await t.ctx.db.select().from(idempotencyKey).where(eq(idempotencyKey.key, key))).toHaveLength(0);
  });
});

describe('other creates with Idempotency-Key', () => {
  it('creates one course, one module and one user for a repeated key', async () => {
    const imageId = await createImage(t.ctx);
    const courseKey = randomUUID();
    const courseBody = { name: `Curso repetido ${courseKey}`, description: 'Dos veces', imageId };
    const courses = await Promise.all(
      [1, 2].map(() =>
        call(t.app, {
          method: 'POST',
          url: '/api/courses',
          body: courseBody,
          cookie: adminCookie,
          headers: { 'idempotency-key': courseKey },
        }),
      ),
    );
    expect(courses.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(courses[1]!.json()).toEqual(courses[0]!.json());
    expect(await t.ctx.db.select().from(course).where(eq(course.name, courseBody.name))).toHaveLength(1);

    const moduleKey = randomUUID();
    const moduleBody = { courseId, name: 'Módulo repetido', imageId, videoUrl: 'https://example.com/v.mp4', questions: ['¿Una?'] };
    const modules = await Promise.all(
      [1, 2].map(() =>
        call(t.app, {
          method: 'POST',
          url: '/api/modules',
          body: moduleBody,
          cookie: adminCookie,
          headers: { 'idempotency-key': moduleKey },
        }),
      ),
    );
    expect(modules.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(modules[1]!.json().module.id).toBe(modules[0]!.json().module.id);

    const userKey = randomUUID();
    const email = `repetido-${userKey}@example.com`;
    const userBody = { name: 'Usuario Repetido', email, password: 'clave-segura-1', role: 'student' };
    const first = await call(t.app, {
      method: 'POST',
      url: '/api/users',
      body: userBody,
      cookie: adminCookie,
      headers: { 'idempotency-key': userKey },
    });
    const again = await call(t.app, {
      method: 'POST',
      url: '/api/users',
      body: userBody,
      cookie: adminCookie,
      headers: { 'idempotency-key': userKey },
    });
    expect(first.statusCode).toBe(201);
    // Not 'the email is taken': the same request, answered as the first time.
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await t.ctx.db.select().from(user).where(eq(user.email, email))).toHaveLength(1);
    // The password is not part of what is stored.
    const [stored] = await t.ctx.db.select().from(idempotencyKey).where(eq(idempotencyKey.key, userKey));
    expect(JSON.stringify(stored)).not.toContain('clave-segura-1');
  });
});

describe('a first request whose process died', () => {
  it('leaves nothing to wait for: repeats at the same time post the message once, and get the same answer', async () => {
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => post({ body: 'Tres a la vez' }, student.cookie, key)));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((r) => r.json().message.id)).size).toBe(1);
    expect(await storedWith('Tres a la vez')).toHaveLength(1);
  });

  it('is refused with a reused key for another request', async () => {
    const key = randomUUID();
    expect((await post({ body: 'El primero' }, student.cookie, key)).statusCode).toBe(201);
    const other = await post({ body: 'Otro' }, student.cookie, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe(messages.idempotencyKeyReused);
    expect(await storedWith('Otro')).toHaveLength(0);
  });
});

describe('a create outside our transaction (a user) whose first request died', () => {
  const defaults = { ...idempotencyTiming };
  afterEach(() => {
    Object.assign(idempotencyTiming, defaults);
  });
  const requestWith = (key: string) =>
    ({ headers: { 'idempotency-key': key }, method: 'POST', url: '/api/pruebas', body: { texto: 'usuario' } }) as unknown as FastifyRequest;
  /** The reservation a request leaves behind when its process is killed mid-create: no answer, made `ago`. */
  const orphan = (key: string, ago: string) =>
    t.ctx.db.insert(idempotencyKey).values({
      userId: student.id,
      key,
      requestHash: idempotencyRequestHash(key, 'POST', '/api/pruebas', { texto: 'usuario' }),
      createdAt: sql`now() - ${ago}::interval`,
    });

  it('is taken over by the repeat once it is abandoned, which creates once', async () => {
    Object.assign(idempotencyTiming, { abandonedMs: 500, waitMs: 3000 });
    const key = randomUUID();
    await orphan(key, '0 seconds');
    let runs = 0;
    const startedAt = Date.now();
    const result = await idempotent(t.ctx.db, requestWith(key), student.id, async () => ({ run: ++runs }));
    expect(result).toEqual({ run: 1 });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(400);
    // The answer is kept: a further repeat gets it.
    expect(await idempotent(t.ctx.db, requestWith(key), student.id, async () => ({ run: ++runs }))).toEqual({ run: 1 });
    expect(runs).toBe(1);
  });

  it('is taken over at once when it is older than that', async () => {
    const key = randomUUID();
    await orphan(key, '1 hour');
    const startedAt = Date.now();
    expect(await idempotent(t.ctx.db, requestWith(key), student.id, async () => 'creado')).toBe('creado');
    expect(Date.now() - startedAt).toBeLessThan(idempotencyTiming.waitMs / 2);
  });
});

describe('a first request still running', () => {
  const defaults = { ...idempotencyTiming };
  afterEach(() => {
    Object.assign(idempotencyTiming, defaults);
  });
  const requestWith = (key: string) =>
    ({ headers: { 'idempotency-key': key }, method: 'POST', url: '/api/pruebas', body: { texto: 'largo' } }) as unknown as FastifyRequest;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** A create that runs until `finish` is called; `started` once it runs (its key reserved). */
  function heldCreate<T>(answer: T) {
    let finish = () => undefined as void;
    let begin = () => undefined as void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const started = new Promise<void>((resolve) => (begin = resolve));
    let runs = 0;
    const run = async () => {
      runs += 1;
      begin();
      await finished;
      return answer;
    };
    return { run, started, finish, runs: () => runs };
  }

  it('is waited for: the repeat gets its answer', async () => {
    Object.assign(idempotencyTiming, { waitMs: 4000 });
    const key = randomUUID();
    // A long create (an upload): it answers only once the repeat has been waiting for it.
    const create = heldCreate({ primero: true });
    const first = idempotent(t.ctx.db, requestWith(key), student.id, create.run);
    await create.started;
    let repeatRuns = 0;
    const repeat = idempotent(t.ctx.db, requestWith(key), student.id, async () => {
      repeatRuns += 1;
      return { primero: false };
    });
    // A few of the repeat's looks (every 50 ms) find the first one still running.
    await sleep(200);
    create.finish();
    expect(await first).toEqual({ primero: true });
    expect(await repeat).toEqual({ primero: true });
    expect([create.runs(), repeatRuns]).toEqual([1, 0]);
  });

  it('answers a repeat 409 (in progress) when it runs longer than the wait', async () => {
    Object.assign(idempotencyTiming, { waitMs: 800 });
    const key = randomUUID();
    const create = heldCreate('hecho');
    const first = idempotent(t.ctx.db, requestWith(key), student.id, create.run);
    await create.started;
    let repeatRuns = 0;
    await expect(
      idempotent(t.ctx.db, requestWith(key), student.id, async () => {
        repeatRuns += 1;
        return 'otra vez';
      }),
    ).rejects.toMatchObject({ message: messages.requestInProgress });
    create.finish();
    expect(await first).toBe('hecho');
    expect([create.runs(), repeatRuns]).toEqual([1, 0]);
  });
});

describe('a write and its answer saved together', () => {
  const requestWith = (key: string) =>
    ({ headers: { 'idempotency-key': key }, method: 'POST', url: '/api/pruebas', body: { texto: 'junto' } }) as unknown as FastifyRequest;
  const insertMessage = (tx: Db, body: string) =>
    tx
      .insert(forumMessage)
      .values({ id: randomUUID(), moduleId, userId: student.id, authorName: student.name, isAdmin: false, body })
      .returning({ id: forumMessage.id });
  const countOf = async (body: string) => (await t.ctx.db.select().from(forumMessage).where(eq(forumMessage.body, body))).length;

  it('leaves neither the message nor the reservation when the process fails between the write and its answer, so the repeat writes it once', async () => {
    const key = randomUUID();
    const body = `Junto ${key}`;
    await expect(
      idempotentWrite(t.ctx.db, requestWith(key), student.id, async (tx) => {
        await insertMessage(tx, body);
        throw new Error('el proceso se cae antes de guardar la respuesta');
      }),
    ).rejects.toThrow('el proceso se cae');
    expect(await countOf(body)).toBe(0);
    expect(await t.ctx.db.select().from(idempotencyKey).where(eq(idempotencyKey.key, key))).toHaveLength(0);

    let effects = 0;
    const write = () =>
      idempotentWrite(t.ctx.db, requestWith(key), student.id, async (tx, afterCommit) => {
        const [row] = await insertMessage(tx, body);
        afterCommit(() => {
          effects += 1;
        });
        return { id: row!.id };
      });
    const first = await write();
    expect(await write()).toEqual(first);
    expect(await countOf(body)).toBe(1);
    // Live events and emails go once, for the request that wrote.
    expect(effects).toBe(1);
  });
});
