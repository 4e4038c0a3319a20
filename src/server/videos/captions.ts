// 'Subtítulos (.vtt)' of an uploaded video (WCAG 1.2.2): a WebVTT file, received whole (it is
// small), checked and stored like any upload (files/), served as the player's captions track.
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { messages, videoMessages } from '../../shared/messages.ts';
import { AppError, badRequest } from '../errors.ts';
import { storeBuffer, type FileStorage } from '../files/storage.ts';
import { malformedUpload } from '../files/upload.ts';

/** Hours of captions weigh well under this. */
export const CAPTIONS_MAX_BYTES = 1024 * 1024;
export const CAPTIONS_MIME_TYPE = 'text/vtt; charset=utf-8';

/**
 * Whether `bytes` are a WebVTT file: UTF-8 text whose first line is 'WEBVTT' (after an optional
 * byte order mark), alone or followed by a space or a tab and a comment, as the standard says.
 */
export function isWebVtt(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  return /^\uFEFF?WEBVTT(?:[ \t][^\r\n]*)?(?:\r\n|\r|\n|$)/.test(text) && !text.includes('\u0000');
}

/** Reads the captions file of a multipart request, checks it and stores it; returns its key. */
export async function receiveCaptions(request: FastifyRequest, storage: FileStorage): Promise<string> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.uploadNotMultipart);
  let part: MultipartFile | undefined;
  let bytes: Buffer;
  try {
    part = await request.file({ limits: { fileSize: CAPTIONS_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000 } });
    if (!part) throw badRequest(messages.uploadMissingFile, { file: messages.uploadMissingFile });
    bytes = await part.toBuffer();
  } catch (error) {
    const code = (error as { code?: string }).code;
    const tooHeavy = videoMessages.captionsTooHeavy(CAPTIONS_MAX_BYTES);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', tooHeavy, { file: tooHeavy });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest(messages.uploadOneFile);
    throw malformedUpload(error);
  }
  if (bytes.length === 0) throw badRequest(messages.uploadEmpty, { file: messages.uploadEmpty });
  if (!isWebVtt(bytes)) throw badRequest(videoMessages.captionsInvalid, { file: videoMessages.captionsInvalid });
  return storeBuffer(storage, bytes, 'vtt', CAPTIONS_MIME_TYPE);
}
