import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from '../../../src/server/files/storage.ts';
import { bannerPng, simplePdf } from '../../../src/server/seed/sample-files.ts';

/** A small real PNG. */
export const pngBytes = () => bannerPng([20, 60, 120], [200, 220, 240], 8, 8);

/** Starts like a JPEG (SOI + JFIF APP0): what the magic-byte check looks at. */
export const jpegBytes = () =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
    Buffer.alloc(64),
    Buffer.from([0xff, 0xd9]),
  ]);

/** Starts like a WebP (RIFF container with a VP8 chunk). */
export const webpBytes = () => {
  const body = Buffer.concat([Buffer.from('WEBPVP8 ', 'latin1'), Buffer.alloc(40)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), size, body]);
};

export const pdfBytes = (title = 'Reglamento') => simplePdf(title, ['Un documento de prueba.']);

/** Bytes of a Windows executable (MZ header). */
export const exeBytes = () =>
  Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64)]);

export const htmlBytes = () => Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; contentType?: string };

/** A multipart/form-data body, parts in the order given, ready for `call`. */
export function multipart(parts: Part[]): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----aula${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every file under a folder (recursively), as paths relative to it; [] when it does not exist. */
export async function listFiles(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The start of a WebM file (EBML header with DocType "webm"): what the magic-byte check looks at. */
export const webmBytes = () =>
  Buffer.concat([
    Buffer.from([
      0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08,
    ]),
    Buffer.from([0x42, 0x82, 0x84]),
    Buffer.from('webm', 'latin1'),
    Buffer.from([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]),
    Buffer.alloc(256),
  ]);

/** The start of an MP4 file (an ftyp box of brand isom). */
export const mp4Bytes = () =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x20]),
    Buffer.from('ftypisom', 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2avc1mp41', 'latin1'),
    Buffer.alloc(256),
  ]);
/**
 * What uploads left behind on either storage driver: the stored keys and, on the local disk,
 * the scratch files of uploads in progress.
 */
export async function storedFiles(ctx: {
  storage: FileStorage;
  config: { dataDir: string };
}): Promise<{ objects: string[]; scratch: string[] }> {
  const objects: string[] = [];
  for await (const object of ctx.storage.list()) objects.push(object.key);
  const scratch = ctx.storage.kind === 'local' ? await listFiles(path.join(ctx.config.dataDir, 'files', 'tmp')) : [];
  return { objects: objects.sort(), scratch };
}
