import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
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

describe('login rate limit', () => {
  it('after 5 failed logins for one email the 6th attempt gets 429, even with the right password', async () => {
    const student = await createUser(t.ctx);
    for (let i = 0; i < 5; i += 1) {
      const response = await postLogin(t.app, student.email, `mala-${i}`);
      expect(response.statusCode).toBe(401);
    }
    const sixth = await postLogin(t.app, student.email, student.password);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: messages.tooManyLoginAttempts } });
    expect(setCookies(sixth)).toEqual([]);

    // The lock is per email: another account signs in normally.
    const other = await createUser(t.ctx);
    expect((await postLogin(t.app, other.email, other.password)).statusCode).toBe(200);
  });

  it('counts the email whatever its case', async () => {
    const student = await createUser(t.ctx);
    for (let i = 0; i < 5; i += 1) {
      const email = i % 2 === 0 ? student.email.toUpperCase() : student.email;
      expect((await postLogin(t.app, email, 'mala')).statusCode).toBe(401);
    }
    expect((await postLogin(t.app, student.email, student.password)).statusCode).toBe(429);
  });

  it('a successful login resets the count for the email', async () => {
    const student = await createUser(t.ctx);
    for (let i = 0; i < 4; i += 1) expect((await postLogin(t.app, student.email, 'mala')).statusCode).toBe(401);
    expect((await postLogin(t.app, student.email, student.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await postLogin(t.app, student.email, 'mala')).statusCode).toBe(401);
    // Without the reset this would be the 9th failure in the window.
    expect((await postLogin(t.app, student.email, student.password)).statusCode).toBe(200);
  });

  it('does not count successful logins against the address (a class on one network)', async () => {
    const ip = nextIp();
    const student = await createUser(t.ctx);
    for (let i = 0; i < 35; i += 1) expect((await postLogin(t.app, student.email, student.password, ip)).statusCode).toBe(200);
  });

  it('limits one address to 30 failed attempts across different emails', async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i += 1) {
      const response = await postLogin(t.app, `probando-${i}@example.com`, 'mala', ip);
      expect(response.statusCode).toBe(401);
    }
    const student = await createUser(t.ctx);
    const blocked = await postLogin(t.app, student.email, student.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: messages.tooManyLoginAttempts } });

    // Another address is not affected, and the account was not locked by the blocked attempt.
    expect((await postLogin(t.app, student.email, student.password)).statusCode).toBe(200);
  });
});
