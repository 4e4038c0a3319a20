import { escapeHtml } from './html.ts';
import { videoLabel } from './messages.ts';

/** Where YouTube videos play: its privacy-enhanced domain. */
export const youtubeEmbedHost = 'https://www.youtube-nocookie.com';

/**
 * The YouTube player's parameters for a module video: inline on phones, related videos from the
 * same channel only, and the student's last position (whole seconds past the first one).
 */
export function youtubePlayerVars(startAt: number | null | undefined): Record<string, number> {
  return { playsinline: 1, rel: 0, ...(startAt && startAt > 1 ? { start: Math.floor(startAt) } : {}) };
}

/**
 * The address of the YouTube player frame as YouTube's IFrame API builds it for the page at
 * `origin` (its parameters, `enablejsapi=1` and the page's origin for its messages), so that
 * YT.Player takes over the frame already in the page instead of making its own.
 */
export function youtubeEmbedUrl(id: string, startAt: number | null | undefined, origin: string): string {
  const params = new URLSearchParams(
    Object.entries(youtubePlayerVars(startAt)).map(([name, value]): [string, string] => [name, String(value)]),
  );
  params.set('enablejsapi', '1');
  params.set('origin', origin);
  return `${youtubeEmbedHost}/embed/${encodeURIComponent(id)}?${params.toString()}`;
}

/**
 * The YouTube frame of a module's video, as HTML: the page shows it (and the video plays) before
 * YouTube's IFrame API is loaded, and even when it cannot load at all.
 */
export function youtubeFrameHtml(id: string, startAt: number | null | undefined, origin: string, title: string): string {
  return (
    `<iframe src="${escapeHtml(youtubeEmbedUrl(id, startAt, origin))}" title="${escapeHtml(videoLabel(title))}" ` +
    `referrerpolicy="strict-origin-when-cross-origin" allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen" allowfullscreen></iframe>`
  );
}
