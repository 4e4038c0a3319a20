import { useEffect, useImperativeHandle, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { ActionIcon, AspectRatio, Box, Button, Group, NativeSelect, Slider, Stack, Switch, Text, Tooltip } from '@mantine/core';
import {
  IconMaximize,
  IconMessagePlus,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconRewindBackward5,
  IconRewindForward5,
} from '@tabler/icons-react';
import { matchReviewMessages as m } from '../../../../shared/messages.ts';
import { clockText, type CommentVerdict } from '../../../../shared/schemas/match-comments.ts';
import { storeDataSaver, storedDataSaver, useHls } from './use-hls.ts';
import classes from './match-player.module.css';

/** What the page asks of the player: a comment chosen in the list plays from just before it. */
export interface PlayerControl {
  playFrom(seconds: number): void;
  currentTime(): number;
}

export interface TimelineMark {
  id: string;
  atSeconds: number;
  label: string;
  verdict: CommentVerdict;
}

interface MatchPlayerProps {
  streamUrl: string;
  /** The original, for a browser that plays no HLS at all. */
  originalUrl: string | null;
  posterUrl: string | null;
  title: string;
  /** The match's length before the player knows it (for the marks on the timeline). */
  durationHint: number | null;
  /** One frame, in seconds (',' and '.' when paused). */
  frameSeconds: number;
  marks: TimelineMark[];
  onMark: (id: string) => void;
  /** 'Comentar aquí': the player pauses and gives its second; absent for who may not comment. */
  onCommentHere?: (seconds: number) => void;
  control: RefObject<PlayerControl | null>;
}

const SPEEDS = ['0.25', '0.5', '0.75', '1', '1.25', '1.5', '2'];
const STEP_SECONDS = 5;

/** What the keys do, where the focus is not on a field, a slider or a button that takes the key itself. */
function takesKey(event: KeyboardEvent<HTMLElement>): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey) return false;
  const target = event.target as HTMLElement;
  if (target.closest('input, textarea, select, [role="slider"], [contenteditable="true"]')) return false;
  return !(event.key === ' ' && target.closest('button, a, [role="button"]'));
}

/** The element's time and state, as React state (the timeline and the buttons follow it). */
function usePlayback(video: RefObject<HTMLVideoElement | null>) {
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [paused, setPaused] = useState(true);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const update = () => {
      setTime(element.currentTime);
      setDuration(Number.isFinite(element.duration) ? element.duration : 0);
      setPaused(element.paused);
    };
    const events = ['timeupdate', 'durationchange', 'loadedmetadata', 'play', 'pause', 'seeked', 'ended'];
    for (const name of events) element.addEventListener(name, update);
    return () => events.forEach((name) => element.removeEventListener(name, update));
  }, [video]);
  return { time, duration, paused };
}

/**
 * The match's player: the HLS ladder (use-hls.ts), the keys a reviewer expects (space, ← → 5 s,
 * ',' '.' frame by frame when paused), speeds 0.25×–2×, 'Ahorro de datos', the timeline with a
 * mark at each comment, and 'Comentar aquí' at the current second.
 */
export function MatchPlayer(props: MatchPlayerProps) {
  const { streamUrl, posterUrl, title, frameSeconds, marks, onMark, onCommentHere, control } = props;
  const video = useRef<HTMLVideoElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [dataSaver, setDataSaver] = useState(false);
  useEffect(() => setDataSaver(storedDataSaver()), []);
  const { failed } = useHls(video, streamUrl, dataSaver, props.originalUrl);
  const { time, duration, paused } = usePlayback(video);
  const length = duration || props.durationHint || 0;

  const seek = (seconds: number) => {
    const element = video.current;
    if (!element) return;
    element.currentTime = Math.min(Math.max(0, seconds), length || seconds);
  };
  const toggle = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => undefined);
    else element.pause();
  };
  useImperativeHandle(control, () => ({
    playFrom(seconds) {
      seek(seconds);
      void video.current?.play().catch(() => undefined);
      frame.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    },
    currentTime: () => video.current?.currentTime ?? 0,
  }));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!takesKey(event)) return;
    const element = video.current;
    if (!element) return;
    const actions: Record<string, () => void> = {
      ' ': toggle,
      ArrowLeft: () => seek(element.currentTime - STEP_SECONDS),
      ArrowRight: () => seek(element.currentTime + STEP_SECONDS),
      ',': () => element.paused && seek(element.currentTime - frameSeconds),
      '.': () => element.paused && seek(element.currentTime + frameSeconds),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };
  const commentHere = () => {
    video.current?.pause();
    onCommentHere?.(video.current?.currentTime ?? 0);
  };

  return (
    <Stack gap="xs" ref={frame} className={classes.player} tabIndex={0} role="group" aria-label={`Video: ${title}`} onKeyDown={onKeyDown}>
      <AspectRatio ratio={16 / 9} className={classes.screen}>
        <video ref={video} poster={posterUrl ?? undefined} preload="metadata" playsInline onClick={toggle} aria-label={title} />
      </AspectRatio>
      {failed && (
        <Text c="red.8" size="sm" role="alert">
          {m.playerFailed}
        </Text>
      )}
      <Timeline time={time} length={length} marks={marks} onSeek={seek} onMark={onMark} />
      <Controls
        paused={paused}
        time={time}
        length={length}
        onToggle={toggle}
        onSeek={seek}
        onSpeed={(rate) => {
          if (video.current) video.current.playbackRate = rate;
        }}
        onFullscreen={() => void frame.current?.requestFullscreen?.()}
        dataSaver={dataSaver}
        onDataSaver={(on) => {
          setDataSaver(on);
          storeDataSaver(on);
        }}
        onCommentHere={onCommentHere ? commentHere : undefined}
      />
      <Text size="xs" c="dimmed" visibleFrom="sm">
        {m.keysHint}
      </Text>
    </Stack>
  );
}

