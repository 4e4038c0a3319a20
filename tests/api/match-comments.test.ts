// The review of a match on video: the course's staff comment at a moment with a criterion and
// 'Bien'/'A mejorar', the list comes in time order with its summary per criterion, the trainees of
// the pair answer in each comment's thread, an author's edit keeps the version it replaced, and
// nobody outside the pair and the course's staff learns the match exists.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseStaff, match, matchComment, matchCommentRevision } from '../../src/server/db/schema.ts';
import { matchMessages, matchReviewMessages as m, messages } from '../../src/shared/messages.ts';
import type { CommentHistory, MatchComment, MatchComments } from '../../src/shared/schemas/match-comments.ts';
import { buildCourse, enableCourse, signedIn } from './helpers/content.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: string;
type Person = Awaited<ReturnType<typeof signedIn>>;
let courseId: string;
let uploader: Person;
let partner: Person;
let classmate: Person;
let stranger: Person;
let observer: Person;
let treasurer: Person;

/** A member of the course's team with `role`, signed in again so the session knows it. */
async function staffMember(role: 'observador' | 'tesoreria' | 'instructor', course: string): Promise<Person> {
  const person = await signedIn(t.app, t.ctx, 'student');
  await t.ctx.db.insert(courseStaff).values({ courseId: course, userId: person.id, role });
  return { ...person, cookie: await login(t.app, person.email, person.password) };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  courseId = (await buildCourse(t.ctx)).id;
  const otherCourse = (await buildCourse(t.ctx)).id;
  uploader = await signedIn(t.app, t.ctx, 'student', { name: 'Lucía Pérez' });
  partner = await signedIn(t.app, t.ctx, 'student', { name: 'Martín Gómez' });
  classmate = await signedIn(t.app, t.ctx, 'student');
  stranger = await signedIn(t.app, t.ctx, 'student');
  for (const person of [uploader, partner, classmate]) await enableCourse(t.ctx, person.id, courseId);
  await enableCourse(t.ctx, stranger.id, otherCourse);
  observer = await staffMember('observador', courseId);
  treasurer = await staffMember('tesoreria', courseId);
});
afterAll(async () => {
  await t?.close();
});

async function newMatch(overrides: Partial<typeof match.$inferInsert> = {}) {
  const id = randomUUID();
  await t.ctx.db.insert(match).values({
    id,
    courseId,
    uploadedBy: uploader.id,
    partnerId: partner.id,
    playedOn: '2026-11-21',
    title: 'Vélez – Ferro, Primera B',
    state: 'lista',
    fileSize: 1000,
    durationSeconds: 3000,
    ...overrides,
  });
  return id;
}

async function comment(matchId: string, body: Record<string, unknown>, cookie = observer.cookie) {
  const response = await call(t.app, { method: 'POST', url: `/api/matches/${matchId}/comments`, cookie, body });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { comment: MatchComment }).comment;
}

