import { z } from 'zod';
import path from 'node:path';
import type { S3Options } from './files/s3-storage.ts';
import { FFMPEG_PRIORITIES, type FfmpegPriority } from './videos/ffmpeg.ts';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'debe ser true o false' })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const envSchema = z
  .object({
    PORT: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'debe ser un número de puerto' })
        .int('debe ser un número entero')
        .min(0, 'debe estar entre 0 y 65535')
        .max(65535, 'debe estar entre 0 y 65535')
        .default(3000),
    ),
    HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('0.0.0.0')),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default('./data')),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^postgres(ql)?$/, error: 'debe ser una URL postgres://usuario:clave@host:puerto/base' }).optional(),
    ),
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/, error: 'debe ser una URL http:// o https://' }).optional()),
    SMTP_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^smtps?$/, error: 'debe ser una URL smtp:// o smtps://' }).optional()),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().min(3).default('Aula Virtual <no-reply@aula-virtual.local>')),
    ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email({ error: 'debe ser un email válido' }).optional()),
    ADMIN_PASSWORD: z.preprocess(
      emptyToUndefined,
      z.string().min(6, 'debe tener al menos 6 caracteres').max(128, 'debe tener como máximo 128 caracteres').optional(),
    ),
    SEED_DEMO: z.preprocess(emptyToUndefined, booleanFromEnv.default(true)),
    AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'debe tener al menos 32 caracteres').optional()),
    VAPID_PUBLIC_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{87}$/, 'debe ser una clave pública VAPID (npx web-push generate-vapid-keys)')
        .optional(),
    ),
    VAPID_PRIVATE_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{43}$/, 'debe ser una clave privada VAPID')
        .optional(),
    ),
    // The push services browsers subscribe through (host, or a domain and its subdomains): the server
    // sends notices to these alone, never to an address someone's browser could make up.
    PUSH_SERVICES: z.preprocess(
      emptyToUndefined,
      z.string().default('fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,notify.windows.com'),
    ),
    TRUST_PROXY: z.preprocess(emptyToUndefined, booleanFromEnv.default(false)),
    S3_BUCKET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'debe ser un nombre de bucket S3 (minúsculas, números, puntos y guiones)')
        .optional(),
    ),
    S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/, error: 'debe ser una URL http:// o https://' }).optional()),
    S3_REGION: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z0-9-]+$/, 'debe ser una región como us-east-1')
        .default('us-east-1'),
    ),
    S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
    S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
    S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, booleanFromEnv.optional()),
    CLEANUP_INTERVAL_MINUTES: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'debe ser un número de minutos' })
        .int('debe ser un número entero')
        .min(0, 'debe ser 0 (sin limpieza) o más')
        .default(60),
    ),
    VIDEO_RENDITIONS: z.preprocess(emptyToUndefined, booleanFromEnv.default(true)),
    WORKER: z.preprocess(emptyToUndefined, booleanFromEnv.default(true)),
    FFMPEG_PATH: z.preprocess(emptyToUndefined, z.string().min(1).default('ffmpeg')),
    FFMPEG_PRIORITY: z.preprocess(
      emptyToUndefined,
      z.enum(FFMPEG_PRIORITIES, { error: `debe ser ${FFMPEG_PRIORITIES.join(', ')}` }).default('idle'),
    ),
    LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  })
  .superRefine((env, ctx) => {
    for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const) {
      if (env[name] !== undefined && !env.S3_BUCKET) {
        ctx.addIssue({
          code: 'custom',
          path: ['S3_BUCKET'],
          message: `es obligatoria cuando se define ${name} (sin S3_BUCKET los archivos se guardan en DATA_DIR)`,
        });
        return;
      }
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'es obligatoria cuando se define la otra (S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY van juntas)',
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      const missing = env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'es obligatoria cuando se define la otra (VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY van juntas)',
      });
    }
    // The embedded database has one process: nobody else could take its jobs.
    if (!env.WORKER && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WORKER'],
        message: 'sólo puede ser false con DATABASE_URL (con la base embebida los trabajos en segundo plano los hace el servidor)',
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      const missing = env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'es obligatoria cuando se define la otra (ADMIN_EMAIL y ADMIN_PASSWORD van juntas)',
      });
    }
  });

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  admin: { email: string; password: string } | undefined;
  seedDemo: boolean;
  authSecret: string | undefined;
  /** The Web Push keys (VAPID) when set; otherwise a pair generated once and kept in DATA_DIR. */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** The hosts (and domains) of the push services notices may be sent to (`PUSH_SERVICES`). */
  pushServices: string[];
  trustProxy: boolean;
  logLevel: string;
  /** Set when S3_BUCKET is: uploads go to that S3-compatible bucket instead of DATA_DIR. */
  s3: S3Options | undefined;
  /** Minutes between clean-ups of expired sessions, tokens, limit counters and orphaned uploads; 0 = never. */
  cleanupIntervalMinutes: number;
  /** Whether this instance makes the light 360p copies of jugada clips (videos/rendition.ts). */
  videoRenditions: boolean;
  /** The ffmpeg command that makes them: a name looked up on PATH or a full path. */
  ffmpegPath: string;
  /** How ffmpeg shares the processor with the app (videos/ffmpeg.ts `FFMPEG_PRIORITIES`). */
  ffmpegPriority: FfmpegPriority;
  /**
   * Whether this process takes the background jobs (jobs/queue.ts): on by default; a web instance
   * on PostgreSQL started with WORKER=false only sends them, for `npm run worker` processes to take.
   */
  worker: boolean;
}

export class ConfigError extends Error {}

const secretVariables = new Set(['ADMIN_PASSWORD', 'AUTH_SECRET', 'S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID', 'VAPID_PRIVATE_KEY']);

/** The received value for the error message, without secrets: they end up in logs. */
function shownValue(name: string, value: string | undefined): string {
  if (secretVariables.has(name)) return '';
  const masked = (value ?? '').replace(/\/\/([^:/@]*):[^@]*@/, '//$1:***@');
  return ` (valor recibido: ${JSON.stringify(masked)})`;
}

/** Reads and validates the environment once; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'configuración');
    throw new ConfigError(`Configuración inválida: ${name} ${issue.message}${shownValue(name, env[name])}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    seedDemo: e.SEED_DEMO,
    authSecret: e.AUTH_SECRET,
    vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
    pushServices: e.PUSH_SERVICES.split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
        }
      : undefined,
    cleanupIntervalMinutes: e.CLEANUP_INTERVAL_MINUTES,
    videoRenditions: e.VIDEO_RENDITIONS,
    ffmpegPath: e.FFMPEG_PATH,
    ffmpegPriority: e.FFMPEG_PRIORITY,
    worker: e.WORKER,
  };
}
