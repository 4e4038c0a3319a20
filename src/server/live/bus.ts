import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from 'pino';
import type { BusEvent, LiveEvent } from '../../shared/schemas/forum.ts';

export interface EventBus {
  /** Delivers to every subscriber on every app instance. Call only after the transaction committed. */
  publish(event: BusEvent): Promise<void>;
  subscribe(listener: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'aula_events';
// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more.
const MAX_PAYLOAD = 7900;

/** A big event travels as a reference; each instance loads it back once. */
type Wire = BusEvent | { type: 'message.ref'; messageId: string };

/**
 * Within one process an EventEmitter; across instances on PostgreSQL, NOTIFY on one
 * connection and LISTEN on a dedicated one per instance (which reconnects if it drops).
 */
export function createEventBus(options: {
  databaseUrl: string | undefined;
  pool: pg.Pool | undefined;
  logger: Logger;
  loadMessageEvent: (messageId: string) => Promise<LiveEvent | null>;
}): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const emit = (event: BusEvent) => emitter.emit('event', event);

  const subscribe = (listener: (event: BusEvent) => void) => {
    emitter.on('event', listener);
    return () => void emitter.off('event', listener);
  };

  const { databaseUrl, pool, logger } = options;
  if (!databaseUrl || !pool) {
    return { publish: async (event) => void emit(event), subscribe, close: async () => undefined };
  }

  let listener: pg.Client | undefined;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

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

  const connect = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('notification', (message) => void receive(message.payload));
    client.on('error', (error) => {
      logger.warn({ err: error }, 'se perdió la conexión LISTEN; reconectando');
      client.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  };
  const ready = connect();

  return {
    async publish(event) {
      await ready;
      let payload = JSON.stringify(event);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD && event.type === 'message.created') {
        payload = JSON.stringify({ type: 'message.ref', messageId: event.message.id } satisfies Wire);
      }
      await pool.query('select pg_notify($1, $2)', [CHANNEL, payload]);
    },
    subscribe,
    async close() {
      closed = true;
      clearTimeout(retry);
      await ready.catch(() => undefined);
      await listener?.end().catch(() => undefined);
    },
  };
}
