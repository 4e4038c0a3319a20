import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const waitMessage = expect.stringMatching(/^Demasiados intentos de inicio de sesión\. Esperá \d+ (segundos?|minutos) y volvé a intentar\.$/);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
      await sleep(wait * 1000 + 100);
      expect((await postLogin(t.app, student.email, 'mala', ip)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4]);
    // After the wait, the right password gets in.
    const refused = await postLogin(t.app, student.email, student.password, ip);
    await sleep(Number(refused.headers['retry-after']) * 1000 + 100);
    expect((await postLogin(t.app, student.email, student.password, ip)).statusCode).toBe(200);
  });

  it("keeps an attack on the admin's email from many clients to a short wait: the admin signs in after it", async () => {
    const admin = await createUser(t.ctx, { role: 'admin' });
    for (let i = 0; i < 10; i += 1) expect((await postLogin(t.app, admin.email, `adivinando-${i}`)).statusCode).toBe(401);
    const refused = await postLogin(t.app, admin.email, admin.password);
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeLessThanOrEqual(60);
    await sleep(wait * 1000 + 100);
    expect((await postLogin(t.app, admin.email, admin.password)).statusCode).toBe(200);
  });

  it('counts 200 parallel attempts at one email before checking any password: only a handful are checked', async () => {
    const student = await createUser(t.ctx);
    const ip = nextIp();
    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => postLogin(t.app, student.email, i === 199 ? student.password : `mala-${i}`, i % 2 === 0 ? ip : undefined)),
    );
    const seconds = (Date.now() - started) / 1000;
    const statuses = responses.map((r) => r.statusCode);
    const checked = statuses.filter((s) => s !== 429).length;
    // 5 free attempts from the one client, 10 for the email, then one more per wait (1 s, 2 s, 4 s…) that ended meanwhile.
    expect(checked).toBeGreaterThanOrEqual(5);
    expect(checked).toBeLessThanOrEqual(10 + Math.ceil(Math.log2(seconds + 1)) + 1);
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

  it('slows one address down after 50 failed attempts across different emails', async () => {
    const ip = nextIp();
    for (let i = 0; i < 50; i += 1) {
      const response = await postLogin(t.app, `probando-${i}@example.com`, 'mala', ip);
      expect(response.statusCode).toBe(401);
    }
    const student = await createUser(t.ctx);
    const blocked = await postLogin(t.app, student.email, student.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS', message: waitMessage } });

    // Another address is not affected, and the account was not slowed down by the refused attempt.
    expect((await postLogin(t.app, student.email, student.password)).statusCode).toBe(200);
  });
});
