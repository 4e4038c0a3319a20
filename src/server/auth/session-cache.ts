// Sessions kept in memory, so checking one costs no database query: each instance remembers the
// sessions it has looked up (by the session cookie) and forgets them the moment the bus says they
// ended (`session.ended`: sign-out, password reset, revocation or ban, a role change) — on every
// instance, since the bus is LISTEN/NOTIFY on PostgreSQL. The instance where the session ends
// answers only once every listening instance has acknowledged (`session.ack`) that it forgot it:
// PostgreSQL delivers a notification to each listener on its own time, so without the wait a
// request sent to another instance right after the answer could still find the old session.
//
// Why not better-auth's cookie cache: it keeps a signed copy of the session in the browser and
// believes it until it expires, so a sign-out, a reset or a ban on one instance would not stop
// the other instances (nor the same one) from accepting the old cookie for up to its max age.
// Here an ended session stops working on the next request everywhere, and the cookie stays small.
//
// Safety nets: an entry is only trusted while the bus is listening and since the same LISTEN
// connection (after a reconnection, events may have been missed: everything is looked up again),
// an entry is used for at most `maxAgeMs` (then better-auth checks, and refreshes, the session),
// and a lookup that raced with an ending event is not stored.
import { randomUUID } from 'node:crypto';
import type { EventBus } from '../live/bus.ts';
import type { SessionEndReason, SessionEndedEvent, SessionEvents } from './session-events.ts';
import { matches } from './session-events.ts';

export interface CachedSession {
  user: { id: string };
  sessionId: string;
  expiresAt: Date;
}

/** How long an ending waits for the instances' acknowledgements at most. */
const ACK_TIMEOUT_MS = 2000;

interface Entry<S extends CachedSession> {
  session: S;
  storedAt: number;
  epoch: number;
}

export interface SessionCache<S extends CachedSession> {
  /** The session of this cookie value, from memory or from `lookup` (stored for next time). */
  get(key: string, lookup: () => Promise<S | null>): Promise<S | null>;
  /**
   * Ends sessions here at once and announces it to every instance, returning once every instance
   * listening has acknowledged that it forgot them (or after ACK_TIMEOUT_MS), so the change is in
   * force everywhere when the caller answers.
   */
  end(ended: { userId: string; sessionId?: string | undefined; reason: SessionEndReason }): Promise<void>;
  /** How many sessions are held (tests). */
  size(): number;
}

export function createSessionCache<S extends CachedSession>(options: {
  sessions: SessionEvents;
  bus: Pick<EventBus, 'listeningEpoch'>;
  maxAgeMs?: number;
  maxEntries?: number;
  now?: () => number;
}): SessionCache<S> {
  const { sessions, bus, maxAgeMs = 5 * 60_000, maxEntries = 50_000, now = Date.now } = options;
  const entries = new Map<string, Entry<S>>();
  /** Bumped by every ending event: a lookup that started before one is not stored. */
  let generation = 0;

  const forget = (event: SessionEndedEvent) => {
    generation += 1;
    for (const [key, entry] of entries) {
      if (matches(event, { userId: entry.session.user.id, sessionId: entry.session.sessionId })) entries.delete(key);
    }
  };
  /** Endings this instance published and waits for, by id: how many instances acknowledged each. */
  const pending = new Map<string, () => void>();
  sessions.subscribe((event) => {
    forget(event);
    if (event.id !== undefined) void sessions.acknowledge(event.id);
  });
  sessions.onAcknowledged((id) => pending.get(id)?.());

  async function end(ended: { userId: string; sessionId?: string | undefined; reason: SessionEndReason }) {
    const id = randomUUID();
    const event: SessionEndedEvent = {
      type: 'session.ended',
      userId: ended.userId,
      reason: ended.reason,
      ...(ended.sessionId === undefined ? {} : { sessionId: ended.sessionId }),
      id,
    };
    forget(event);
    // Every instance listening now must acknowledge, this one included; those that start later
    // begin with nothing in memory. Unknown (the database cannot be asked): at least this one.
    const expected = Math.max(1, (await sessions.listeners()) ?? 1);
    let done!: () => void;
    const acknowledged = new Promise<void>((resolve) => (done = resolve));
    let count = 0;
    pending.set(id, () => {
      count += 1;
      if (count >= expected) done();
    });
    // Never waits long: an instance that cannot answer (its bus is down, it is stopping) trusts
    // nothing it holds until its bus is back (the epoch check in `get`).
    const timeout = setTimeout(done, ACK_TIMEOUT_MS);
    try {
      await sessions.publish(event);
      await acknowledged;
    } finally {
      clearTimeout(timeout);
      pending.delete(id);
    }
  }

  return {
    async get(key, lookup) {
      const epoch = bus.listeningEpoch();
      const entry = entries.get(key);
      const time = now();
      if (
        entry &&
        epoch !== null &&
        entry.epoch === epoch &&
        time - entry.storedAt < maxAgeMs &&
        entry.session.expiresAt.getTime() > time
      ) {
        return entry.session;
      }
      if (entry) entries.delete(key);
      const started = generation;
      const session = await lookup();
      // Stored only when nothing ended meanwhile and the bus is (still) listening on the same connection.
      if (session && started === generation && epoch !== null && bus.listeningEpoch() === epoch) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(key, { session, storedAt: now(), epoch });
      }
      return session;
    },
    end,
    size: () => entries.size,
  };
}
