// "These sessions are no longer valid": one notification, delivered on every app instance over
// the live event bus (an in-process EventEmitter on the embedded database, LISTEN/NOTIFY between
// instances on PostgreSQL).
//
// Who publishes: better-auth's `session.delete.after` hook (auth.ts) for every session row it
// deletes after the deletion committed: sign-out, the revocation of all of a user's sessions on
// a password reset, an admin's revoke/ban/remove. Code that changes what a session may do
// without deleting it (a role change, a deactivation) calls `publish({ userId })` itself after
// its transaction committed.
//
// Who listens: open event streams end when their session ends (forum/routes.ts); anything that
// keeps sessions in memory (a session cache) drops the matching entries with `matches`, and
// acknowledges the ending when it carries an id, so that its publisher can wait until every
// instance has acted on it (session-cache.ts).

import type { EventBus } from '../live/bus.ts';

/** `session-deleted`: the session row is gone (sign-out, reset, revocation); `user-changed`: the user's role or status changed. */
export type SessionEndReason = 'session-deleted' | 'user-changed';

export interface SessionEndedEvent {
  type: 'session.ended';
  userId: string;
  /** One session; left out, every session of the user. */
  sessionId?: string;
  reason: SessionEndReason;
  /** Set when the publisher waits for every instance to acknowledge it (see `acknowledge`). */
  id?: string;
}

/** "This instance has acted on the ending `id`": sent back by every instance that received it. */
export interface SessionAckEvent {
  type: 'session.ack';
  id: string;
}

export type SessionBusEvent = SessionEndedEvent | SessionAckEvent;

export interface SessionEvents {
  /** Announces on every instance that a session (or every session of a user) ended. Never rejects. */
  publish(ended: { userId: string; sessionId?: string | undefined; reason: SessionEndReason; id?: string }): Promise<void>;
  /** Calls `listener` for each ended session or user, on this instance; returns the unsubscribe. */
  subscribe(listener: (event: SessionEndedEvent) => void): () => void;
  /** Tells every instance that this one has acted on the ending `id`. Never rejects. */
  acknowledge(id: string): Promise<void>;
  /** Calls `listener` with the id of each acknowledgement, from any instance. */
  onAcknowledged(listener: (id: string) => void): () => void;
  /** How many instances receive the events (this one included); null when unknown. */
  listeners(): Promise<number | null>;
}

/** Whether a session of `userId` with id `sessionId` is one the event ended. */
export function matches(event: SessionEndedEvent, session: { userId: string; sessionId: string }): boolean {
  return event.userId === session.userId && (event.sessionId === undefined || event.sessionId === session.sessionId);
}

export function createSessionEvents(bus: EventBus): SessionEvents {
  return {
    publish: ({ userId, sessionId, reason, id }) =>
      bus.publish({
        type: 'session.ended',
        userId,
        reason,
        ...(sessionId === undefined ? {} : { sessionId }),
        ...(id === undefined ? {} : { id }),
      }),
    subscribe: (listener) =>
      bus.subscribe((event) => {
        if (event.type === 'session.ended') listener(event);
      }),
    acknowledge: (id) => bus.publish({ type: 'session.ack', id }),
    onAcknowledged: (listener) =>
      bus.subscribe((event) => {
        if (event.type === 'session.ack') listener(event.id);
      }),
    listeners: () => bus.listeners(),
  };
}
