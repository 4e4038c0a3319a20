import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { verifyPassword } from 'better-auth/crypto';
import type { PasswordHasher } from '../../../src/server/auth/auth.ts';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: string,
  length: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>;
const PREFIX = 'prueba$';
const cost = { N: 1024, r: 8, p: 1 };
const derive = (password: string, salt: string) => scryptAsync(password.normalize('NFKC'), salt, 32, cost);

/**
 * The server tests' password hashing: scrypt still (salted, a wrong password fails), at a cost a
 * thousand logins a run can pay; better-auth's own costs about 0.1 s a hash and as much a check.
 * A hash written by the real server (a command, a server process on the same data) still checks.
 */
export const cheapPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${PREFIX}${salt}$${(await derive(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    if (!hash.startsWith(PREFIX)) return verifyPassword({ hash, password });
    const [salt, key] = hash.slice(PREFIX.length).split('$');
    const expected = Buffer.from(key ?? '', 'hex');
    const actual = await derive(password, salt ?? '');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
