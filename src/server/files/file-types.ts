import { fileTypeFromBuffer } from 'file-type';

export interface DetectedType {
  mime: string;
  extension: string;
}

export type FileKind = 'image' | 'document' | 'video' | 'receipt';

const images: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

const documents: Record<string, string> = {
  ...images,
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

const videos: Record<string, string> = { mp4: 'video/mp4', webm: 'video/webm' };

/** A payment's receipt ('Comprobante'): a PDF or a photo of it. */
const receipts: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png' };

const allowedByKind: Record<FileKind, Record<string, string>> = { image: images, document: documents, video: videos, receipt: receipts };

// Legacy Office files share one container format; the uploaded name tells which it is.
const legacyOffice = new Set(['doc', 'xls', 'ppt']);

/**
 * How many of a file's first bytes its type is judged on: enough for the signatures, for the
 * first entries of an Office/OpenDocument zip and for an MP4's ftyp box.
 */
export const DETECTION_SAMPLE_BYTES = 64 * 1024;

/**
 * What a file is, judged by its content's first bytes (magic bytes), never by its name; null
 * when the content is not one of the accepted types for that kind of upload.
 */
export async function detectFileType(head: Uint8Array, kind: FileKind, originalName = ''): Promise<DetectedType | null> {
  const detected = await fileTypeFromBuffer(head);
  if (!detected) return null;
  const allowed = allowedByKind[kind];
  let extension: string = detected.ext;
  if (extension === 'cfb' && kind === 'document') {
    const nameExtension = originalName.toLowerCase().split('.').pop() ?? '';
    if (!legacyOffice.has(nameExtension)) return null;
    extension = nameExtension;
  }
  if (extension === 'm4v') extension = 'mp4';
  const mime = allowed[extension];
  return mime ? { mime, extension } : null;
}

export const acceptedDocumentExtensions = Object.keys(documents);
