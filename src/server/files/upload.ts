import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { findNul } from '../http/nul-bytes.ts';
import { AppError, badRequest } from '../errors.ts';
import { detectFileType, DETECTION_SAMPLE_BYTES, type DetectedType, type FileKind } from './file-types.ts';
import { newStorageKey, StoredObjectTooLargeError, type FileStorage } from './storage.ts';
import { messages, paymentMessages } from '../../shared/messages.ts';
import { receiptTooHeavy } from '../../shared/schemas/payments.ts';
import { documentTooHeavy, imageTooHeavy } from '../../shared/schemas/content.ts';
import { videoTooHeavy } from '../../shared/schemas/jugadas.ts';
import { IMPORT_MAX_BYTES } from '../../shared/schemas/users.ts';

export interface ReceivedFile extends DetectedType {
  key: string;
  size: number;
  originalName: string;
  fields: Record<string, string>;
}

const invalidType: Record<FileKind, string> = {
  image: messages.imageType,
  document: messages.documentType,
  video: messages.videoType,
  receipt: paymentMessages.receiptType,
};

const tooLarge: Record<FileKind, string> = {
  image: imageTooHeavy,
  document: documentTooHeavy,
  video: videoTooHeavy,
  receipt: receiptTooHeavy,
};

/**
 * A request body that is not well-formed multipart (no boundary, cut short, garbage): the
 * client's fault, a 400. Errors of our own (AppError) pass through.
 */
export function malformedUpload(error: unknown): unknown {
  if (error instanceof AppError) return error;
  return badRequest(messages.uploadMalformed, { file: messages.uploadMalformed });
}

/**
 * Reads from `stream` until `bytes` bytes (or its end) arrived, without losing any: returns
 * them and a stream of the whole content (those bytes, then the rest).
 */
function peek(stream: Readable, bytes: number): Promise<{ head: Buffer; whole: Readable }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const cleanup = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
    };
    const finish = () => {
      cleanup();
      stream.pause();
      const head = Buffer.concat(chunks);
      const whole = Readable.from(
        (async function* () {
          yield head;
          if (!stream.readableEnded) yield* stream;
        })(),
        { objectMode: false },
      );
      resolve({ head, whole });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= bytes) finish();
    };
    const onEnd = () => finish();
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    // Closed without its end: the parser destroyed it (maybe before we got here).
    const onClose = () => onError(stream.errored ?? new Error('el archivo llegó incompleto'));
    if (stream.errored || stream.destroyed) return onClose();
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
    stream.once('close', onClose);
  });
}

/**
 * Reads the one file of a multipart request (fields must come before it), judges its type by
 * the content's first bytes, and streams it into storage within `maxBytes`: nothing is held
 * whole in memory, and nothing is kept when any check fails or the store fails
 * (StorageUnavailableError, answered with a 503).
 */
export async function receiveUpload(
  request: FastifyRequest,
  storage: FileStorage,
  options: { kind: FileKind; maxBytes: number },
): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.uploadNotMultipart);
  let part: MultipartFile | undefined;
  try {
    // One byte over the limit reaches the store's counter, which refuses it (the parser would only cut the file short).
    part = await request.file({ limits: { fileSize: options.maxBytes + 1, files: 1, fields: 10, fieldSize: 10_000 } });
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT' || (error as { code?: string }).code === 'FST_PARTS_LIMIT') {
      throw badRequest(messages.uploadOneFile);
    }
    throw malformedUpload(error);
  }
  if (!part) throw badRequest(messages.uploadMissingFile, { file: messages.uploadMissingFile });
  const file = part.file;

  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    if (field && !Array.isArray(field) && field.type === 'field' && typeof field.value === 'string') fields[name] = field.value;
  }
  const nul = findNul(fields, '');
  if (nul !== null) {
    file.resume();
    throw badRequest(messages.nulByte, { [nul]: messages.nulByte });
  }

  // The parser fails the file's stream when the body ends early or is garbage.
  const { head, whole } = await peek(file, DETECTION_SAMPLE_BYTES).catch((error: unknown) => {
    throw malformedUpload(error);
  });
  if (head.length === 0) throw badRequest(messages.uploadEmpty, { file: messages.uploadEmpty });
  const type = await detectFileType(head, options.kind, part.filename);
  if (!type) {
    file.resume();
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', invalidType[options.kind], { file: invalidType[options.kind] });
  }

  const key = newStorageKey(type.extension);
  try {
    const { size } = await storage.put(key, whole, { contentType: type.mime, maxBytes: options.maxBytes });
    return { ...type, key, size, originalName: part.filename, fields };
  } catch (error) {
    if (error instanceof StoredObjectTooLargeError) {
      file.resume();
      throw new AppError('PAYLOAD_TOO_LARGE', tooLarge[options.kind], { file: tooLarge[options.kind] });
    }
    if (file.errored) throw malformedUpload(error);
    throw error;
  }
}

/**
 * An import file (a class list, a question bank) of a multipart request, read whole (it is parsed
 * at once), and the text fields sent before it. Spanish 4xx for everything a browser or a script
 * can get wrong: not multipart, no file, two files, too heavy, a malformed body.
 */
export async function receiveImportFile(
  request: FastifyRequest,
): Promise<{ bytes: Buffer; filename: string; field: (name: string) => string }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.uploadNotMultipart);
  let part: MultipartFile | undefined;
  let bytes: Buffer;
  try {
    part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000 } });
    if (!part) throw badRequest(messages.uploadMissingFile, { file: messages.uploadMissingFile });
    bytes = await part.toBuffer();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', messages.importTooHeavy(IMPORT_MAX_BYTES), {
        file: messages.importTooHeavy(IMPORT_MAX_BYTES),
      });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest(messages.uploadOneFile);
    // No boundary, cut short, garbage: the parser's own errors are the client's fault.
    throw malformedUpload(error);
  }
  const fields = part.fields;
  const field = (name: string) => {
    const value = fields[name];
    return value && !Array.isArray(value) && value.type === 'field' && typeof value.value === 'string' ? value.value.trim() : '';
  };
  return { bytes, filename: part.filename ?? '', field };
}
