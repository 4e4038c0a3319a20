import { youtubeId } from './schemas/content.ts';

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
 * YT.Player can take over a frame the server already put in the page instead of making its own.
 */
export function youtubeEmbedUrl(id: string, startAt: number | null | undefined, origin: string): string {
  const params = new URLSearchParams(
    Object.entries(youtubePlayerVars(startAt)).map(([name, value]): [string, string] => [name, String(value)]),
  );
  params.set('enablejsapi', '1');
  params.set('origin', origin);
  return `${youtubeEmbedHost}/embed/${encodeURIComponent(id)}?${params.toString()}`;
}

export type VideoSource = { kind: 'youtube'; id: string; src: string } | { kind: 'file'; src: string };

/**
 * Where a module's video plays from: YouTube addresses and bare ids in YouTube's player (through
 * its IFrame API, for the page at `origin`, starting at `startAt`), any other address as a video
 * file. The server's first paint of the module page and the client's player use the same address,
 * so the player can take over the element the server sent (client lib/boot-view.ts).
 */
export function videoSource(videoUrl: string, startAt: number | null | undefined, origin: string): VideoSource {
  const id = youtubeId(videoUrl);
  return id ? { kind: 'youtube', id, src: youtubeEmbedUrl(id, startAt, origin) } : { kind: 'file', src: videoUrl };
}
