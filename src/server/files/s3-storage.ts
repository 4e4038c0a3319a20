import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import {
  byteCounter,
  checkKey,
  STORAGE_KEY,
  StorageUnavailableError,
  StoredObjectNotFoundError,
  StoredObjectTooLargeError,
  type FileStorage,
  type StoredObject,
} from './storage.ts';

export interface S3Options {
  bucket: string;
  /** Unset: AWS itself. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

// Parts of 8 MiB, two at a time: an upload holds at most ~16 MiB in memory, whatever its size.
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

function isNotFound(error: unknown) {
  const name = (error as Error)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);
}

/** The store answered no, or did not answer: 503 for the user; a missing key is a 404. */
function storeError(error: unknown): unknown {
  if (error instanceof StoredObjectTooLargeError || error instanceof StoredObjectNotFoundError) return error;
  if (isNotFound(error)) return new StoredObjectNotFoundError('el archivo no existe');
  return new StorageUnavailableError(error);
}

function s3Client(options: S3Options, maxAttempts: number) {
  return new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    maxAttempts,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 60_000 },
  });
}

/** The driver for S3-compatible object stores (AWS S3, MinIO, Cloudflare R2, Backblaze B2). */
export function createS3Storage(options: S3Options): FileStorage {
  // A store that is down must become a quick 503, not a request hanging for minutes.
  const client = s3Client(options, 2);
  const Bucket = options.bucket;

  return {
    kind: 's3',
    async put(key, body, { contentType, maxBytes }) {
      const counter = byteCounter(maxBytes);
      body.on('error', (error) => counter.destroy(error));
      const upload = new Upload({
        client,
        params: { Bucket, Key: checkKey(key), Body: body.pipe(counter), ContentType: contentType },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
        return { size: counter.bytes };
      } catch (error) {
        // The source's own failure (a request cut short) or a file too large: as they are.
        if (error instanceof StoredObjectTooLargeError) throw error;
        if (counter.errored && !(counter.errored instanceof StoredObjectTooLargeError)) throw counter.errored;
        throw storeError(error);
      }
    },
    async get(key, range) {
      try {
        const result = await client.send(
          new GetObjectCommand({ Bucket, Key: checkKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        return result.Body as Readable;
      } catch (error) {
        throw storeError(error);
      }
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return { key, size: head.ContentLength ?? 0, lastModified: head.LastModified ?? new Date(0) };
      } catch (error) {
        throw storeError(error);
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
      } catch (error) {
        if (!isNotFound(error)) throw storeError(error);
      }
    },
    async *list(): AsyncIterable<StoredObject> {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken })).catch((error: unknown) => {
          throw storeError(error);
        });
        for (const item of page.Contents ?? []) {
          if (item.Key && STORAGE_KEY.test(item.Key))
            yield { key: item.Key, size: item.Size ?? 0, lastModified: item.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async removeUnfinished(olderThan) {
      let removed = 0;
      const page = await client.send(new ListMultipartUploadsCommand({ Bucket })).catch((error: unknown) => {
        // Not every S3-compatible store lists multipart uploads; their own expiry rules apply there.
        if ((error as Error)?.name === 'NotImplemented') return { Uploads: [] };
        throw storeError(error);
      });
      for (const upload of page.Uploads ?? []) {
        if (upload.Key && upload.UploadId && upload.Initiated && upload.Initiated < olderThan) {
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }));
          removed += 1;
        }
      }
      return removed;
    },
    async close() {
      client.destroy();
    },
  };
}

/** Checks at start that the bucket answers; the reason when it does not. */
export async function checkBucket(options: S3Options): Promise<string | null> {
  const storage = s3Client(options, 1);
  try {
    await storage.send(new HeadBucketCommand({ Bucket: options.bucket }));
    return null;
  } catch (error) {
    return (error as Error).name || (error as Error).message;
  } finally {
    storage.destroy();
  }
}
