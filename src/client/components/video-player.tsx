import { useEffect, useId, useRef, useState } from 'react';
import { AspectRatio, Anchor, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconEyeOff, IconWifiOff } from '@tabler/icons-react';
import { messages, offlineMessages, videoLabel, videoMessages } from '../../shared/messages.ts';
import { youtubeId, type VideoRendition } from '../../shared/schemas/content.ts';
import { youtubeFrameHtml } from '../../shared/video-source.ts';
import { useOrigin } from '../lib/origin.ts';
import { useOnline } from '../lib/use-online.ts';
import { nativeAdapter, youtubeAdapter, YT_STATE, type PlaybackAdapter } from '../lib/video/playback.ts';
import {
  currentEnvironment,
  firstPaintRendition,
  pickRendition,
  QUALITY_PREFERENCES,
  storedPreference,
  storePreference,
  type QualityPreference,
} from '../lib/video/quality.ts';
import { loadYouTubeApi } from '../lib/video/youtube-api.ts';

interface VideoPlayerProps {
  videoUrl: string;
  title: string;
  /** An uploaded video's renditions (smallest first): the player picks one; none yet, the original plays. */
  renditions?: VideoRendition[];
  posterUrl?: string | null;
  /** WebVTT captions in Spanish, shown as a track on by default (WCAG 1.2.2). */
  captionsUrl?: string | null;
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

function FileVideo({ videoUrl, title, startAt, onAdapter, renditions = [], posterUrl, captionsUrl }: VideoPlayerProps) {
  const element = useRef<HTMLVideoElement>(null);
  const start = useRef(startAt ?? 0);
  const report = useRef(onAdapter);
  report.current = onAdapter;
  // The server's render and the first in the browser agree (neither knows the connection); the
  // choice for this device is made once the app runs, and on each change of 'Calidad'.
  const [firstSrc] = useState(() => firstPaintRendition(renditions)?.url ?? videoUrl);
  const [preference, setPreference] = useState<QualityPreference | null>(null);
  const heights = renditions.map((rendition) => rendition.height).join(',');

  useEffect(() => setPreference(storedPreference()), []);
  // A rendition this browser cannot play (no H.264): the original, as uploaded.
  useEffect(() => {
    const video = element.current;
    if (!video) return;
    const fallBack = () => {
      if (video.error?.code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED && video.getAttribute('src') !== videoUrl)
        switchSource(video, videoUrl);
    };
    video.addEventListener('error', fallBack);
    return () => video.removeEventListener('error', fallBack);
  }, [videoUrl]);
  useEffect(() => {
    const video = element.current;
    if (!video || preference === null) return;
    switchSource(video, pickRendition(renditions, preference, currentEnvironment())?.url ?? videoUrl);
    // `heights` stands for the renditions (a new array each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [preference, heights, videoUrl]);

  useEffect(() => {
    const video = element.current;
    if (!video) return;
    // Resume where the student left off, once the length is known (the server answers Range
    // requests), and again each time another file of the video loads (a quality the fresh page
    // data brought, 'Calidad') while the person has not played or moved it: the position is not
    // lost with the file.
    const resume = () => {
      const untouched = video.played.length === 0 && video.currentTime < 0.5;
      if (untouched && start.current > 1 && start.current < video.duration - 2) video.currentTime = start.current;
    };
    video.addEventListener('loadedmetadata', resume);
    if (video.readyState >= 1) resume();
    report.current?.(nativeAdapter(video));
    return () => {
      video.removeEventListener('loadedmetadata', resume);
      report.current?.(null);
    };
  }, [videoUrl]);
  // A page shown from the browser's copy knew an older position; the fresh one moves the playhead
  // there, unless the person already played or moved it.
  useEffect(() => {
    const video = element.current;
    const previous = start.current;
    if (!video || startAt == null || startAt === previous) return;
    start.current = startAt;
    const untouched = video.played.length === 0 && !video.seeking && Math.abs(video.currentTime - (previous > 1 ? previous : 0)) < 0.5;
    if (untouched && video.readyState >= 1 && startAt < video.duration - 2) video.currentTime = startAt > 1 ? startAt : 0;
  }, [startAt]);

  return (
    <Stack gap={6}>
      <AspectRatio ratio={16 / 9} bg="black" style={frame}>
        <video
          ref={element}
          controls
          playsInline
          preload="metadata"
          src={firstSrc}
          poster={posterUrl ?? undefined}
          aria-label={videoLabel(title)}
          style={{ objectFit: 'contain', display: 'block' }}
        >
          {captionsUrl && <track kind="captions" src={captionsUrl} srcLang="es" label={videoMessages.captionsTrack} default />}
          <Text c="white" p="md">
            {messages.videoUnsupported}{' '}
            <Anchor href={videoUrl} c="white" td="underline">
              {messages.videoOpenElsewhere}
            </Anchor>
            .
          </Text>
        </video>
      </AspectRatio>
      {renditions.length > 0 && (
        <QualityControl
          value={preference ?? 'auto'}
          onChange={(value) => {
            storePreference(value);
            setPreference(value);
          }}
        />
      )}
    </Stack>
  );
}

/**
 * Plays `url` in `video` in place of what it plays, from the same second and, if it was playing,
 * playing on. The same element stays, so whoever follows it (watched progress) sees a pause, a
 * seek and a play, as when the person does them.
 */
function switchSource(video: HTMLVideoElement, url: string) {
  if (video.getAttribute('src') === url) return;
  const time = video.currentTime;
  const playing = !video.paused && !video.ended;
  video.setAttribute('src', url);
  if (time <= 0 && !playing) return;
  video.addEventListener(
    'loadedmetadata',
    () => {
      if (time > 0) video.currentTime = Math.min(time, Math.max(0, video.duration - 0.5));
      if (playing) void video.play().catch(() => undefined);
    },
    { once: true },
  );
}

const qualityLabels: Record<QualityPreference, string> = {
  auto: videoMessages.qualityAuto,
  saver: videoMessages.qualitySaver,
  high: videoMessages.qualityHigh,
};

/** 'Calidad: Automática / Ahorro de datos / Alta' (radio buttons: arrows move between them). */
function QualityControl({ value, onChange }: { value: QualityPreference; onChange: (value: QualityPreference) => void }) {
  const id = useId();
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <Text size="sm" fw={500} id={id}>
        {videoMessages.quality}
      </Text>
      <SegmentedControl
        size="xs"
        aria-labelledby={id}
        value={value}
        onChange={(chosen) => onChange(chosen as QualityPreference)}
        data={QUALITY_PREFERENCES.map((preference) => ({ value: preference, label: qualityLabels[preference] }))}
      />
    </Group>
  );
}

/**
 * A YouTube video can only play with signal (it cannot be downloaded): without connection it says
 * so in place of the player, rather than YouTube's frame showing the browser's offline page.
 * The player comes back with the signal.
 */
function YouTubeVideo(props: VideoPlayerProps & { youtubeId: string }) {
  const online = useOnline();
  if (online) return <YouTubePlayer {...props} />;
  return (
    <AspectRatio ratio={16 / 9} bg="dark.7" style={frame}>
      <Stack align="center" justify="center" gap="xs" p="md" role="status" data-testid="video-youtube-sin-conexion">
        <IconWifiOff size={32} color="white" aria-hidden />
        <Text c="white" fw={600} ta="center">
          {offlineMessages.youtubeOffline}
        </Text>
      </Stack>
    </AspectRatio>
  );
}

function YouTubePlayer({ youtubeId: id, title, startAt, onAdapter }: VideoPlayerProps & { youtubeId: string }) {
  const [untracked, setUntracked] = useState(false);
  const origin = useOrigin();
  // The frame, fixed at mount: a later position or title must not reload the video.
  const [frameHtml] = useState(() => youtubeFrameHtml(id, startAt, origin, title));
  const host = useRef<HTMLDivElement>(null);
  const report = useRef(onAdapter);
  report.current = onAdapter;
  // Where the frame starts, and where it should: a page shown from the browser's copy knew an
  // older position, and the fresh one comes a moment later.
  const start = useRef({ frame: startAt ?? 0, wanted: startAt ?? 0 });
  start.current.wanted = startAt ?? 0;
  const cueWanted = useRef<() => void>(() => undefined);

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
        let ready = false;
        // Not yet played (unstarted or cued): the frame starts again where the student left off.
        cueWanted.current = () => {
          const { frame: from, wanted } = start.current;
          if (!ready || Math.floor(from) === Math.floor(wanted)) return;
          const state = player.getPlayerState();
          if (state !== YT_STATE.UNSTARTED && state !== YT_STATE.CUED) return;
          start.current.frame = wanted;
          player.cueVideoById({ videoId: id, startSeconds: wanted > 1 ? Math.floor(wanted) : 0 });
        };
        const player = new YT.Player(frame, {
          events: {
            onReady: () => {
              ready = true;
              cueWanted.current();
              adapter?.ready();
            },
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
      cueWanted.current = () => undefined;
      destroy();
    };
  }, [frameHtml, id]);
  useEffect(() => cueWanted.current(), [startAt]);

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
