import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconPlayerPlay, IconSend, IconVolume, IconWifiOff } from '@tabler/icons-react';
import { ANSWER_GRACE_SECONDS, type ClipStage } from '../../../../shared/exam-rules.ts';
import { examMessages, messages } from '../../../../shared/messages.ts';
import type { AttemptClip } from '../../../../shared/schemas/exams.ts';
import type { JugadaOptions } from '../../../../shared/schemas/jugadas.ts';
import { ApiError } from '../../../lib/api.ts';
import { toTenth } from '../../../lib/seconds.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { MomentMarker } from '../../../components/moment-marker.tsx';
import { OptionChoice } from '../../../components/option-choice.tsx';
import { useSubmitAttempt, type TimedAttempt } from '../api/attempts.ts';
import { TimerLine } from './countdown.tsx';
import { clipFileUrl, localTimes, sendClipAnswer, startViewing, timedClip, type TimedClip } from '../api/clips.ts';

/** The monotonic clock, read a few times a second: the phases and the countdown follow it. */
function useNow(): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 200);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Where the clip stands on this phone's clock (the server's word, counted from when it arrived). */
function phaseOf(timed: TimedClip, now: number): ClipStage {
  if (timed.clip.stage === 'respondida') return 'respondida';
  const times = localTimes(timed);
  if (!times) return 'sin-ver';
  if (now < times.viewEndsAt) return 'viendo';
  return now <= times.windowEndsAt ? 'respondiendo' : 'vencida';
}

const isDone = (phase: ClipStage) => phase === 'respondida' || phase === 'vencida';

interface VideoAttemptRunnerProps {
  examId: string;
  timed: TimedAttempt;
  /** Every clip is done: the attempt is read again (graded). */
  onFinished: () => void;
}

/**
 * A video exam in progress: one clip at a time, in this trainee's order. Each clip plays at
 * normal speed, its segment only, without controls, as many times as the exam allows ('Ver'); the
 * call is given in the window after the last viewing; when the window closes the exam moves on.
 * The clip's file comes only inside a viewing: the player asks for it at 'Ver', streamed.
 */
export function VideoAttemptRunner({ examId, timed, onFinished }: VideoAttemptRunnerProps) {
  const { attempt } = timed;
  const [clips, setClips] = useState<TimedClip[]>(() => attempt.clips.map((clip) => timedClip(clip, timed.sentAt)));
  const [notice, setNotice] = useState('');
  const now = useNow();
  const current = clips.find((clip) => !isDone(phaseOf(clip, now))) ?? null;
  const position = current?.clip.position ?? null;
  const update = useCallback((next: TimedClip) => {
    setClips((list) => list.map((clip) => (clip.clip.position === next.clip.position ? next : clip)));
  }, []);

  // A window that closed unanswered is said once; then the next clip takes the screen.
  const announced = useRef(new Set<number>());
  useEffect(() => {
    for (const clip of clips) {
      if (phaseOf(clip, now) !== 'vencida' || announced.current.has(clip.clip.position)) continue;
      announced.current.add(clip.clip.position);
      if (clip.clip.stage !== 'vencida')
        setNotice(`${examMessages.clipOf(clip.clip.position + 1, clips.length)}: ${examMessages.answerWindowClosed}`);
    }
  }, [clips, now]);

  const handIn = useSubmitAttempt(examId);
  const handedIn = useRef(false);
  useEffect(() => {
    if (position !== null || handedIn.current) return;
    handedIn.current = true;
    // The last answer handed it in already (or the clock did): read it as it is.
    handIn.mutate(attempt.id, { onSettled: onFinished });
  }, [position, attempt.id, handIn, onFinished]);

  return (
    <Stack gap="md">
      <PageTitle>{attempt.title}</PageTitle>
      <Text c="gray.7">
        {examMessages.videoSummary(
          attempt.clips.length,
          attempt.viewsPerClip,
          attempt.answerSeconds,
          attempt.passPercent,
          attempt.number,
          attempt.attempts,
        )}
      </Text>
      <Text role="status" aria-live="polite" c="orange.9" fw={600}>
        {notice}
      </Text>
      {current ? (
        <ClipStep
          key={current.clip.position}
          attemptId={attempt.id}
          timed={current}
          total={clips.length}
          viewsPerClip={attempt.viewsPerClip}
          options={attempt.jugadaOptions ?? { decisions: [], sanctions: [] }}
          now={now}
          onUpdate={update}
          onNotice={setNotice}
        />
      ) : (
        <Alert color="blue" role="status">
          Entregando tu examen…
        </Alert>
      )}
    </Stack>
  );
}

