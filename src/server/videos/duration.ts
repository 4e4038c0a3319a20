// The length of an uploaded video, read from the file itself (MP4's movie header, WebM's segment
// info) with music-metadata: the server's own measure of how long the video is, so a student's
// watched percentage never rests on the length their player claims.
import type { Readable } from 'node:stream';
import { parseStream } from 'music-metadata';

/** Longer than any module video (as `WATCHED_DURATION_MAX`): a file claiming more is not believed. */
const DURATION_MAX_SECONDS = 24 * 60 * 60;

/**
 * The video's length in seconds, or null when the file does not say (a WebM recorded live has no
 * duration in its header) or cannot be read. The stream is read at most to its end (an MP4 with
 * its index after the media is read through) and closed.
 */
export async function readVideoDuration(content: Readable, file: { mime: string; size: number }): Promise<number | null> {
  try {
    const { format } = await parseStream(content, { mimeType: file.mime, size: file.size }, { skipCovers: true });
    // A video-only MP4 gives its length per track, not in `duration` (which music-metadata takes from audio).
    const lengths = [format.duration, ...(format.trackInfo ?? []).map((track) => track.duration)].filter(
      (value): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= DURATION_MAX_SECONDS,
    );
    return lengths.length ? Math.max(...lengths) : null;
  } catch {
    return null;
  } finally {
    content.destroy();
  }
}
