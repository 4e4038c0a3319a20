import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { AspectRatio, Text } from '@mantine/core';
import { messages } from '../../../../shared/messages.ts';
import type { JugadaVideo } from '../../../../shared/schemas/jugadas.ts';
import type { VideoRendition } from '../../../../shared/schemas/content.ts';
import { YT_STATE } from '../../../lib/video/playback.ts';
import { currentEnvironment, pickRendition, storedPreference } from '../../../lib/video/quality.ts';
import { loadYouTubeApi, type YouTubePlayer } from '../../../lib/video/youtube-api.ts';

/** What the page asks of the clip: where it is now, and to play its segment again. */
export interface ClipHandle {
  currentTime(): number | null;
  /** Whether the clip has played at all: one that never played cannot be judged. */
  played(): boolean;
  replay(): void;
}

interface ClipPlayerProps {
  video: JugadaVideo;
  start: number | null;
  end: number | null;
  title: string;
  ref?: Ref<ClipHandle>;
}

const frame = { borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' } as const;

/** A jugada's clip, playing only its segment (from `start` to `end`, when given). */
export function ClipPlayer(props: ClipPlayerProps) {
  return props.video.kind === 'file' ? (
    <FileClip {...props} url={props.video.url} renditions={props.video.renditions} posterUrl={props.video.posterUrl} />
  ) : (
    <YouTubeClip {...props} youtubeId={props.video.youtubeId} />
  );
}

/**
 * An uploaded clip in the browser's own player; the segment is kept by watching the playhead.
 * Jumping to the segment relies on the server answering byte ranges (206).
 */
function FileClip({
  url: original,
  renditions,
  posterUrl,
  start,
  end,
  title,
  ref,
}: ClipPlayerProps & { url: string; renditions: VideoRendition[]; posterUrl: string | null }) {
  const element = useRef<HTMLVideoElement>(null);
  // The rendition for this connection and screen, as the module's player picks it (the original until they are made).
  const [url, setUrl] = useState(() => pickRendition(renditions, storedPreference(), currentEnvironment())?.url ?? original);
  const played = useRef(false);
  const from = start ?? 0;

  useImperativeHandle(ref, () => ({
    currentTime: () => element.current?.currentTime ?? null,
    played: () => played.current,
    replay() {
      const video = element.current;
      if (!video) return;
      video.currentTime = from;
      void video.play().catch(() => undefined);
    },
  }));

  useEffect(() => {
    const video = element.current;
    if (!video) return;
    let frameId = 0;
    // timeupdate comes about four times a second; while playing, the playhead is checked every frame to stop on time.
    const keepInSegment = () => {
      if (end !== null && video.currentTime >= end) {
        video.pause();
        video.currentTime = end;
      } else if (video.currentTime < from - 0.05) {
        video.currentTime = from;
      }
    };
    const tick = () => {
      keepInSegment();
      if (!video.paused) frameId = requestAnimationFrame(tick);
    };
    const onPlay = () => {
      played.current = true;
      if (end !== null && video.currentTime >= end - 0.05) video.currentTime = from;
      cancelAnimationFrame(frameId);
      frameId = requestAnimationFrame(tick);
    };
    const onReady = () => {
      if (video.currentTime < from || (end !== null && video.currentTime > end)) video.currentTime = from;
    };
    video.addEventListener('loadedmetadata', onReady);
    video.addEventListener('timeupdate', keepInSegment);
    video.addEventListener('seeked', keepInSegment);
    video.addEventListener('play', onPlay);
    if (video.readyState >= 1) onReady();
    return () => {
      cancelAnimationFrame(frameId);
      video.removeEventListener('loadedmetadata', onReady);
      video.removeEventListener('timeupdate', keepInSegment);
      video.removeEventListener('seeked', keepInSegment);
      video.removeEventListener('play', onPlay);
    };
  }, [from, end, url]);

  return (
    <AspectRatio ratio={16 / 9} bg="black" style={frame}>
      <video
        ref={element}
        src={url}
        poster={posterUrl ?? undefined}
        // A rendition this browser cannot play (no H.264): the original, as uploaded.
        onError={() => url !== original && setUrl(original)}
        controls
        playsInline
        preload="auto"
        aria-label={title}
        style={{ objectFit: 'contain', display: 'block' }}
      >
        <Text c="white" p="md">
          {messages.videoUnsupported}
        </Text>
      </video>
    </AspectRatio>
  );
}

/** A YouTube clip through the IFrame API (privacy-enhanced domain), limited to the segment with start/end. */
function YouTubeClip({ youtubeId, start, end, title, ref }: ClipPlayerProps & { youtubeId: string }) {
  const host = useRef<HTMLDivElement>(null);
  const player = useRef<YouTubePlayer | null>(null);
  const played = useRef(false);
  const [failed, setFailed] = useState(false);
  const from = start ?? 0;

  useImperativeHandle(ref, () => ({
    played: () => played.current,
    currentTime: () => {
      try {
        return player.current?.getCurrentTime() ?? null;
      } catch {
        return null;
      }
    },
    replay() {
      player.current?.seekTo(from, true);
      player.current?.playVideo();
    },
  }));

  useEffect(() => {
    let cancelled = false;
    const mount = document.createElement('div');
    host.current?.replaceChildren(mount);
    loadYouTubeApi()
      .then((YT) => {
        if (cancelled) return;
        player.current = new YT.Player(mount, {
          host: 'https://www.youtube-nocookie.com',
          videoId: youtubeId,
          width: '100%',
          height: '100%',
          playerVars: {
            start: Math.floor(from),
            ...(end !== null ? { end: Math.ceil(end) } : {}),
            playsinline: 1,
            rel: 0,
            modestbranding: 1,
          },
          events: {
            onReady: () => {
              const iframe = host.current?.querySelector('iframe');
              iframe?.setAttribute('title', title);
            },
            onStateChange: (event: { data: number }) => {
              if (event.data === YT_STATE.PLAYING) played.current = true;
            },
          },
        });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      player.current?.destroy();
      player.current = null;
    };
  }, [youtubeId, from, end, title]);

  return (
    <AspectRatio ratio={16 / 9} bg="black" style={frame}>
      {failed ? (
        <Text c="white" p="md">
          {messages.youtubeFailed}
        </Text>
      ) : (
        <div ref={host} aria-label={title} role="region" style={{ width: '100%', height: '100%' }} />
      )}
    </AspectRatio>
  );
}
