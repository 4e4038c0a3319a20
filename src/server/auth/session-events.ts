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
// keeps sessions in memory (a session cache) drops the matching entries with `matches`.

import type { EventBus } from '../live/bus.ts';

/** `session-deleted`: the session row is gone (sign-out, reset, revocation); `user-changed`: the user's role or status changed. */
export type SessionEndReason = 'session-deleted' | 'user-changed';

export interface SessionEndedEvent {
  type: 'session.ended';
  userId: string;
  /** One session; left out, every session of the user. */
  sessionId?: string;
  reason: SessionEndReason;
}

export interface SessionEvents {
  /** Announces on every instance that a session (or every session of a user) ended. Never rejects. */
  publish(ended: { userId: string; sessionId?: string | undefined; reason: SessionEndReason }): Promise<void>;
  /** Calls `listener` for each ended session or user, on this instance; returns the unsubscribe. */
  subscribe(listener: (event: SessionEndedEvent) => void): () => void;
}

/** Whether a session of `userId` with id `sessionId` is one the event ended. */
export function matches(event: SessionEndedEvent, session: { userId: string; sessionId: string }): boolean {
  return event.userId === session.userId && (event.sessionId === undefined || event.sessionId === session.sessionId);
}

export function createSessionEvents(bus: EventBus): SessionEvents {
  return {
    publish: ({ userId, sessionId, reason }) =>
      bus.publish({ type: 'session.ended', userId, reason, ...(sessionId === undefined ? {} : { sessionId }) }),
    subscribe: (listener) =>
      bus.subscribe((event) => {
        if (event.type === 'session.ended') listener(event);
      }),
  };
}
