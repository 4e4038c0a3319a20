import type { AttemptClip, ClipResponse } from '../../../../shared/schemas/exams.ts';
import type { JugadaAnswerInput } from '../../../../shared/schemas/jugadas.ts';
import { api } from '../../../lib/api.ts';

const clipUrl = (attemptId: string, position: number, tail: string) =>
  `/api/attempts/${encodeURIComponent(attemptId)}/clips/${position}/${tail}`;

/**
 * A clip as the server last described it, with the moment that answer arrived on the monotonic
 * clock: the viewing's end and the answer window run from there, so the phone never counts more
 * time than the server gives (the server's own clock decides; its grace covers the reply's trip).
 */
export interface TimedClip {
  clip: AttemptClip;
  receivedAt: number;
}

export const timedClip = (clip: AttemptClip, receivedAt = performance.now()): TimedClip => ({ clip, receivedAt });

/** When, on the monotonic clock, the viewing ends and the answer window closes (null before a viewing). */
export function localTimes({ clip, receivedAt }: TimedClip) {
  if (clip.viewEndsInMs === null || clip.windowEndsInMs === null) return null;
  return { viewEndsAt: receivedAt + clip.viewEndsInMs, windowEndsAt: receivedAt + clip.windowEndsInMs };
}

/** 'Ver': the server counts a viewing and starts its clock. */
export const startViewing = (attemptId: string, position: number) =>
  api<ClipResponse>(clipUrl(attemptId, position, 'views'), { method: 'POST' });

/** 'Responder': the call for the clip (the same one again is answered as saved: safe to repeat after a lost reply). */
export const sendClipAnswer = (attemptId: string, position: number, answer: JugadaAnswerInput) =>
  api<ClipResponse>(clipUrl(attemptId, position, 'answer'), { method: 'PUT', body: answer });

/**
 * The player's address for the clip's file during viewing `viewing` (1 for the first): the server
 * sends it, and each of the player's Range requests, only while that viewing plays.
 */
export const clipFileUrl = (attemptId: string, position: number, viewing: number) =>
  `${clipUrl(attemptId, position, 'video')}?viewing=${viewing}`;
