import type { Logger } from 'pino';
import type { Auth } from './auth/auth.ts';
import type { Guards } from './auth/guards.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { FileStorage } from './files/storage.ts';
import type { Jobs } from './jobs/queue.ts';
import type { EventBus } from './live/bus.ts';
import type { Mailer } from './mail/mailer.ts';
import type { MailQueue } from './mail/queue.ts';
import type { PushQueue } from './push/queue.ts';
import type { RenditionWorker } from './videos/rendition.ts';

/** What route modules need, passed in explicitly when they are registered. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  guards: Guards;
  mailer: Mailer;
  /** Emails SMTP refused, retried by the background worker. */
  mailQueue: MailQueue;
  /** Notices to phones (Web Push), queued like emails and sent once; `publicKey` is what browsers subscribe with. */
  push: PushQueue & { publicKey: string };
  storage: FileStorage;
  /** Live events on every instance: the forum's, and access or sessions that ended. */
  events: EventBus;
  logger: Logger;
  /** The time the server's rules go by (exam deadlines, practice due dates); tests set it. */
  clock: Clock;
  /** Makes the light copies of jugada clips; woken when a jugada is saved (idle until server.ts starts it). */
  renditions: RenditionWorker;
  /**
   * The background jobs (jobs/queue.ts): `send` after a write commits; the handlers are registered
   * in jobs/handlers.ts and run where `config.worker` is on.
   */
  jobs: Jobs;
}

export interface Clock {
  now(): Date;
}

export const systemClock = (): Clock => ({ now: () => new Date() });