interface ClipStepProps {
  attemptId: string;
  timed: TimedClip;
  total: number;
  viewsPerClip: number;
  options: JugadaOptions;
  now: number;
  onUpdate: (clip: TimedClip) => void;
  onNotice: (text: string) => void;
}

/** The <video> of a clip: its segment, at normal speed, stopped at its end; no controls to pause, seek or change speed. */
function useSegmentPlayer(clip: AttemptClip) {
  const video = useRef<HTMLVideoElement>(null);
  const frame = useRef<number | null>(null);
  const [muted, setMuted] = useState(false);
  /** Paused where it stands: the clip's end shows until the viewing is over. */
  const halt = useCallback(() => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    video.current?.pause();
  }, []);
  /** The viewing is over: the file is let go, the player asks for nothing more. */
  const stop = useCallback(() => {
    halt();
    const element = video.current;
    if (element?.getAttribute('src')) {
      element.removeAttribute('src');
      element.load();
    }
  }, [halt]);
  const watch = useCallback(() => {
    const element = video.current;
    if (!element) return;
    if (element.currentTime >= clip.endSeconds || element.ended) return halt();
    frame.current = requestAnimationFrame(watch);
  }, [clip.endSeconds, halt]);
  /**
   * Plays `url` from `from` (seconds into the file): the segment's start, or where a viewing stands
   * after a reload or a lost connection. A phone that plays sound only from a tap plays it muted,
   * with 'Activar sonido'.
   */
  const play = useCallback(
    async (url: string, from: number) => {
      const element = video.current;
      if (!element) return false;
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      element.src = url;
      element.playbackRate = 1;
      // Before the file's first bytes this is where playing starts.
      element.currentTime = from;
      try {
        await element.play();
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'NotAllowedError')) return false;
        element.muted = true;
        setMuted(true);
        try {
          await element.play();
        } catch {
          return false;
        }
      }
      frame.current = requestAnimationFrame(watch);
      return true;
    },
    [watch],
  );
  const unmute = useCallback(() => {
    if (video.current) video.current.muted = false;
    setMuted(false);
  }, []);
  useEffect(() => stop, [stop]);
  return { video, play, stop, muted, unmute };
}

type Errors = { decision?: string; sanction?: string; form?: string };

/** The call being chosen and 'Responder': sent again while there is no signal, until the window and its grace close. */
function useClipAnswer(attemptId: string, timed: TimedClip, onUpdate: (clip: TimedClip) => void, onNotice: (text: string) => void) {
  const { clip } = timed;
  const [decisionId, setDecisionId] = useState<string | null>(clip.answer?.decisionId ?? null);
  const [sanctionId, setSanctionId] = useState<string | null>(clip.answer?.sanctionId ?? null);
  const [moment, setMoment] = useState<number | null>(clip.answer?.moment ?? null);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [offline, setOffline] = useState(false);

  const answer = async () => {
    if (sending) return;
    const missing = {
      decision: decisionId ? undefined : messages.jugadaChooseDecision,
      sanction: sanctionId ? undefined : messages.jugadaChooseSanction,
    };
    setErrors(missing);
    if (!decisionId || !sanctionId) return;
    setSending(true);
    const until = (localTimes(timed)?.windowEndsAt ?? 0) + ANSWER_GRACE_SECONDS * 1000;
    for (;;) {
      try {
        const response = await sendClipAnswer(attemptId, clip.position, { decisionId, sanctionId, moment });
        setOffline(false);
        onNotice('');
        onUpdate(timedClip(response.clip));
        return;
      } catch (error) {
        const networkDown = error instanceof ApiError && error.status === 0;
        if (networkDown && performance.now() < until) {
          setOffline(true);
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          continue;
        }
        setSending(false);
        setOffline(false);
        setErrors({ form: error instanceof ApiError ? error.message : messages.internal });
        return;
      }
    }
  };

  return { decisionId, setDecisionId, sanctionId, setSanctionId, moment, setMoment, errors, setErrors, sending, offline, answer };
}

