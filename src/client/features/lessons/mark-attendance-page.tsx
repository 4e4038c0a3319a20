import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'wouter';
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { isAttended } from '../../../shared/attendance-rules.ts';
import { timeOf } from '../../../shared/calendar.ts';
import { lessonMessages } from '../../../shared/messages.ts';
import {
  attendanceCodeInputSchema,
  attendanceStatusLabels,
  type AttendanceStatus,
  type CurrentLesson,
} from '../../../shared/schemas/lessons.ts';
import { LoadError } from '../../components/load-error.tsx';
import { ApiError } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { useCurrentLesson } from './api/use-current-lesson.ts';
import { useSendCode } from './api/send-code.ts';
import { lessonDay } from './lesson-text.ts';

type Running = NonNullable<CurrentLesson['lesson']>;

const onlyDigits = (text: string) => text.replace(/\D/g, '').slice(0, 6);
/** The class as the trainee reads it: 'sábado, 28 de noviembre de 2026 · 09:00 a 13:00 · Club Atlético'. */
const classLine = (lesson: Running) =>
  [lessonDay(lesson), `${lesson.time} a ${timeOf(new Date(lesson.closesAt))}`, lesson.place].filter(Boolean).join(' · ');

/** 'Asistencia registrada', shown clearly: the trainee shows it to the instructor if asked. */
function Recorded({ status, lesson, courseId }: { status: AttendanceStatus; lesson: Running | null; courseId: string }) {
  return (
    <Paper withBorder radius="md" p="xl" bg="green.0" style={{ borderColor: 'var(--mantine-color-green-6)' }}>
      <Stack align="center" ta="center" gap="sm" role="status">
        <ThemeIcon size={72} radius="xl" color="green" aria-hidden>
          <IconCircleCheck size={48} />
        </ThemeIcon>
        <Title order={2} size="h2">
          {lessonMessages.attendanceRecorded}
        </Title>
        {lesson && <Text>Clase del {lessonDay(lesson)}</Text>}
        <Text fw={600}>
          {status === 'presente' ? 'Quedaste presente.' : `Tu instructor ya te había marcado: ${attendanceStatusLabels[status]}.`}
        </Text>
        <Button component={Link} href={paths.course(courseId)} variant="light" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          Volver al curso
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * 'Marcar asistencia': the trainee types the 6 digits shown at the class (or opens the QR code's
 * link, which fills them in) and taps 'Registrar'.
 */
export function MarkAttendancePage() {
  const { courseId = '' } = useParams<{ courseId: string }>();
  const [params] = useSearchParams();
  const current = useCurrentLesson(courseId);
  const send = useSendCode(courseId);
  const [code, setCode] = useState(() => onlyDigits(params.get('codigo') ?? ''));
  const [error, setError] = useState<string | null>(null);
  const [recorded, setRecorded] = useState<AttendanceStatus | null>(null);

  if (current.isError) {
    return (
      <LoadError
        error={current.error}
        backTo={paths.studentHome()}
        backLabel="Volver a mis cursos"
        studentOf="course"
        forbiddenText="Marcar asistencia es para los alumnos del curso."
        onRetry={() => void current.refetch()}
      />
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = attendanceCodeInputSchema.safeParse({ code });
    if (!parsed.success) return setError(lessonMessages.codeFormat);
    send.mutate(parsed.data.code, {
      onSuccess: (answer) => setRecorded(answer.status),
      onError: (failure) => setError(failure instanceof ApiError ? (failure.fields?.code ?? failure.message) : failure.message),
    });
  };

  const lesson = current.data?.lesson ?? null;
  const alreadyMarked = current.data?.status ?? null;
  const done = recorded ?? (alreadyMarked && isAttended(alreadyMarked) ? alreadyMarked : null);

  return (
    <Stack maw={480} mx="auto" gap="md">
      {/* Once marked, the confirmation has its own way back. */}
      {!done && (
        <Anchor component={Link} href={paths.course(courseId)} size="sm" style={{ alignSelf: 'flex-start' }}>
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            Volver al curso
          </Group>
        </Anchor>
      )}
      <Title order={1} size="h2" tabIndex={-1}>
        Marcar asistencia
      </Title>
      {current.isPending ? (
        <Skeleton h={24} w="80%" />
      ) : lesson ? (
        <Text>
          Clase de hoy: {classLine(lesson)}
          {lesson.topic ? ` · ${lesson.topic}` : ''}
        </Text>
      ) : (
        <Alert color="blue" icon={<IconInfoCircle size={20} aria-hidden />}>
          {lessonMessages.noLessonNow}
        </Alert>
      )}
      {done ? (
        <Recorded status={done} lesson={lesson} courseId={courseId} />
      ) : (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <TextInput
                label="Código"
                description="Los 6 números que se ven en la pantalla de la clase"
                value={code}
                onChange={(event) => (setCode(onlyDigits(event.currentTarget.value)), setError(null))}
                error={error}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={6}
                size="xl"
                styles={{ input: { fontFamily: 'monospace', fontSize: '2rem', letterSpacing: '0.3em', textAlign: 'center' } }}
                data-autofocus
                autoFocus={!code}
              />
              <Button type="submit" size="lg" fullWidth loading={send.isPending}>
                Registrar
              </Button>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}
