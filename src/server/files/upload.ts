import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { AppError, badRequest } from '../errors.ts';
import { detectFileType, type DetectedType, type FileKind } from './file-types.ts';
import type { FileStorage } from './storage.ts';

export interface ReceivedFile extends DetectedType {
  key: string;
  size: number;
  originalName: string;
  fields: Record<string, string>;
}

const invalidType: Record<FileKind, string> = {
  image: 'La imagen debe ser JPG, PNG o WebP.',
  document: 'El archivo debe ser PDF, Word, Excel, PowerPoint, OpenDocument, una imagen (JPG, PNG, WebP) o un video MP4.',
};

const tooLarge: Record<FileKind, string> = {
  image: 'La imagen no puede pesar más de 5 MB.',
  document: 'El archivo no puede pesar más de 100 MB.',
};

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
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Enviá el archivo como multipart/form-data.');
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: options.maxBytes, files: 1, fields: 10, fieldSize: 10_000 } });
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT' || (error as { code?: string }).code === 'FST_PARTS_LIMIT') {
      throw badRequest('Enviá un solo archivo por vez.');
    }
    throw error;
  }
  if (!part) throw badRequest('Falta el archivo.', { file: 'Falta el archivo.' });

  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    if (field && !Array.isArray(field) && field.type === 'field' && typeof field.value === 'string') fields[name] = field.value;
  }

  const scratch = storage.scratchPath();
  try {
    await pipeline(part.file, createWriteStream(scratch));
    if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', tooLarge[options.kind], { file: tooLarge[options.kind] });
    const { size } = await stat(scratch);
    if (size === 0) throw badRequest('El archivo está vacío.', { file: 'El archivo está vacío.' });
    const type = await detectFileType(scratch, options.kind, part.filename);
    if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', invalidType[options.kind], { file: invalidType[options.kind] });
    const key = await storage.keep(scratch, type.extension);
    return { ...type, key, size, originalName: part.filename, fields };
  } catch (error) {
    await rm(scratch, { force: true });
    throw error;
  }
}