/**
 * 'Ver': the server counts the viewing, then the player streams the clip's file, which the server
 * sends only while that viewing lasts. A reload in the middle of one, or a file that stopped
 * arriving, goes on where the viewing stands by the server's clock.
 */
function useClipViewing(attemptId: string, timed: TimedClip, phase: ClipStage, onUpdate: (clip: TimedClip) => void) {
  const { clip } = timed;
  const player = useSegmentPlayer(clip);
  const [viewing, setViewing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The player waits for the file (its first bytes, or more on a weak signal).
  const [loading, setLoading] = useState(false);
  const [lost, setLost] = useState(false);
  const times = localTimes(timed);

  // The file stopped arriving mid-viewing: tried again a second later, from where the viewing stands.
  const lostRef = useRef(false);
  const retryTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(retryTimer.current), []);

  // Leaving the viewing (its end on the server's clock) stops the video even if a frame was missed.
  const { stop, play } = player;
  const wasViewing = useRef(false);
  useEffect(() => {
    if (phase === 'viendo') wasViewing.current = true;
    else if (wasViewing.current) {
      wasViewing.current = false;
      clearTimeout(retryTimer.current);
      lostRef.current = false;
      stop();
      setLoading(false);
      setLost(false);
    }
  }, [phase, stop]);

  // A viewing under way with nothing playing: taken up where it stands (a reload, or the file lost a
  // moment ago), as if the clip ended with the viewing; from its start while there is time for all of it.
  const playing = useRef(false);
  const [retry, setRetry] = useState(0);
  useEffect(() => {
    if (playing.current || phase !== 'viendo' || viewing || !times) return;
    playing.current = true;
    const from = Math.max(clip.startSeconds, clip.endSeconds - Math.max(0, times.viewEndsAt - performance.now()) / 1000);
    void play(clipFileUrl(attemptId, clip.position, clip.views), from);
  }, [phase, viewing, times, clip.startSeconds, clip.endSeconds, clip.position, clip.views, attemptId, play, retry]);

  const canView = (viewsPerClip: number) => clip.views < viewsPerClip && (phase === 'sin-ver' || phase === 'respondiendo') && !viewing;

  const view = async () => {
    setViewing(true);
    setError(null);
    try {
      // The server's clock starts as the request arrives; the file is sent from then on.
      const response = await startViewing(attemptId, clip.position);
      onUpdate(timedClip(response.clip));
      playing.current = true;
      setLoading(true);
      const started = await play(clipFileUrl(attemptId, clip.position, response.clip.views), clip.startSeconds);
      if (!started && !lostRef.current) setError('El video no se pudo reproducir en este teléfono. Respondé con lo que viste.');
    } catch (failure) {
      player.stop();
      setError(failure instanceof ApiError ? failure.message : messages.internal);
    } finally {
      setViewing(false);
    }
  };

  const events = {
    onWaiting: () => setLoading(true),
    onPlaying: () => {
      setLoading(false);
      setLost(false);
      lostRef.current = false;
    },
    onError: () => {
      if (!wasViewing.current) return;
      lostRef.current = true;
      setLost(true);
      clearTimeout(retryTimer.current);
      retryTimer.current = setTimeout(() => {
        playing.current = false;
        setRetry((n) => n + 1);
      }, 1_000);
    },
  };

  /** 'Marcar el momento': where the video stands, to a tenth. */
  const momentNow = () => {
    const element = player.video.current;
    return element && phase === 'viendo' ? toTenth(element.currentTime) : null;
  };

  return { player, viewing, error, loading, lost, events, canView, view, momentNow };
}

