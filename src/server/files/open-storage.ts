import path from 'node:path';
import type { Config } from '../config.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { FileStorage } from './storage.ts';

/** The configured driver: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/files. */
export async function openStorage(config: Config): Promise<FileStorage> {
  if (config.s3) return createS3Storage(config.s3);
  return createLocalStorage(path.join(config.dataDir, 'files'));
}
