// A forum's history a page at a time: the latest page first, then `?before=<nextCursor>` for
// older ones, for students and admins alike, until every message was seen exactly once.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forumMessage } from '../../src/server/db/schema.ts';
import { messages } from '../../src/shared/messages.ts';
import { FORUM_PAGE_SIZE, type ForumHistory } from '../../src/shared/schemas/forum.ts';
import { buildCourse, buildModule, enableModule, signedIn } from './helpers/content.ts';
import { call } from './helpers/http.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const TOTAL = 630;

let t: TestApp;
let moduleId = '';
let student: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
/** Every message id, oldest first, as stored. */
let stored: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const course = await buildCourse(t.ctx);
  moduleId = (await buildModule(t.ctx, course.id)).id;
  student = await signedIn(t.app, t.ctx, 'student', { name: 'Lucía Paz' });
  admin = await signedIn(t.app, t.ctx, 'admin');
  await enableModule(t.ctx, student.id, moduleId);
  // Three messages share each time, and times a microsecond apart: pages must cut between
  // messages of one time and tell apart times that JavaScript's milliseconds cannot.
  const rows = Array.from({ length: TOTAL }, (_, i) => ({
    id: randomUUID(),
    moduleId,
    userId: i % 2 === 0 ? student.id : admin.id,
    authorName: i % 2 === 0 ? 'Lucía Paz' : 'Instructor',
    isAdmin: i % 2 === 1,
    body: `Mensaje ${i + 1}`,
    createdAt: sql`timestamptz '2026-03-01 10:00:00+00' + ${Math.floor(i / 3)} * interval '1 microsecond'`,
  }));
  for (let i = 0; i < rows.length; i += 200) await t.ctx.db.insert(forumMessage).values(rows.slice(i, i + 200) as never);
  stored = (
    await t.ctx.db
      .select({ id: forumMessage.id })
      .from(forumMessage)
      .where(eq(forumMessage.moduleId, moduleId))
      .orderBy(forumMessage.createdAt, forumMessage.id)
  ).map((r) => r.id);
});
afterAll(async () => {
  await t?.close();
});

const page = (cookie: string, query = '') => call(t.app, { url: `/api/modules/${moduleId}/messages${query}`, cookie });

/** Reads the whole history backwards, as the 'Ver mensajes anteriores' button does. */
async function readAll(cookie: string, limit?: number) {
  const pages: ForumHistory[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams();
    if (cursor) params.set('before', cursor);
    if (limit) params.set('limit', String(limit));
    const response = await page(cookie, params.size ? `?${params}` : '');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as ForumHistory;
    pages.push(body);
    cursor = body.nextCursor;
    expect(body.hasMore).toBe(cursor !== null);
    expect(pages.length).toBeLessThan(100);
  } while (cursor);
  return pages;
}

describe('GET /api/modules/:moduleId/messages, a page at a time', () => {
  it('starts with the latest 50, oldest first, and says there are more', async () => {
    const response = await page(student.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json() as ForumHistory;
    expect(body.messages).toHaveLength(FORUM_PAGE_SIZE);
    expect(body.messages.map((m) => m.id)).toEqual(stored.slice(-FORUM_PAGE_SIZE));
    // Presented for the reader: the student's own messages say so, the admin's carry the flag.
    for (const m of body.messages)
      expect(m).toMatchObject(m.isAdmin ? { authorName: 'Instructor', mine: false } : { authorName: 'Lucía Paz', mine: true });
    expect(body.hasMore).toBe(true);
    expect(body.nextCursor).toEqual(expect.any(String));
  });

  it.each([
    ['a student, 50 at a time', 'student', undefined],
    ['an admin, 200 at a time', 'admin', 200],
    ['a student, 7 at a time', 'student', 7],
  ] as const)('read by %s, the pages hold every message once, in order', async (_title, who, limit) => {
    const pages = await readAll((who === 'admin' ? admin : student).cookie, limit);
    const size = limit ?? FORUM_PAGE_SIZE;
    expect(pages).toHaveLength(Math.ceil(TOTAL / size));
    for (const p of pages.slice(0, -1)) expect(p.messages).toHaveLength(size);
    expect(pages.at(-1)).toMatchObject({ hasMore: false, nextCursor: null });
    // Older pages come later: read backwards, they make the whole history, oldest first.
    const ids = pages.toReversed().flatMap((p) => p.messages.map((m) => m.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(stored);
  });

  it('keeps paging where it was when the message at the cursor is deleted or new ones arrive', async () => {
    const first = (await page(student.cookie)).json() as ForumHistory;
    const oldestShown = first.messages[0]!;
    // An admin deletes the oldest message on screen; someone writes meanwhile.
    expect((await call(t.app, { method: 'DELETE', url: `/api/messages/${oldestShown.id}`, cookie: admin.cookie })).statusCode).toBe(204);
    expect(
      (await call(t.app, { method: 'POST', url: `/api/modules/${moduleId}/messages`, cookie: student.cookie, body: { body: 'Nuevo' } }))
        .statusCode,
    ).toBe(201);
    const older = (await page(student.cookie, `?before=${first.nextCursor}`)).json() as ForumHistory;
    const before = stored.indexOf(oldestShown.id);
    expect(older.messages.map((m) => m.id)).toEqual(stored.slice(before - FORUM_PAGE_SIZE, before));
    stored.splice(before, 1);
  });

  it.each([
    ['before=abc', messages.forumCursorInvalid],
    ['before=', messages.forumCursorInvalid],
    [`before=12_${'x'.repeat(65)}`, messages.forumCursorInvalid],
    ['before=1e5_abc', messages.forumCursorInvalid],
    ['limit=0', messages.forumLimitInvalid],
    ['limit=201', messages.forumLimitInvalid],
    ['limit=2.5', messages.forumLimitInvalid],
    ['limit=muchos', messages.forumLimitInvalid],
  ])('answers ?%s with a Spanish 400', async (query, message) => {
    for (const cookie of [student.cookie, admin.cookie]) {
      const response = await page(cookie, `?${query}`);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'BAD_REQUEST', message } });
    }
  });
});
