import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginWait } from '../../src/shared/messages.ts';
import { createUser } from './helpers/builders.ts';
import { nextIp, postLogin, setCookies } from './helpers/http.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const waitMessage = expect.stringMatching(
  /^Demasiados intentos de inicio de sesión\. Esperá \d+ (segundos?|minutos) y volvé a intentar\.$/,
);
/**
 * `seconds` go by for the login limits: every window and wait they keep moves that much into the
 * past, as the clock would move them (the counting statement reads the database's now()).
 */
async function timePasses(seconds: number) {
  await t.ctx.db.execute(sql`
    update rate_limit set reset_at = reset_at - make_interval(secs => ${seconds}::float8),
      blocked_until = blocked_until - make_interval(secs => ${seconds}::float8)`);
}

describe('login attempts: progressive delays per email, per client, and per email from one client', () => {
  it('after 5 failed logins for one email from one client the 6th waits, even with the right password; the owner elsewhere is not locked out', async () => {
    const ip = nextIp();
    const student = await createUser(t.ctx);
    for (let i = 0; i < 5; i += 1) {
      const response = await postLogin(t.app, student.email, `mala-${i}`, ip);
      expect(response.statusCode).toBe(401);
    }
    const sixth = await postLogin(t.app, student.email, student.password, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS', message: waitMessage } });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(setCookies(sixth)).toEqual([]);

    // The owner, from their own device, signs in at once; so does another account from the guesser's client.
    expect((await postLogin(t.app, student.email, student.password)).statusCode).toBe(200);
    const other = await createUser(t.ctx);
    expect((await postLogin(t.app, other.email, other.password, ip)).statusCode).toBe(200);
  });

  it('makes each next attempt wait twice as long (1 s, 2 s, 4 s…), not a 15-minute lock', async () => {
    const ip = nextIp();
    const student = await createUser(t.ctx);
    for (let i = 0; i < 5; i += 1) await postLogin(t.app, student.email, 'mala', ip);
    const waits: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const refused = await postLogin(t.app, student.email, 'mala', ip);
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      await timePasses(wait + 0.1);
      expect((await postLogin(t.app, student.email, 'mala', ip)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4]);
    // After the wait, the right password gets in.
    const refused = await postLogin(t.app, student.email, student.password, ip);
    await timePasses(Number(refused.headers['retry-after']) + 0.1);
    expect((await postLogin(t.app, student.email, student.password, ip)).statusCode).toBe(200);
  });

  it("never keeps the owner out of an account guessed from many clients: the admin's right password signs in at once, a wrong one waits at most a minute", async () => {
    const admin = await createUser(t.ctx, { role: 'admin' });
    for (let i = 0; i < 10; i += 1) expect((await postLogin(t.app, admin.email, `adivinando-${i}`)).statusCode).toBe(401);
    // The account now waits: a wrong password from yet another client is told so, in Spanish…
    const refused = await postLogin(t.app, admin.email, 'adivinando-otra-vez');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS', message: waitMessage } });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(setCookies(refused)).toEqual([]);
    // …and the owner, with the right password, is not refused because of someone else's failures.
    const owner = await postLogin(t.app, admin.email, admin.password);
    expect(owner.statusCode).toBe(200);
    expect(setCookies(owner).length).toBeGreaterThan(0);
    // Signing in started the account's count over: a mistake now is an ordinary 401.
    expect((await postLogin(t.app, admin.email, 'un-error')).statusCode).toBe(401);
  });

  it('counts 200 parallel attempts at one email from one client before checking any password: only a handful are checked', async () => {
    const student = await createUser(t.ctx);
    const ip = nextIp();
    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => postLogin(t.app, student.email, i === 199 ? student.password : `mala-${i}`, ip)),
    );
    const seconds = (Date.now() - started) / 1000;
    const statuses = responses.map((r) => r.statusCode);
    const checked = statuses.filter((s) => s !== 429).length;
    // 5 free attempts from the one client, then one more per wait (1 s, 2 s, 4 s…) that ended meanwhile.
    expect(checked).toBeGreaterThanOrEqual(5);
    expect(checked).toBeLessThanOrEqual(5 + Math.ceil(Math.log2(seconds + 1)) + 1);
    for (const r of responses.filter((r) => r.statusCode === 429)) {
      expect(r.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS', message: waitMessage } });
      expect(setCookies(r)).toEqual([]);
    }
  });

  it('counts the email whatever its case', async () => {
    const ip = nextIp();
    const student = await createUser(t.ctx);
    for (let i = 0; i < 5; i += 1) {
      const email = i % 2 === 0 ? student.email.toUpperCase() : student.email;
      expect((await postLogin(t.app, email, 'mala', ip)).statusCode).toBe(401);
    }
    expect((await postLogin(t.app, student.email, student.password, ip)).statusCode).toBe(429);
  });

  it('a successful login resets the count for the email', async () => {
    const ip = nextIp();
    const student = await createUser(t.ctx);
    for (let i = 0; i < 4; i += 1) expect((await postLogin(t.app, student.email, 'mala', ip)).statusCode).toBe(401);
    expect((await postLogin(t.app, student.email, student.password, ip)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await postLogin(t.app, student.email, 'mala', ip)).statusCode).toBe(401);
    // Without the reset this would be the 10th attempt from this client.
    expect((await postLogin(t.app, student.email, student.password, ip)).statusCode).toBe(200);
  });

  it('does not count successful logins against the address (a class on one network)', async () => {
    const ip = nextIp();
    const student = await createUser(t.ctx);
    for (let i = 0; i < 60; i += 1) expect((await postLogin(t.app, student.email, student.password, ip)).statusCode).toBe(200);
  }, 120_000); // 60 password checks in a row: slow on a loaded machine, not a timing assertion

  it("does not turn a right password away because of other people's failures from the same address (a class on the hall's wifi)", async () => {
    const ip = nextIp();
    // 130 failures from one address, spread over other emails (someone mistyping, or spraying).
    for (let i = 0; i < 130; i += 1) {
      const response = await postLogin(t.app, `probando-${i}@example.com`, 'mala', ip);
      // 50 free, then a wrong password is told to wait (1 s, 2 s, 4 s… doubling: by the 56th, half a minute).
      if (i < 50) expect(response.statusCode, `intento ${i + 1}`).toBe(401);
      else if (i >= 55) expect(response.statusCode, `intento ${i + 1}`).toBe(429);
    }
    // A student on the same network signs in at once with the right password…
    const student = await createUser(t.ctx);
    const signedIn = await postLogin(t.app, student.email, student.password, ip);
    expect(signedIn.statusCode).toBe(200);
    expect(setCookies(signedIn).length).toBeGreaterThan(0);
    // …and so does the next one, while a wrong password from there is told to wait, in Spanish.
    const classmate = await createUser(t.ctx);
    const wrong = await postLogin(t.app, classmate.email, 'equivocada', ip);
    expect(wrong.statusCode).toBe(429);
    expect(wrong.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS', message: waitMessage } });
    const wait = Number(wrong.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(wrong.json().error.message).toBe(loginWait(wait));
    expect(setCookies(wrong)).toEqual([]);
    // One mistake of her own does not keep her out either: the right password right after it gets in.
    expect((await postLogin(t.app, classmate.email, classmate.password, ip)).statusCode).toBe(200);

    // Another address is not affected: a mistake there is an ordinary 401.
    expect((await postLogin(t.app, student.email, 'mala')).statusCode).toBe(401);
  }, 180_000); // 130 password checks in a row: slow on a loaded machine, not a timing assertion
});