async function list(matchId: string, cookie: string) {
  const response = await call(t.app, { url: `/api/matches/${matchId}/comments`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MatchComments;
}

describe('comments at a moment', () => {
  it('lists them in time order with the summary per criterion, for the pair, the observer and an administrator', async () => {
    const matchId = await newMatch();
    const late = await comment(matchId, {
      atSeconds: 1421.4,
      criterion: 'ubicacion',
      verdict: 'a-mejorar',
      body: 'Del lado equivocado para el 7 m',
    });
    expect(late).toMatchObject({
      atSeconds: 1421.4,
      criterion: 'ubicacion',
      verdict: 'a-mejorar',
      mine: true,
      editedAt: null,
      replies: [],
    });
    await comment(matchId, { atSeconds: 62, criterion: 'senalizacion', verdict: 'bien', body: 'Señal clara del pasivo' }, admin);
    await comment(matchId, { atSeconds: 300, criterion: 'ubicacion', verdict: 'bien', body: '  Buena profundidad  ' });

    for (const cookie of [uploader.cookie, partner.cookie, observer.cookie, admin]) {
      const seen = await list(matchId, cookie);
      expect(seen.comments.map((c) => c.atSeconds)).toEqual([62, 300, 1421.4]);
      expect(seen.comments[1]!.body).toBe('Buena profundidad');
      expect(seen.summary).toEqual([
        { criterion: 'ubicacion', bien: 1, aMejorar: 1 },
        { criterion: 'senalizacion', bien: 1, aMejorar: 0 },
      ]);
    }
    expect((await list(matchId, uploader.cookie)).canComment).toBe(false);
    expect((await list(matchId, observer.cookie)).canComment).toBe(true);
    // 'Convertir en jugada' is for who edits the course's content: an administrator, not the observer nor the pair.
    expect((await list(matchId, admin)).canMakeJugadas).toBe(true);
    expect((await list(matchId, observer.cookie)).canMakeJugadas).toBe(false);
    expect((await list(matchId, uploader.cookie)).canMakeJugadas).toBe(false);
    expect((await list(matchId, uploader.cookie)).comments[0]!.author.name).toBeTruthy();
  });

  it('hides the match from a classmate outside the pair, a trainee of another course and the treasurer (404), as its page does', async () => {
    const matchId = await newMatch();
    const first = await comment(matchId, { atSeconds: 10, criterion: 'otro', verdict: 'bien', body: 'Bien' });
    const missing = await call(t.app, { url: `/api/matches/${randomUUID()}/comments`, cookie: classmate.cookie });
    for (const cookie of [classmate.cookie, stranger.cookie, treasurer.cookie]) {
      expect((await call(t.app, { url: `/api/matches/${matchId}`, cookie })).statusCode).toBe(404);
      const seen = await call(t.app, { url: `/api/matches/${matchId}/comments`, cookie });
      expect(seen.statusCode).toBe(404);
      expect(seen.json().error.message).toBe(missing.json().error.message);
      const reply = await call(t.app, { method: 'POST', url: `/api/match-comments/${first.id}/replies`, cookie, body: { body: 'Hola' } });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toMatchObject({ error: { message: m.commentNotFound } });
    }
    expect(missing.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: matchMessages.matchNotFound } });
    const signedOut = await call(t.app, { url: `/api/matches/${matchId}/comments` });
    expect(signedOut.statusCode).toBe(401);
  });

  it('lets only staff comment, on a ready video, within its length, with a criterion and a verdict; bad input changes nothing', async () => {
    const matchId = await newMatch();
    const valid = { atSeconds: 12, criterion: 'comunicacion', verdict: 'bien', body: 'Buen diálogo con la mesa' };
    const asTrainee = await call(t.app, { method: 'POST', url: `/api/matches/${matchId}/comments`, cookie: uploader.cookie, body: valid });
    expect(asTrainee.statusCode).toBe(403);
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ ...valid, atSeconds: 3002 }, m.momentOutside],
      [{ ...valid, atSeconds: -1 }, m.momentOutside],
      [{ ...valid, criterion: 'arbitraje' }, m.criterionInvalid],
      [{ ...valid, verdict: 'regular' }, m.verdictInvalid],
      [{ ...valid, body: '   ' }, messages.requiredField],
      [{ ...valid, body: 'x'.repeat(4001) }, 'El comentario no puede tener más de 4.000 caracteres'],
    ];
    for (const [body, message] of bad) {
      const response = await call(t.app, { method: 'POST', url: `/api/matches/${matchId}/comments`, cookie: observer.cookie, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body).toContain(message);
    }
    const processing = await newMatch({ state: 'procesando', processingPercent: 45 });
    const early = await call(t.app, { method: 'POST', url: `/api/matches/${processing}/comments`, cookie: observer.cookie, body: valid });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: { message: m.notReady } });
    expect((await list(processing, observer.cookie)).canComment).toBe(false);
    expect(await t.ctx.db.select().from(matchComment).where(eq(matchComment.matchId, matchId))).toEqual([]);
  });
});

