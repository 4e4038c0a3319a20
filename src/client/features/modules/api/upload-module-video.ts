import { upload } from '../../../lib/upload.ts';

/** A module's video as the API takes it: an address, or the id of an uploaded file. */
/** A module's video as the API takes it: an address (with its 'Duración' in seconds, null when not known) or an uploaded file. */
export type ModuleVideoInput = { videoUrl: string; videoDuration: number | null } | { videoId: string };

export interface UploadedVideo {
  id: string;
  mimeType: string;
  size: number;
}

/**
 * Sends a module's video file (MP4 or WebM; the server checks its content and size) with
 * progress; the module then refers to it by id when it is saved.
 */
export function uploadModuleVideo(file: File, onProgress: (percent: number) => void, signal?: AbortSignal) {
  const body = new FormData();
  body.append('file', file, file.name);
  return upload<UploadedVideo>('/api/videos', body, { onProgress, signal });
}
