import { upload } from '../../../lib/upload.ts';

export interface UploadedImage {
  id: string;
  url: string;
}

/** Sends a course picture (already compressed); the course then refers to it by id. */
export function uploadImage(file: File, onProgress?: (percent: number) => void) {
  const body = new FormData();
  body.append('file', file, file.name);
  return upload<UploadedImage>('/api/images', body, { onProgress });
}
