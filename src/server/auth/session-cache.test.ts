import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache.ts';
import type { SessionEndedEvent, SessionEvents } from './session-events.ts';

function setUp() {
  const listeners: ((event: SessionEndedEvent) => void)[] = [];
  const sessions: SessionEvents = {
    publish: async ({ userId, sessionId, reason }) => listeners.forEach((l) => l({ type: 'session.ended', userId, reason, ...(sessionId ? { sessionId } : {}) })),
    subscribe: (listener) => (listeners.push(listener), () => undefined),
  };
  const clock = { now: 1_000_000 };
  const bus = { epoch: 1 as number | null, listeningEpoch: () => bus.epoch };
  const cache = createSessionCache({ sessions, bus, maxAgeMs: 60_000, now: () => clock.now });
  let lookups = 0;
  const session = (userId = 'u1', sessionId = 's1', expiresIn = 3_600_000) => ({ user: { id: userId }, sessionId, expiresAt: new Date(clock.now + expiresIn) });
  const get = (key: string, value = session()) => cache.get(key, async () => (lookups++, value));
  return { sessions, clock, bus, cache, get, session, lookups: () => lookups };
}

describe('session cache', () => {
  it('looks a session up once, then answers from memory', async () => {
    const s = setUp();
    await s.get('k');
    await s.get('k');
    expect(s.lookups()).toBe(1);
  });

  it('forgets a session that ended, or every session of a user that changed', async () => {
    const s = setUp();
    await s.get('a', s.session('u1', 's1'));
    await s.get('b', s.session('u1', 's2'));
    await s.get('c', s.session('u2', 's3'));
    await s.sessions.publish({ userId: 'u1', sessionId: 's1', reason: 'session-deleted' });
    expect(s.cache.size()).toBe(2);
    await s.sessions.publish({ userId: 'u1', reason: 'user-changed' });
    expect(s.cache.size()).toBe(1);
  });

  it('asks again after its expiry, after the maximum age, and after the bus reconnected', async () => {
    const s = setUp();
    await s.get('short', s.session('u1', 's1', 10_000));
    s.clock.now += 11_000;
    await s.get('short', s.session('u1', 's1', 10_000));
    expect(s.lookups()).toBe(2);

    await s.get('long');
    s.clock.now += 61_000;
    await s.get('long');
    expect(s.lookups()).toBe(4);

    s.bus.epoch = 2;
    await s.get('long');
    expect(s.lookups()).toBe(5);
    s.bus.epoch = null;
    await s.get('long');
    await s.get('long');
    expect(s.lookups()).toBe(7);
  });

  it('does not keep a lookup that raced with the end of that session', async () => {
    const s = setUp();
    await s.cache.get('k', async () => {
      await s.sessions.publish({ userId: 'u1', reason: 'user-changed' });
      return s.session();
    });
    expect(s.cache.size()).toBe(0);
  });
});
