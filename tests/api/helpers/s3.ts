// An S3-compatible server of our own (s3rver) on 127.0.0.1, for the storage tests and for the
// API suite's file tests on the S3 driver (TEST_STORAGE=s3).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';

export interface TestS3 {
  endpoint: string;
  port: number;
  bucket: string;
  /** The environment that points the app at this server. */
  env: Record<string, string>;
  /** Stops answering (the store is down); `start` brings it back on the same port with the same data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its data. */
  close(): Promise<void>;
}

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}

export async function startS3(options: { port?: number } = {}): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'aula-s3-'));
  const bucket = 'aula-test';
  let port = options.port ?? 0;
  let server: S3rverInstance | null = null;
  const start = async () => {
    const instance = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    }) as S3rverInstance;
    const address = await instance.run();
    port = address.port;
    server = instance;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    port,
    bucket,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    async stop() {
      await server?.close();
      server = null;
    },
    start,
    async close() {
      await server?.close();
      server = null;
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Which storage driver the API tests run their file tests on: TEST_STORAGE=s3, else the local disk. */
export const testStorage = process.env.TEST_STORAGE === 's3' ? 's3' : 'local';