interface ControlsProps {
  paused: boolean;
  time: number;
  length: number;
  onToggle: () => void;
  onSeek: (seconds: number) => void;
  onSpeed: (rate: number) => void;
  onFullscreen: () => void;
  dataSaver: boolean;
  onDataSaver: (on: boolean) => void;
  onCommentHere: (() => void) | undefined;
}

/** Play, 5 s back and ahead, the clock, the speed, full screen; 'Ahorro de datos' and 'Comentar aquí'. */
function Controls(props: ControlsProps) {
  const { paused, time, length, onToggle, onSeek } = props;
  const [speed, setSpeed] = useState('1');
  return (
    <>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="filled" size="lg" onClick={onToggle} aria-label={paused ? m.play : m.pause}>
            {paused ? <IconPlayerPlayFilled size={18} /> : <IconPlayerPauseFilled size={18} />}
          </ActionIcon>
          <ActionIcon variant="default" size="lg" onClick={() => onSeek(time - STEP_SECONDS)} aria-label={m.back5}>
            <IconRewindBackward5 size={18} />
          </ActionIcon>
          <ActionIcon variant="default" size="lg" onClick={() => onSeek(time + STEP_SECONDS)} aria-label={m.forward5}>
            <IconRewindForward5 size={18} />
          </ActionIcon>
          <Text size="sm" ml={4} className={classes.clock}>
            {clockText(time)} / {clockText(length)}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <NativeSelect
            size="xs"
            aria-label={m.speed}
            data={SPEEDS.map((value) => ({ value, label: `${value.replace('.', ',')}×` }))}
            value={speed}
            onChange={(event) => {
              setSpeed(event.currentTarget.value);
              props.onSpeed(Number(event.currentTarget.value));
            }}
          />
          <Tooltip label="Pantalla completa">
            <ActionIcon variant="default" size="lg" aria-label="Pantalla completa" onClick={props.onFullscreen}>
              <IconMaximize size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Switch
          label={m.dataSaver}
          description={m.dataSaverHint}
          checked={props.dataSaver}
          onChange={(event) => props.onDataSaver(event.currentTarget.checked)}
        />
        {props.onCommentHere && (
          <Button leftSection={<IconMessagePlus size={18} />} onClick={props.onCommentHere}>
            {m.commentHere}
          </Button>
        )}
      </Group>
    </>
  );
}

/** The position (a slider the keyboard moves too) and, above it, a mark at each comment's second. */
function Timeline(props: {
  time: number;
  length: number;
  marks: TimelineMark[];
  onSeek: (s: number) => void;
  onMark: (id: string) => void;
}) {
  const { time, length, marks, onSeek, onMark } = props;
  return (
    <Box className={classes.timeline}>
      <div className={classes.marks} role="group" aria-label={m.timeline}>
        {length > 0 &&
          marks.map((mark) => (
            <button
              key={mark.id}
              type="button"
              className={classes.mark}
              data-verdict={mark.verdict}
              style={{ left: `${Math.min(100, (mark.atSeconds / length) * 100)}%` }}
              aria-label={mark.label}
              title={mark.label}
              onClick={() => onMark(mark.id)}
            />
          ))}
      </div>
      <Slider
        size="sm"
        thumbSize={24}
        min={0}
        max={Math.max(length, 1)}
        step={1}
        value={Math.min(time, Math.max(length, 1))}
        onChange={onSeek}
        label={(value) => clockText(value)}
        thumbLabel={m.timeline}
      />
    </Box>
  );
}
