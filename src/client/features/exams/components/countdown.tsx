import { useEffect, useRef, useState } from 'react';
import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconAlarm, IconClock } from '@tabler/icons-react';
import { examMessages } from '../../../../shared/messages.ts';

const secondsLeft = (deadlineAt: number) => Math.max(0, Math.ceil((deadlineAt - performance.now()) / 1000));

/**
 * The seconds left until `deadlineAt`, a moment on the monotonic clock (performance.now()): it
 * runs on even if the phone's date and time are changed, and catches up after the phone slept.
 */
export function useCountdown(deadlineAt: number): number {
  const [left, setLeft] = useState(() => secondsLeft(deadlineAt));
  useEffect(() => {
    const tick = () => setLeft(secondsLeft(deadlineAt));
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [deadlineAt]);
  return left;
}

/** What a screen reader hears: once per minute, 'Queda 1 minuto' for the last one, and when time is up. */
function useMinuteAnnouncement(left: number): string {
  const minute = Math.ceil(left / 60);
  const last = useRef(minute);
  const [text, setText] = useState('');
  useEffect(() => {
    if (minute >= last.current) return;
    last.current = minute;
    setText(minute === 0 ? examMessages.timeUp : minute === 1 ? examMessages.oneMinuteLeft : examMessages.timeLeft(minute * 60));
  }, [minute]);
  return text;
}

/** The time left as one line: a clock (an alarm when `urgent`) and the text, in red when urgent. */
export function TimerLine({ text, urgent }: { text: string; urgent: boolean }) {
  const Icon = urgent ? IconAlarm : IconClock;
  return (
    <Group gap={6} wrap="nowrap">
      <Icon size={20} aria-hidden color={urgent ? 'var(--mantine-color-red-9)' : undefined} />
      <Text role="timer" fw={700} size="lg" c={urgent ? 'red.9' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {text}
      </Text>
    </Group>
  );
}

/** 'Quedan 12:34', ticking every second but announced only at minute boundaries (a live region per second would drown the question). */
export function Countdown({ left }: { left: number }) {
  const announcement = useMinuteAnnouncement(left);
  return (
    <>
      <TimerLine text={examMessages.timeLeft(left)} urgent={left <= 60} />
      <VisuallyHidden role="status" aria-live="polite" aria-atomic>
        {announcement}
      </VisuallyHidden>
    </>
  );
}
