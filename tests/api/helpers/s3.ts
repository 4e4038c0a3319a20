// An S3-compatible server of our own (s3rver) on 127.0.0.1, for the storage tests and for the
// API suite's file tests on the S3 driver (TEST_STORAGE=s3).
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
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
  middleware: KoaMiddleware[];
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
}

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  body: unknown;
  type: string;
}
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

const noSuchUpload = `<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;

/**
 * What s3rver lacks of the multipart upload API and S3 itself has: listing an upload's parts
 * (GET ?uploadId) and aborting it (DELETE ?uploadId), which a resumable upload (@tus/s3-store) asks
 * to know how much arrived. Read from s3rver's own folder of the upload's parts.
 */
function multipartExtras(instance: S3rverInstance): KoaMiddleware {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket, ...keyParts] = ctx.path.split('/');
    if (!uploadId || !bucket || keyParts.length === 0 || (ctx.method !== 'GET' && ctx.method !== 'DELETE')) return next();
    const key = decodeURIComponent(keyParts.join('/'));
    const dir = path.join(instance.store.getResourcePath(bucket, undefined, 'uploads'), path.basename(uploadId));
    const names = await readdir(dir).catch(() => null);
    ctx.type = 'application/xml';
    if (!names) {
      ctx.status = 404;
      ctx.body = noSuchUpload;
      return;
    }
    if (ctx.method === 'DELETE') {
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = '';
      return;
    }
    const numbers = names
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (number) => {
        const [info, md5] = await Promise.all([stat(path.join(dir, String(number))), readFile(path.join(dir, `${number}.md5`), 'utf8')]);
        return `<Part><PartNumber>${number}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5.trim()}"</ETag><Size>${info.size}</Size></Part>`;
      }),
    );
    ctx.status = 200;
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>
<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>${numbers.at(-1) ?? 0}</NextPartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  };
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
    // Before s3rver's own routes (they answer these with 405).
    instance.middleware.unshift(multipartExtras(instance));
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
