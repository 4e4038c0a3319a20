import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache.ts';
import type { SessionEndedEvent, SessionEvents } from './session-events.ts';

/** Session events within one process, as the in-process bus delivers them. */
function localEvents(): SessionEvents {
  const listeners: ((event: SessionEndedEvent) => void)[] = [];
  const acks: ((id: string) => void)[] = [];
  return {
    publish: async ({ userId, sessionId, reason, id }) =>
      listeners.forEach((l) => l({ type: 'session.ended', userId, reason, ...(sessionId ? { sessionId } : {}), ...(id ? { id } : {}) })),
    subscribe: (listener) => (listeners.push(listener), () => undefined),
    acknowledge: async (id) => acks.forEach((l) => l(id)),
    onAcknowledged: (listener) => (acks.push(listener), () => undefined),
    listeners: async () => 1,
  };
}

/**
 * Two instances on one bus, where events reach the second one only when `deliver()` is called:
 * as PostgreSQL delivers a notification to each listening connection on its own time.
 */
function twoInstances() {
  type Wire = { ended: SessionEndedEvent } | { ack: string };
  const instances = [0, 1].map(() => ({ ended: [] as ((e: SessionEndedEvent) => void)[], acks: [] as ((id: string) => void)[] }));
  const held: Wire[] = [];
  const receive = (index: number, wire: Wire) => {
    const to = instances[index]!;
    if ('ended' in wire) to.ended.forEach((l) => l(wire.ended));
    else to.acks.forEach((l) => l(wire.ack));
  };
  const send = (wire: Wire) => {
    receive(0, wire);
    held.push(wire);
  };
  const deliver = () => {
    for (const wire of held.splice(0)) receive(1, wire);
  };
  const events = (index: number): SessionEvents => ({
    publish: async ({ userId, sessionId, reason, id }) =>
      send({ ended: { type: 'session.ended', userId, reason, ...(sessionId ? { sessionId } : {}), ...(id ? { id } : {}) } }),
    subscribe: (listener) => (instances[index]!.ended.push(listener), () => undefined),
    acknowledge: async (id) => send({ ack: id }),
    onAcknowledged: (listener) => (instances[index]!.acks.push(listener), () => undefined),
    listeners: async () => 2,
  });
  return { events, deliver };
}

function setUp() {
  const sessions = localEvents();
  const clock = { now: 1_000_000 };
  const bus = { epoch: 1 as number | null, listeningEpoch: () => bus.epoch };
  const cache = createSessionCache({ sessions, bus, maxAgeMs: 60_000, now: () => clock.now });
  let lookups = 0;
  const session = (userId = 'u1', sessionId = 's1', expiresIn = 3_600_000) => ({
    user: { id: userId },
    sessionId,
    expiresAt: new Date(clock.now + expiresIn),
  });
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

  it('ends a session on every instance before answering: it waits until each one acknowledged', async () => {
    const { events, deliver } = twoInstances();
    const bus = { listeningEpoch: () => 1 };
    const a = createSessionCache({ sessions: events(0), bus });
    const b = createSessionCache({ sessions: events(1), bus });
    const session = { user: { id: 'u1' }, sessionId: 's1', expiresAt: new Date(Date.now() + 3_600_000) };
    await b.get('k', async () => session);
    expect(b.size()).toBe(1);

    let answered = false;
    const ending = a.end({ userId: 'u1', reason: 'user-changed' }).then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // B has not received it yet: A must not answer.
    expect(answered).toBe(false);
    deliver();
    await ending;
    expect(b.size()).toBe(0);
  });

  it('does not wait long for an instance that never acknowledges', async () => {
    const { events } = twoInstances();
    const a = createSessionCache({ sessions: events(0), bus: { listeningEpoch: () => 1 } });
    const started = Date.now();
    await a.end({ userId: 'u1', reason: 'session-deleted' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(Date.now() - started).toBeLessThan(5000);
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