describe('a comment thread and its history', () => {
  it('takes the pair’s replies in order, keeps every earlier version of an edit, and lets only the author edit', async () => {
    const matchId = await newMatch();
    const first = await comment(matchId, { atSeconds: 1421, criterion: 'ubicacion', verdict: 'a-mejorar', body: 'Lejos de la jugada' });
    const reply = async (cookie: string, body: string) => {
      const response = await call(t.app, { method: 'POST', url: `/api/match-comments/${first.id}/replies`, cookie, body: { body } });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { reply: { id: string } }).reply;
    };
    const answer = await reply(uploader.cookie, 'Me tapó el pivote, ¿dónde tenía que estar?');
    await reply(observer.cookie, 'Sobre la línea de 9 m, del lado del pivote');
    await reply(partner.cookie, 'Yo lo vi desde el otro lado');

    const thread = (await list(matchId, partner.cookie)).comments[0]!;
    expect(thread.replies.map((r) => r.author.name)).toEqual(['Lucía Pérez', observer.name, 'Martín Gómez']);
    expect(thread.replies.map((r) => r.mine)).toEqual([false, false, true]);

    // A reply to a reply is refused: a thread is one level.
    const nested = await call(t.app, {
      method: 'POST',
      url: `/api/match-comments/${answer.id}/replies`,
      cookie: partner.cookie,
      body: { body: 'Y?' },
    });
    expect(nested.statusCode).toBe(400);

    // The author edits twice; the history has both earlier versions, newest first.
    const edit = (cookie: string, id: string, body: Record<string, unknown>) =>
      call(t.app, { method: 'PATCH', url: `/api/match-comments/${id}`, cookie, body });
    expect((await edit(observer.cookie, first.id, { body: 'Lejos de la jugada del 7 m' })).statusCode).toBe(200);
    const second = await edit(observer.cookie, first.id, {
      body: 'Del lado equivocado para el 7 m',
      atSeconds: 1419.5,
      verdict: 'a-mejorar',
      criterion: 'ubicacion',
    });
    expect(second.statusCode, second.body).toBe(200);
    const edited = (second.json() as { comment: MatchComment }).comment;
    expect(edited).toMatchObject({ body: 'Del lado equivocado para el 7 m', atSeconds: 1419.5, editedAt: expect.any(String) });
    expect(edited.replies).toHaveLength(3);
    // The same again changes nothing and keeps no version.
    expect((await edit(observer.cookie, first.id, { body: 'Del lado equivocado para el 7 m' })).statusCode).toBe(200);

    const history = await call(t.app, { url: `/api/match-comments/${first.id}/history`, cookie: uploader.cookie });
    expect(history.statusCode).toBe(200);
    const { revisions } = history.json() as CommentHistory;
    expect(revisions.map((r) => [r.body, r.atSeconds])).toEqual([
      ['Lejos de la jugada del 7 m', 1421],
      ['Lejos de la jugada', 1421],
    ]);
    expect(revisions[1]!.writtenAt).toBe(first.createdAt);

    // Not the author: 403 with the reason, and nothing changes — the pair, another staff member, an administrator.
    for (const cookie of [uploader.cookie, admin]) {
      const refused = await edit(cookie, first.id, { body: 'Otra cosa' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: { message: m.onlyAuthorEdits } });
    }
    // A reply's author edits its text, never a moment.
    expect((await edit(uploader.cookie, answer.id, { body: 'Me tapó el pivote.' })).statusCode).toBe(200);
    expect((await edit(uploader.cookie, answer.id, { body: 'x', atSeconds: 3 })).statusCode).toBe(400);
    const replyHistory = (
      await call(t.app, { url: `/api/match-comments/${answer.id}/history`, cookie: observer.cookie })
    ).json() as CommentHistory;
    expect(replyHistory.revisions.map((r) => r.body)).toEqual(['Me tapó el pivote, ¿dónde tenía que estar?']);
    const [row] = await t.ctx.db.select().from(matchComment).where(eq(matchComment.id, first.id));
    expect(row!.body).toBe('Del lado equivocado para el 7 m');
  });

  it('goes with the match: deleting it deletes its comments, replies and history', async () => {
    const matchId = await newMatch();
    const first = await comment(matchId, { atSeconds: 5, criterion: 'otro', verdict: 'bien', body: 'Uno' });
    await call(t.app, { method: 'POST', url: `/api/match-comments/${first.id}/replies`, cookie: uploader.cookie, body: { body: 'Dos' } });
    await call(t.app, { method: 'PATCH', url: `/api/match-comments/${first.id}`, cookie: observer.cookie, body: { body: 'Uno bis' } });
    await t.ctx.db.delete(match).where(eq(match.id, matchId));
    expect(await t.ctx.db.select().from(matchComment).where(eq(matchComment.matchId, matchId))).toEqual([]);
    expect(await t.ctx.db.select().from(matchCommentRevision).where(eq(matchCommentRevision.commentId, first.id))).toEqual([]);
  });
});

describe("an 'Observación de partido' linked to the match", () => {
  const form = (matchId: string | null) => ({
    observedOn: '2026-11-21',
    match: 'Vélez – Ferro, Primera B',
    observer: 'Laura Gómez',
    criteria: Object.fromEntries(
      ['ubicacion', 'senalizacion', 'sancion-progresiva', 'comunicacion', 'condicion-fisica'].map((key) => [key, { score: 4 }]),
    ),
    matchId,
  });

  it("shows the match with its comments' summary in the trainee's record, for the pair's other referee too; refuses a match not theirs", async () => {
    const matchId = await newMatch();
    await comment(matchId, { atSeconds: 5, criterion: 'ubicacion', verdict: 'a-mejorar', body: 'Lejos' });
    await comment(matchId, { atSeconds: 9, criterion: 'ubicacion', verdict: 'bien', body: 'Cerca' });
    const url = (userId: string) => `/api/courses/${courseId}/trainees/${userId}/observations`;
    const created = await call(t.app, { method: 'POST', url: url(partner.id), cookie: admin, body: form(matchId) });
    expect(created.statusCode, created.body).toBe(201);
    const expected = {
      id: matchId,
      title: 'Vélez – Ferro, Primera B',
      playedOn: '2026-11-21',
      summary: [{ criterion: 'ubicacion', bien: 1, aMejorar: 1 }],
    };
    expect(created.json().observation.linkedMatch).toEqual(expected);
    const listed = await call(t.app, { url: url(partner.id), cookie: admin });
    expect(listed.json().observations[0].linkedMatch).toEqual(expected);
    // The trainee's own record ('Mi cuenta') shows it too.
    const mine = await call(t.app, { url: '/api/me/record', cookie: partner.cookie });
    expect(mine.body).toContain('"linkedMatch":{"id":"' + matchId);

    // A classmate's match (not of the pair) is refused, and nothing is written.
    const before = (await call(t.app, { url: url(classmate.id), cookie: admin })).json().count as number;
    const refused = await call(t.app, { method: 'POST', url: url(classmate.id), cookie: admin, body: form(matchId) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { message: m.matchNotOfTrainee } });
    expect((await call(t.app, { url: url(classmate.id), cookie: admin })).json().count).toBe(before);

    // Deleting the match keeps the observation, without its link.
    await t.ctx.db.delete(match).where(eq(match.id, matchId));
    expect((await call(t.app, { url: url(partner.id), cookie: admin })).json().observations[0].linkedMatch).toBeNull();
  });
});
