// Sessions kept in memory, so checking one costs no database query: each instance remembers the
// sessions it has looked up (by the session cookie) and forgets them the moment the bus says they
// ended (`session.ended`: sign-out, password reset, revocation or ban, a role change) — on every
// instance, since the bus is LISTEN/NOTIFY on PostgreSQL.
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
import type { EventBus } from '../live/bus.ts';
import type { SessionEndReason, SessionEndedEvent, SessionEvents } from './session-events.ts';
import { matches } from './session-events.ts';

export interface CachedSession {
  user: { id: string };
  sessionId: string;
  expiresAt: Date;
}

interface Entry<S extends CachedSession> {
  session: S;
  storedAt: number;
  epoch: number;
}

export interface SessionCache<S extends CachedSession> {
  /** The session of this cookie value, from memory or from `lookup` (stored for next time). */
  get(key: string, lookup: () => Promise<S | null>): Promise<S | null>;
  /**
   * Ends sessions here at once and announces it to every instance, returning once the
   * announcement came back through the bus (on PostgreSQL: once PostgreSQL has sent it to every
   * instance's LISTEN connection), so the change is in force everywhere when the caller answers.
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

  const waiting = new Set<(event: SessionEndedEvent) => void>();
  const forget = (event: SessionEndedEvent) => {
    generation += 1;
    for (const [key, entry] of entries) {
      if (matches(event, { userId: entry.session.user.id, sessionId: entry.session.sessionId })) entries.delete(key);
    }
  };
  sessions.subscribe((event) => {
    forget(event);
    for (const resolve of waiting) resolve(event);
  });

  async function end(ended: { userId: string; sessionId?: string | undefined; reason: SessionEndReason }) {
    const event: SessionEndedEvent = { type: 'session.ended', userId: ended.userId, reason: ended.reason, ...(ended.sessionId === undefined ? {} : { sessionId: ended.sessionId }) };
    forget(event);
    let done!: () => void;
    const delivered = new Promise<void>((resolve) => (done = resolve));
    const onEvent = (seen: SessionEndedEvent) => {
      if (seen.userId === event.userId && seen.sessionId === event.sessionId && seen.reason === event.reason) done();
    };
    waiting.add(onEvent);
    // Never waits long: a bus that is down is what the epoch check is for.
    const timeout = setTimeout(done, 2000);
    try {
      await sessions.publish(event);
      await delivered;
      // Lets the other connections' pending notifications be read before the caller answers.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      clearTimeout(timeout);
      waiting.delete(onEvent);
    }
  }

  return {
    async get(key, lookup) {
      const epoch = bus.listeningEpoch();
      const entry = entries.get(key);
      const time = now();
      if (entry && epoch !== null && entry.epoch === epoch && time - entry.storedAt < maxAgeMs && entry.session.expiresAt.getTime() > time) {
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
