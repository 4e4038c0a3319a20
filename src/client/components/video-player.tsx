import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { AspectRatio, Anchor, Group, Text } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { messages, videoLabel } from '../../shared/messages.ts';
import { youtubeId } from '../../shared/schemas/content.ts';
import { youtubeEmbedHost, youtubeEmbedUrl, youtubePlayerVars } from '../../shared/video-source.ts';
import { moveInto, takeFirstPaintVideo } from '../lib/boot-view.ts';
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
 * own player. Both report playback through the same adapter. On the module page the server sent
 * drawn, the player takes over the video element already in the page (lib/boot-view.ts) when it
 * is the one it would make, so the video does not load twice.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const id = youtubeId(props.videoUrl);
  return id ? <YouTubeVideo {...props} youtubeId={id} /> : <FileVideo {...props} />;
}

/**
 * The first paint's video element, if it is the one `expected()` describes, moved into `slot`
 * as soon as the player is in the page (null: the player makes its own).
 */
function useFirstPaintVideo(tag: 'IFRAME' | 'VIDEO', expected: () => string) {
  const [adopted, setAdopted] = useState(() => takeFirstPaintVideo(tag, expected()));
  const slot = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (adopted && slot.current && !moveInto(slot.current, adopted)) setAdopted(null);
  }, [adopted]);
  return { adopted, slot };
}

function FileVideo({ videoUrl, title, startAt, onAdapter }: VideoPlayerProps) {
  const element = useRef<HTMLVideoElement>(null);
  const start = useRef(startAt ?? 0);
  const report = useRef(onAdapter);
  report.current = onAdapter;
  const { adopted, slot } = useFirstPaintVideo('VIDEO', () => videoUrl);

  useEffect(() => {
    const video = (adopted as HTMLVideoElement | null) ?? element.current;
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
  }, [videoUrl, adopted]);

  return (
    <AspectRatio ratio={16 / 9} bg="black" style={frame}>
      {adopted ? (
        // React leaves this element's content alone: the video the server sent lives here.
        <div ref={slot} className="video-slot" />
      ) : (
        <video
          ref={element}
          controls
          playsInline
          preload="metadata"
          src={videoUrl}
          aria-label={videoLabel(title)}
          style={{ objectFit: 'contain', display: 'block' }}
        >
          <Text c="white" p="md">
            {messages.videoUnsupported}{' '}
            <Anchor href={videoUrl} c="white" td="underline">
              {messages.videoOpenElsewhere}
            </Anchor>
            .
          </Text>
        </video>
      )}
    </AspectRatio>
  );
}

/**
 * The plain embed, for when YouTube's IFrame API cannot load (a school filter, a privacy
 * extension): the video may well play; only what is watched cannot be followed.
 */
function plainEmbed(id: string, startAt: number, title: string): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.src = youtubeEmbedUrl(id, startAt, location.origin);
  frame.title = videoLabel(title);
  frame.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
  frame.allowFullscreen = true;
  Object.assign(frame.style, { width: '100%', height: '100%', border: '0' });
  return frame;
}

function YouTubeVideo({ youtubeId: id, title, startAt, onAdapter }: VideoPlayerProps & { youtubeId: string }) {
  const [untracked, setUntracked] = useState(false);
  const start = useRef(startAt ?? 0);
  const report = useRef(onAdapter);
  report.current = onAdapter;
  // The frame the server sent is taken only if it has exactly the address YT.Player would give it.
  const { adopted, slot: host } = useFirstPaintVideo('IFRAME', () => youtubeEmbedUrl(id, start.current, location.origin));

  useEffect(() => {
    let cancelled = false;
    let destroy = () => undefined as void;
    // The server's frame, while it is still where the player put it; otherwise YT.Player makes one.
    const existing = adopted?.parentElement === host.current ? adopted : null;
    const mount = existing ?? document.createElement('div');
    if (!existing) host.current?.replaceChildren(mount);
    loadYouTubeApi()
      .then((YT) => {
        if (cancelled) return;
        let adapter: ReturnType<typeof youtubeAdapter> | null = null;
        const events = {
          onReady: () => {
            host.current?.querySelector('iframe')?.setAttribute('title', videoLabel(title));
            adapter?.ready();
          },
          onStateChange: (event: { data: number }) => adapter?.stateChanged(event.data),
        };
        // An existing frame keeps its address (it already has the player's parameters and start).
        const player = existing
          ? new YT.Player(existing, { events })
          : new YT.Player(mount, {
              host: youtubeEmbedHost,
              videoId: id,
              width: '100%',
              height: '100%',
              playerVars: youtubePlayerVars(start.current),
              events,
            });
        adapter = youtubeAdapter(player);
        report.current?.(adapter);
        destroy = () => {
          report.current?.(null);
          player.destroy();
        };
      })
      .catch(() => {
        if (cancelled) return;
        // Keep the frame the server sent, or put the plain embed where the player would have gone.
        if (!host.current?.querySelector('iframe')) host.current?.replaceChildren(plainEmbed(id, start.current, title));
        setUntracked(true);
      });
    return () => {
      cancelled = true;
      destroy();
    };
  }, [id, title, adopted, host]);

  return (
    <>
      <AspectRatio ratio={16 / 9} bg="black" style={frame}>
        {/* React leaves this element's content alone: the player's frame lives here. */}
        <div ref={host} className="video-slot" style={{ width: '100%', height: '100%' }} />
      </AspectRatio>
      {untracked && (
        <Group gap={6} mt={6} wrap="nowrap" align="flex-start" role="status">
          <IconEyeOff size={18} color="var(--mantine-color-orange-8)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" c="gray.8">
            {messages.youtubeNotTracked}
          </Text>
        </Group>
      )}
    </>
  );
}
