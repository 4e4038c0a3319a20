import { useEffect, useRef, useState } from 'react';
import { AspectRatio, Anchor, Group, Text } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { messages, videoLabel } from '../../shared/messages.ts';
import { youtubeId } from '../../shared/schemas/content.ts';
import { youtubeFrameHtml } from '../../shared/video-source.ts';
import { useOrigin } from '../lib/origin.ts';
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
 * A module's video: YouTube addresses and bare ids play in YouTube's frame on its
 * privacy-enhanced domain, followed through YouTube's IFrame API; anything else (an uploaded
 * file, a file on the web) in the browser's own player. Both report playback through the same
 * adapter. The video element is in the page from the first render (the server's render too), so
 * it shows without waiting for any script.
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
    </AspectRatio>
  );
}

function YouTubeVideo({ youtubeId: id, title, startAt, onAdapter }: VideoPlayerProps & { youtubeId: string }) {
  const [untracked, setUntracked] = useState(false);
  const origin = useOrigin();
  // The frame, fixed at mount: a later position or title must not reload the video.
  const [frameHtml] = useState(() => youtubeFrameHtml(id, startAt, origin, title));
  const host = useRef<HTMLDivElement>(null);
  const report = useRef(onAdapter);
  report.current = onAdapter;

  useEffect(() => {
    let cancelled = false;
    let destroy = () => undefined as void;
    // YT.Player takes over the frame in the page. Destroying a player may remove its frame: a
    // player made again on the same element (React's development checks do) puts it back first.
    if (!host.current?.querySelector('iframe')) host.current?.insertAdjacentHTML('afterbegin', frameHtml);
    const frame = host.current?.querySelector('iframe');
    loadYouTubeApi()
      .then((YT) => {
        if (cancelled || !frame) return;
        let adapter: ReturnType<typeof youtubeAdapter> | null = null;
        const player = new YT.Player(frame, {
          events: {
            onReady: () => adapter?.ready(),
            onStateChange: (event: { data: number }) => adapter?.stateChanged(event.data),
          },
        });
        adapter = youtubeAdapter(player);
        report.current?.(adapter);
        destroy = () => {
          report.current?.(null);
          player.destroy();
        };
      })
      // The frame plays on without the API (a school filter, a privacy extension); only what is
      // watched cannot be followed.
      .catch(() => !cancelled && setUntracked(true));
    return () => {
      cancelled = true;
      destroy();
    };
  }, [frameHtml]);

  return (
    <>
      <AspectRatio ratio={16 / 9} bg="black" style={frame}>
        {/* React leaves this element's content alone: the player's frame lives here. */}
        <div ref={host} className="video-slot" style={{ width: '100%', height: '100%' }} dangerouslySetInnerHTML={{ __html: frameHtml }} />
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
