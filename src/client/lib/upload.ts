import type { ApiErrorBody } from '../../shared/api-error.ts';
import { messages } from '../../shared/messages.ts';
import { ApiError, reportUnauthorized } from './api.ts';

export interface UploadOptions {
  /** Called with the share of the body sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** POST (a new file) unless the route replaces one (PUT). */
  method?: 'POST' | 'PUT';
}

/**
 * POSTs (or PUTs) multipart form data and reports upload progress, which `fetch` cannot do.
 * Resolves with the JSON answer; fails with the same ApiError as `api()`.
 */
export function upload<T>(path: string, body: FormData, { onProgress, signal, method = 'POST' }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.setRequestHeader('accept', 'application/json');

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(data as T);
        return;
      }
      const error = (data as Partial<ApiErrorBody> | null)?.error;
      if (xhr.status === 401 && error?.code === 'UNAUTHORIZED') reportUnauthorized();
      reject(new ApiError(xhr.status, error?.code ?? 'INTERNAL', error?.message ?? messages.internal, error?.fields));
    };
    xhr.onerror = () => reject(new ApiError(0, 'INTERNAL', messages.network));
    xhr.onabort = () => reject(signal?.reason ?? new DOMException('Subida cancelada', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    onProgress?.(0);
    xhr.send(body);
  });
}

export interface UploadedImage {
  id: string;
  url: string;
}

const uploaded = new WeakMap<File, UploadedImage>();

/**
 * Sends a picture (already compressed in the browser); courses and modules then refer to it by
 * id. The same file again (a retry of the create) is not sent twice: its first id is reused,
 * so the retried create is the same request.
 */
export async function uploadImage(file: File, onProgress?: (percent: number) => void) {
  const known = uploaded.get(file);
  if (known) {
    onProgress?.(100);
    return known;
  }
  const body = new FormData();
  body.append('file', file, file.name);
  const image = await upload<UploadedImage>('/api/images', body, { onProgress });
  uploaded.set(file, image);
  return image;
}
