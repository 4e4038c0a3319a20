import pg from 'pg';
import type { Logger } from 'pino';
import type { AccessRevokedEvent } from '../../shared/schemas/forum.ts';

/**
 * A forum message as it travels between instances. It carries the author's id because each
 * stream presents it for its own reader (`mine`); pages never see this shape, they get the
 * forum's presenter output (see forum/service.ts `presentEvent`).
 */
export interface StoredMessage {
  id: string;
  moduleId: string;
  userId: string | null;
  authorName: string;
  isAdmin: boolean;
  body: string;
  createdAt: string;
}

export type ForumBusEvent =
  | { type: 'message.created'; courseId: string; moduleId: string; message: StoredMessage }
  | { type: 'message.deleted'; courseId: string; moduleId: string; messageId: string }
  | { type: 'forum.badge'; courseId: string; moduleId: string; newMessages: boolean };

/**
 * A session ended (sign-out, password change or reset, deactivation, a new role): the live event
 * streams it holds open close. Without `sessionId`, every session of the user.
 */
export interface SessionEndedEvent {
  type: 'session.ended';
  userId: string;
  sessionId?: string;
}

/** Everything that travels on the bus: forum events, and server-internal access and session changes. */
export type BusEvent = ForumBusEvent | AccessRevokedEvent | SessionEndedEvent;

export interface EventBus {
  /**
   * Delivers to every subscriber on every app instance. Call only after the transaction
   * committed. Never rejects: a failure is logged, since the write it announces is already saved.
   */
  publish(event: BusEvent): Promise<void>;
  subscribe(listener: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'aula_events';
// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more.
const MAX_PAYLOAD = 7900;
// Events sent just before the LISTEN connection was seen to drop may never have arrived.
const CATCH_UP_MARGIN_MS = 5000;

/** A big event travels as a reference; each instance loads it back once. */
type Wire = BusEvent | { type: 'message.ref'; messageId: string };

export interface EventBusOptions {
  databaseUrl: string | undefined;
  pool: pg.Pool | undefined;
  logger: Logger;
  /** A message's `message.created` event, for references to messages too big for NOTIFY. */
  loadMessageEvent: (messageId: string) => Promise<BusEvent | null>;
  /** `message.created` events of messages written since a time: what to replay after an outage. */
  loadMessagesSince: (since: Date) => Promise<BusEvent[]>;
  /** Reconnection delays of the LISTEN connection: doubling from `minMs` up to `maxMs`, forever. */
  retry?: { minMs: number; maxMs: number };
}

/** This process's subscribers: each event reaches all of them, whatever one of them throws. */
function createListeners(logger: Logger) {
  const listeners = new Set<(event: BusEvent) => void>();
  // One failing subscriber must not keep the event from the others, nor fail the publisher.
  const emit = (event: BusEvent) => {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        logger.error({ err: error, type: event.type }, 'un suscriptor falló al recibir un evento en vivo');
      }
    }
  };
  const subscribe = (listener: (event: BusEvent) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return { emit, subscribe, clear: () => listeners.clear() };
}

/** Sends an event to every instance with NOTIFY through the pool; a message too big for it goes as a reference. */
function notifyThroughPool(pool: pg.Pool, logger: Logger): EventBus['publish'] {
  return async (event) => {
    try {
      let payload = JSON.stringify(event);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD && event.type === 'message.created') {
        payload = JSON.stringify({ type: 'message.ref', messageId: event.message.id } satisfies Wire);
      }
      await pool.query('select pg_notify($1, $2)', [CHANNEL, payload]);
    } catch (error) {
      // The write it announces is committed; the pages that missed it catch up when they reconnect.
      logger.error({ err: error, type: event.type }, 'no se pudo publicar el evento en vivo');
    }
  };
}

/**
 * The instance's dedicated LISTEN connection: every notification is handed to `emit`. It
 * reconnects with backoff for as long as it takes, and on reconnecting replays the messages
 * written while it was away.
 */
function listenForEvents(databaseUrl: string, options: EventBusOptions, emit: (event: BusEvent) => void): { close(): Promise<void> } {
  const { logger } = options;
  const retry = options.retry ?? { minMs: 250, maxMs: 10_000 };
  let listener: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** When the LISTEN connection was lost; set until a reconnection has replayed what was missed. */
  let lostAt: Date | undefined;

  const receive = async (payload: string | undefined) => {
    if (!payload) return;
    try {
      const wire = JSON.parse(payload) as Wire;
      const event = wire.type === 'message.ref' ? await options.loadMessageEvent(wire.messageId) : wire;
      if (event) emit(event);
    } catch (error) {
      logger.error({ err: error }, 'evento en vivo inválido');
    }
  };

  const schedule = () => {
    if (closed) return;
    // Exponential backoff with jitter, so that instances do not all reconnect at once.
    const delay = Math.min(retry.maxMs, retry.minMs * 2 ** Math.min(attempt, 20)) * (0.75 + Math.random() / 4);
    attempt += 1;
    timer = setTimeout(() => void connect(), delay);
  };

  const catchUp = async (since: Date) => {
    try {
      const missed = await options.loadMessagesSince(new Date(since.getTime() - CATCH_UP_MARGIN_MS));
      for (const event of missed) emit(event);
      logger.info({ replayed: missed.length }, 'conexión LISTEN restablecida');
    } catch (error) {
      logger.error({ err: error }, 'no se pudieron recuperar los eventos perdidos');
    }
  };

  const connect = async () => {
    if (closed) return;
    const client = new pg.Client({
      connectionString: databaseUrl,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
    });
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      if (listener === client) listener = undefined;
      client.end().catch(() => undefined);
      if (closed) return;
      lostAt ??= new Date();
      logger.warn({ err: error, attempt }, 'sin conexión LISTEN; reintentando');
      schedule();
    };
    client.on('error', fail);
    client.on('end', () => fail(new Error('la conexión LISTEN se cerró')));
    client.on('notification', (message) => void receive(message.payload));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      fail(error);
      return;
    }
    if (closed || failed) {
      if (!failed) client.end().catch(() => undefined);
      return;
    }
    listener = client;
    attempt = 0;
    if (lostAt) {
      const since = lostAt;
      lostAt = undefined;
      await catchUp(since);
    }
  };
  const ready = connect();

  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      await ready;
      await listener?.end().catch(() => undefined);
    },
  };
}

/**
 * Within one process a list of listeners; across instances on PostgreSQL, NOTIFY through the
 * pool and LISTEN on a dedicated connection per instance. That connection reconnects with
 * backoff for as long as it takes, and on reconnecting replays the messages written while it
 * was away (pages drop the ones they already have by id).
 */
export function createEventBus(options: EventBusOptions): EventBus {
  const { databaseUrl, pool, logger } = options;
  const { emit, subscribe, clear } = createListeners(logger);

  if (!databaseUrl || !pool) {
    return {
      publish: async (event) => emit(event),
      subscribe,
      close: async () => clear(),
    };
  }

  const listening = listenForEvents(databaseUrl, options, emit);
  return {
    publish: notifyThroughPool(pool, logger),
    subscribe,
    async close() {
      await listening.close();
      clear();
    },
  };
}
