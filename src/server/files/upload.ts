import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { AppError, badRequest } from '../errors.ts';
import { detectFileType, type DetectedType, type FileKind } from './file-types.ts';
import type { FileStorage } from './storage.ts';
import { messages } from '../../shared/messages.ts';
import { documentTooHeavy, imageTooHeavy } from '../../shared/schemas/content.ts';
import { videoTooHeavy } from '../../shared/schemas/jugadas.ts';

export interface ReceivedFile extends DetectedType {
  key: string;
  size: number;
  originalName: string;
  fields: Record<string, string>;
}

const invalidType: Record<FileKind, string> = { image: messages.imageType, document: messages.documentType, video: messages.videoType };

const tooLarge: Record<FileKind, string> = { image: imageTooHeavy, document: documentTooHeavy, video: videoTooHeavy };

/**
 * A request body that is not well-formed multipart (no boundary, cut short, garbage): the
 * client's fault, a 400. Errors of our own (AppError) pass through.
 */
function malformed(error: unknown): unknown {
  if (error instanceof AppError) return error;
  return badRequest(messages.uploadMalformed, { file: messages.uploadMalformed });
}

/**
 * Reads the one file of a multipart request (fields must come before it), streams it to
 * scratch space within `maxBytes`, checks its content type and keeps it in storage.
 * Nothing is kept when any check fails.
 */
export async function receiveUpload(
  request: FastifyRequest,
  storage: FileStorage,
  options: { kind: FileKind; maxBytes: number },
): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.uploadNotMultipart);
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: options.maxBytes, files: 1, fields: 10, fieldSize: 10_000 } });
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT' || (error as { code?: string }).code === 'FST_PARTS_LIMIT') {
      throw badRequest(messages.uploadOneFile);
    }
    throw malformed(error);
  }
  if (!part) throw badRequest(messages.uploadMissingFile, { file: messages.uploadMissingFile });

  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    if (field && !Array.isArray(field) && field.type === 'field' && typeof field.value === 'string') fields[name] = field.value;
  }

  const scratch = storage.scratchPath();
  try {
    await pipeline(part.file, createWriteStream(scratch)).catch((error: unknown) => {
      // The body's parser fails the file's stream when the body ends early or is garbage.
      throw part.file.errored ? malformed(error) : error;
    });
    if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', tooLarge[options.kind], { file: tooLarge[options.kind] });
    const { size } = await stat(scratch);
    if (size === 0) throw badRequest(messages.uploadEmpty, { file: messages.uploadEmpty });
    const type = await detectFileType(scratch, options.kind, part.filename);
    if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', invalidType[options.kind], { file: invalidType[options.kind] });
    const key = await storage.keep(scratch, type.extension);
    return { ...type, key, size, originalName: part.filename, fields };
  } catch (error) {
    await rm(scratch, { force: true });
    throw error;
  }
}

