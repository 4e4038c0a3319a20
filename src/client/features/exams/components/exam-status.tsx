import { Alert } from '@mantine/core';
import { IconClockPause, IconLock } from '@tabler/icons-react';
import { examMessages } from '../../../../shared/messages.ts';
import type { StudentExam } from '../../../../shared/schemas/exams.ts';

/** Why no attempt can start now, in the server's own words; null when one can (or one is open). */
export function statusText(exam: StudentExam): string | null {
  switch (exam.status) {
    case 'sin-intentos':
      return examMessages.noAttemptsLeft;
    case 'esperar':
      return exam.nextAttemptAt ? examMessages.tryAgainOn(exam.nextAttemptAt) : null;
    case 'no-abierto':
      return exam.opensAt ? examMessages.examNotOpenYet(exam.opensAt) : null;
    case 'cerrado':
      return examMessages.examClosed;
    default:
      return null;
  }
}

/** The notice in place of 'Comenzar examen': no attempts left, the wait, not open yet, closed. */
export function ExamStatusNotice({ exam }: { exam: StudentExam }) {
  const text = statusText(exam);
  if (!text) return null;
  const waiting = exam.status === 'esperar' || exam.status === 'no-abierto';
  return (
    <Alert
      color={waiting ? 'blue' : 'gray'}
      icon={waiting ? <IconClockPause aria-hidden /> : <IconLock aria-hidden />}
      data-testid="estado-examen"
    >
      {text}
    </Alert>
  );
}

/** The attempt a new start would be: the open one, or the next (never past the last). */
export function attemptNumber(exam: StudentExam): number {
  if (exam.status === 'en-curso') return Math.max(1, exam.attemptsUsed);
  return Math.min(exam.attemptsUsed + 1, exam.attempts);
}