/** One clip: 'Ver', the viewing, 'Marcar el momento', the call and 'Responder' within the window. */
function ClipStep({ attemptId, timed, total, viewsPerClip, options, now, onUpdate, onNotice }: ClipStepProps) {
  const { clip } = timed;
  const phase = phaseOf(timed, now);
  const times = localTimes(timed);
  const viewing = useClipViewing(attemptId, timed, phase, onUpdate);
  const call = useClipAnswer(attemptId, timed, onUpdate, onNotice);
  const { errors, sending } = call;
  const viewsLeft = viewsPerClip - clip.views;
  const canView = viewing.canView(viewsPerClip);
  const formError = errors.form ?? viewing.error;
  const mark = () => {
    const at = viewing.momentNow();
    if (at !== null) call.setMoment(at);
  };

  const answering = phase === 'viendo' || phase === 'respondiendo';
  const left = times ? Math.max(0, Math.ceil((times.windowEndsAt - now) / 1000)) : null;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="jugada-examen-titulo">
      <Stack gap="md">
        <ClipHeading clip={clip} total={total} viewsPerClip={viewsPerClip} />
        <ClipScreen
          player={viewing.player}
          events={viewing.events}
          phase={viewing.viewing ? 'viendo' : phase}
          loading={viewing.viewing || viewing.loading}
          lost={viewing.lost}
          viewsLeft={viewsLeft}
          position={clip.position}
        />
        {viewsLeft > 0 && phase !== 'viendo' && (
          <Button
            size="md"
            leftSection={<IconPlayerPlay size={18} aria-hidden />}
            onClick={() => void (canView && viewing.view())}
            disabled={!canView}
            loading={viewing.viewing}
            style={{ alignSelf: 'flex-start' }}
          >
            {clip.views === 0 ? 'Ver' : 'Ver de nuevo'}
          </Button>
        )}
        {clip.hasMoment && answering && (
          <Stack gap={4}>
            <MomentMarker moment={call.moment} onMark={mark} onChange={call.setMoment} disabled={sending} />
            <Text size="sm" c="gray.7">
              Marcá el momento de la infracción mientras la jugada se reproduce.
            </Text>
          </Stack>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <OptionChoice
            label="Decisión"
            choices={options.decisions}
            value={call.decisionId}
            onChange={call.setDecisionId}
            error={errors.decision}
            disabled={!answering || sending}
          />
          <OptionChoice
            label="Sanción"
            choices={options.sanctions}
            value={call.sanctionId}
            onChange={call.setSanctionId}
            error={errors.sanction}
            disabled={!answering || sending}
          />
        </SimpleGrid>
        {call.offline && (
          <Alert color="orange" icon={<IconWifiOff size={18} aria-hidden />} role="status">
            {examMessages.offlineAnswers}
          </Alert>
        )}
        {formError && (
          <Text c="red.8" role="alert">
            {formError}
          </Text>
        )}
        {/* Kept in sight below the long lists: the time left and the button to answer. */}
        <Group justify="space-between" wrap="wrap" gap="xs" py="xs" style={stickyBar}>
          {phase === 'respondiendo' && times ? (
            <WindowCountdown left={left ?? 0} seconds={Math.round((times.windowEndsAt - times.viewEndsAt) / 1000)} />
          ) : (
            <span />
          )}
          <Button
            size="md"
            leftSection={<IconSend size={18} aria-hidden />}
            onClick={() => void call.answer()}
            loading={sending}
            disabled={!answering}
            // Kept right, also on a line of its own: off the options' radio buttons the bar passes over.
            ml="auto"
          >
            Responder
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** 'Jugada 3 de 20', its prompt and 'Vistas: 1 de 1'; the heading takes the focus as the clip comes on screen. */
function ClipHeading({ clip, total, viewsPerClip }: { clip: AttemptClip; total: number; viewsPerClip: number }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
      <div>
        <Title order={2} size="h3" id="jugada-examen-titulo" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {examMessages.clipOf(clip.position + 1, total)}
        </Title>
        <Text size="lg" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {clip.prompt}
        </Text>
      </div>
      <Badge variant="light" color="gray" size="lg">
        {examMessages.viewsOf(clip.views, viewsPerClip)}
      </Badge>
    </Group>
  );
}

// Above the app's footer: without signal its banner takes the bottom of the screen, and the bar
// (with 'Responder') would slide under it.
const stickyBar = {
  position: 'sticky',
  bottom: 'var(--app-shell-footer-offset, 0rem)',
  background: 'var(--mantine-color-body)',
  borderTop: '1px solid var(--mantine-color-gray-3)',
  zIndex: 1,
} as const;

/** 'Respondé: quedan 8 s', ticking; a screen reader hears the window's length once, when it opens. */
function WindowCountdown({ left, seconds }: { left: number; seconds: number }) {
  return (
    <>
      <TimerLine text={examMessages.answerNow(left)} urgent={left <= 3} />
      <VisuallyHidden role="status" aria-live="polite">
        {examMessages.answerNow(seconds)}
      </VisuallyHidden>
    </>
  );
}

interface ClipScreenProps {
  player: ReturnType<typeof useSegmentPlayer>;
  events: Pick<React.VideoHTMLAttributes<HTMLVideoElement>, 'onWaiting' | 'onPlaying' | 'onError'>;
  phase: ClipStage;
  /** 'Ver' sent, or the player waiting for the file. */
  loading: boolean;
  /** The file stopped arriving: tried again by itself. */
  lost: boolean;
  viewsLeft: number;
  position: number;
}

/** The clip's screen: the video while a viewing plays (waiting for its file said over it), a text before and after. */
function ClipScreen({ player, events, phase, loading, lost, viewsLeft, position }: ClipScreenProps) {
  const viewing = phase === 'viendo';
  const text = viewing
    ? null
    : phase === 'sin-ver'
      ? 'Tocá «Ver» para reproducir la jugada.'
      : phase === 'respondiendo'
        ? viewsLeft > 0
          ? 'Tocá «Ver de nuevo» para verla otra vez.'
          : 'Respondé con lo que viste.'
        : '';
  return (
    <Stack gap={6}>
      <div style={{ position: 'relative', aspectRatio: '16 / 9', background: 'black', borderRadius: 8, overflow: 'hidden' }}>
        <video
          ref={player.video}
          playsInline
          preload="auto"
          disablePictureInPicture
          controlsList="nodownload noplaybackrate noremoteplayback"
          tabIndex={-1}
          aria-label={`Video de la jugada ${position + 1}`}
          onContextMenu={(event) => event.preventDefault()}
          onRateChange={(event) => {
            if (event.currentTarget.playbackRate !== 1) event.currentTarget.playbackRate = 1;
          }}
          {...events}
          style={{ width: '100%', height: '100%', display: 'block', visibility: viewing ? 'visible' : 'hidden' }}
        />
        {text !== null && (
          <Text c="white" ta="center" px="md" style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
            {text}
          </Text>
        )}
        {viewing && (loading || lost) && (
          <Group gap="xs" justify="center" style={{ position: 'absolute', inset: 0, background: 'rgba(0, 0, 0, 0.55)' }}>
            <Loader size="sm" color="white" aria-hidden />
            <Text c="white" role="status">
              {lost ? examMessages.clipNotLoaded : examMessages.loadingClip}
            </Text>
          </Group>
        )}
      </div>
      {viewing && player.muted && (
        <Button
          variant="light"
          size="xs"
          leftSection={<IconVolume size={16} aria-hidden />}
          onClick={player.unmute}
          style={{ alignSelf: 'flex-start' }}
        >
          Activar sonido
        </Button>
      )}
    </Stack>
  );
}
