import { useEffect, useRef, useState } from 'react';
import { AspectRatio, Anchor, Text } from '@mantine/core';
import { youtubeId } from '../../shared/schemas/content.ts';
import { nativeAdapter, youtubeAdapter, type PlaybackAdapter } from '../lib/video/playback.ts';
import { loadYouTubeApi } from '../lib/video/youtube-api.ts';

interface VideoPlayerProps {
  videoUrl: string;
  title: string;
  /** Where to start (the student's last position), in seconds. */
  startAt?: number | null;
  /** Called with the player's playback adapter once it exists (null when it goes away). */
  onAdapter?: (adapter: PlaybackAdapter | null) => void;
}

const frame = { borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' } as const;

/**
 * A module's video: YouTube addresses and bare ids play through YouTube's IFrame API on its
 * privacy-enhanced domain; anything else (an uploaded file, a file on the web) in the browser's
 * own player. Both report playback through the same adapter.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const id = youtubeId(props.videoUrl);
  return id ? <YouTubeVideo {...props} youtubeId={id} /> : <FileVideo {...props} />;
}

function FileVideo({ videoUrl, title, startAt, onAdapter }: VideoPlayerProps) {
  const element = useRef<HTMLVideoElement>(null);
  const start = useRef(startAt ?? 0);
  const report = useRef(onAdapter);
  report.current = onAdapter;

  useEffect(() => {
    const video = element.current;
    if (!video) return;
    // Resume where the student left off, once the length is known (the server answers Range requests).
    const resume = () => {
      if (start.current > 1 && start.current < video.duration - 2) video.currentTime = start.current;
    };
    video.addEventListener('loadedmetadata', resume, { once: true });
    if (video.readyState >= 1) resume();
    report.current?.(nativeAdapter(video));
    return () => {
      video.removeEventListener('loadedmetadata', resume);
      report.current?.(null);
    };
  }, [videoUrl]);

  return (
    <AspectRatio ratio={16 / 9} bg="black" style={frame}>
      <video ref={element} controls playsInline preload="metadata" src={videoUrl} aria-label={`Video: ${title}`} style={{ objectFit: 'contain', display: 'block' }}>
        <Text c="white" p="md">
          Tu navegador no puede mostrar este video.{' '}
          <Anchor href={videoUrl} c="white" td="underline">
            Abrilo en otra pestaña
          </Anchor>
          .
        </Text>
      </video>
    </AspectRatio>
  );
}

function YouTubeVideo({ youtubeId: id, title, startAt, onAdapter }: VideoPlayerProps & { youtubeId: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const start = useRef(startAt ?? 0);
  const report = useRef(onAdapter);
  report.current = onAdapter;

  useEffect(() => {
    let cancelled = false;
    let destroy = () => undefined as void;
    const mount = document.createElement('div');
    host.current?.replaceChildren(mount);
    loadYouTubeApi()
      .then((YT) => {
        if (cancelled) return;
        let adapter: ReturnType<typeof youtubeAdapter> | null = null;
        const player = new YT.Player(mount, {
          host: 'https://www.youtube-nocookie.com',
          videoId: id,
          width: '100%',
          height: '100%',
          playerVars: { playsinline: 1, rel: 0, ...(start.current > 1 ? { start: Math.floor(start.current) } : {}) },
          events: {
            onReady: () => {
              host.current?.querySelector('iframe')?.setAttribute('title', `Video: ${title}`);
              adapter?.ready();
            },
            onStateChange: (event) => adapter?.stateChanged(event.data),
          },
        });
        adapter = youtubeAdapter(player);
        report.current?.(adapter);
        destroy = () => {
          report.current?.(null);
          player.destroy();
        };
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      destroy();
    };
  }, [id, title]);

  return (
    <AspectRatio ratio={16 / 9} bg="black" style={frame}>
      {failed ? (
        <Text c="white" p="md">
          No se pudo cargar el video de YouTube. Revisá tu conexión y recargá la página.
        </Text>
      ) : (
        <div ref={host} style={{ width: '100%', height: '100%' }} />
      )}
    </AspectRatio>
  );
}
