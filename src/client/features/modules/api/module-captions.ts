import type { ModuleWithQuestions } from '../../../../shared/schemas/content.ts';
import { videoMessages } from '../../../../shared/messages.ts';
import { api } from '../../../lib/api.ts';
import { upload } from '../../../lib/upload.ts';

/** The server's limit for 'Subtítulos (.vtt)' (videos/captions.ts), checked here too so a wrong file is told at once. */
export const CAPTIONS_MAX_BYTES = 1024 * 1024;

/** Why a chosen captions file would be refused, or null when it is a WebVTT file within the limit. */
export async function captionsProblem(file: File): Promise<string | null> {
  if (file.size > CAPTIONS_MAX_BYTES) return videoMessages.captionsTooHeavy(CAPTIONS_MAX_BYTES);
  const head = await file.slice(0, 16).text();
  return /^\uFEFF?WEBVTT(?:[ \t\r\n]|$)/.test(head) ? null : videoMessages.captionsInvalid;
}

/** What the form asks of the module's captions once the module is saved. */
export interface CaptionsChange {
  file: File | null;
  remove: boolean;
}

/** Uploads the chosen captions, or removes them ('Quitar subtítulos'); null when nothing changes. */
export async function saveCaptions(moduleId: string, change: CaptionsChange): Promise<ModuleWithQuestions | null> {
  const path = `/api/modules/${encodeURIComponent(moduleId)}/captions`;
  if (change.file) {
    const body = new FormData();
    body.append('file', change.file, change.file.name);
    return (await upload<{ module: ModuleWithQuestions }>(path, body, { method: 'PUT' })).module;
  }
  if (change.remove) return (await api<{ module: ModuleWithQuestions }>(path, { method: 'DELETE' })).module;
  return null;
}
