import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig aceptó ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('starts with nothing set: port 3000, embedded database in ./data, demo content on', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      admin: undefined,
      seedDemo: true,
      trustProxy: false,
      logLevel: 'info',
    });
  });

  it('makes the light copies of jugada clips with the ffmpeg on PATH unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ videoRenditions: true, ffmpegPath: 'ffmpeg' });
    expect(loadConfig({ VIDEO_RENDITIONS: 'false', FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg' })).toMatchObject({
      videoRenditions: false,
      ffmpegPath: '/opt/ffmpeg/bin/ffmpeg',
    });
    expect(configError({ VIDEO_RENDITIONS: 'quizás' }).message).toContain('VIDEO_RENDITIONS debe ser true o false');
    // ffmpeg takes only what the processor has spare, unless told otherwise.
    expect(loadConfig({}).ffmpegPriority).toBe('idle');
    expect(loadConfig({ FFMPEG_PRIORITY: 'normal' }).ffmpegPriority).toBe('normal');
    expect(configError({ FFMPEG_PRIORITY: 'alta' }).message).toContain('FFMPEG_PRIORITY debe ser idle, low, normal');
  });

  it('reads every variable, treating empty ones as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '',
      DATA_DIR: '/srv/aula',
      DATABASE_URL: 'postgresql://aula:clave@db.internal:5432/aula',
      PUBLIC_URL: 'https://aula.example.com/',
      SMTP_URL: 'smtps://usuario:clave@smtp.example.com:465',
      ADMIN_EMAIL: 'Admin@Example.com',
      ADMIN_PASSWORD: 'una-clave',
      SEED_DEMO: 'no',
      AUTH_SECRET: 'x'.repeat(32),
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/aula',
      databaseUrl: 'postgresql://aula:clave@db.internal:5432/aula',
      publicUrl: 'https://aula.example.com',
      smtpUrl: 'smtps://usuario:clave@smtp.example.com:465',
      admin: { email: 'admin@example.com', password: 'una-clave' },
      seedDemo: false,
      trustProxy: true,
      logLevel: 'warn',
    });
  });

  it('stores files on the local disk unless S3_BUCKET is set', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'aula' }).s3).toEqual({
      bucket: 'aula',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'aula',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'auto',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'clave',
      }).s3,
    ).toEqual({
      bucket: 'aula',
      endpoint: 'http://127.0.0.1:9000',
      region: 'auto',
      accessKeyId: 'id',
      secretAccessKey: 'clave',
      forcePathStyle: true,
    });
    expect(loadConfig({ S3_BUCKET: 'aula', S3_ENDPOINT: 'https://r2.example.com', S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(
      false,
    );
  });

  it('defaults PUBLIC_URL to the port it listens on', () => {
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it.each([
    ['PORT', { PORT: 'tres mil' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '-1' }],
    ['PORT', { PORT: '30.5' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://aula:clave@localhost/aula' }],
    ['DATABASE_URL', { DATABASE_URL: 'no es una url' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://aula.example.com' }],
    ['SMTP_URL', { SMTP_URL: 'http://smtp.example.com' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'admin', ADMIN_PASSWORD: 'una-clave' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'admin@example.com' }],
    ['ADMIN_EMAIL', { ADMIN_PASSWORD: 'una-clave' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: '12345' }],
    ['SEED_DEMO', { SEED_DEMO: 'quizás' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'si' }],
    ['AUTH_SECRET', { AUTH_SECRET: 'corto' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'verbose' }],
    ['S3_BUCKET', { S3_BUCKET: 'Mi_Bucket' }],
    ['S3_BUCKET', { S3_ENDPOINT: 'http://127.0.0.1:9000' }],
    ['S3_ENDPOINT', { S3_BUCKET: 'aula', S3_ENDPOINT: 's3.example.com' }],
    ['S3_SECRET_ACCESS_KEY', { S3_BUCKET: 'aula', S3_ACCESS_KEY_ID: 'AKIA' }],
    ['S3_ACCESS_KEY_ID', { S3_BUCKET: 'aula', S3_SECRET_ACCESS_KEY: 'secreto' }],
    ['S3_FORCE_PATH_STYLE', { S3_BUCKET: 'aula', S3_FORCE_PATH_STYLE: 'a veces' }],
    ['CLEANUP_INTERVAL_MINUTES', { CLEANUP_INTERVAL_MINUTES: 'cada hora' }],
    ['VAPID_PUBLIC_KEY', { VAPID_PUBLIC_KEY: 'no-es-una-clave', VAPID_PRIVATE_KEY: 'A'.repeat(43) }],
    ['VAPID_PRIVATE_KEY', { VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}` }],
    ['VAPID_PUBLIC_KEY', { VAPID_PRIVATE_KEY: 'A'.repeat(43) }],
  ])('a bad %s throws a one-line ConfigError naming it (%j)', (name, env) => {
    const error = configError(env);
    expect(error.message).toContain(name);
    expect(error.message).toMatch(/^Configuración inválida: /);
    expect(error.message).not.toContain('\n');
  });

  it('never repeats a secret in the error message', () => {
    expect(configError({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'abc' }).message).not.toContain('abc');
    expect(configError({ AUTH_SECRET: 'secreto-corto' }).message).not.toContain('secreto-corto');
    expect(configError({ DATABASE_URL: 'mysql://aula:hunter22@localhost/aula' }).message).not.toContain('hunter22');
    expect(configError({ SMTP_URL: 'http://correo:hunter22@smtp.example.com' }).message).not.toContain('hunter22');
    expect(configError({ S3_ACCESS_KEY_ID: 'hunter22' }).message).not.toContain('hunter22');
    expect(configError({ VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`, VAPID_PRIVATE_KEY: 'hunter22' }).message).not.toContain('hunter22');
  });

  it('signs notices with the Web Push keys given, or none (generated once in DATA_DIR)', () => {
    expect(loadConfig({}).vapid).toBeUndefined();
    const keys = { publicKey: `B${'A'.repeat(86)}`, privateKey: 'A'.repeat(43) };
    expect(loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }).vapid).toEqual(keys);
  });

  it('shows the value it received for a harmless variable', () => {
    expect(configError({ PORT: 'tres mil' }).message).toContain('"tres mil"');
  });
});
