import { useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { Alert, Anchor, Box, Button, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useFullscreen } from '@mantine/hooks';
import { IconArrowLeft, IconClockPause, IconListCheck, IconMaximize, IconMinimize } from '@tabler/icons-react';
import { CODE_PERIOD_SECONDS } from '../../../shared/attendance-rules.ts';
import { timeOf } from '../../../shared/calendar.ts';
import { lessonMessages } from '../../../shared/messages.ts';
import type { LessonCode } from '../../../shared/schemas/lessons.ts';
import { LoadError } from '../../components/load-error.tsx';
import { paths } from '../../lib/paths.ts';
import { useLessonCode } from './api/use-lesson-code.ts';
import { QrCode } from './components/qr-code.tsx';
import { lessonDay, lessonHours } from './lesson-text.ts';

/** Seconds until the next code, counted down on this screen from the server's answer. */
function useSecondsLeft(secondsLeft: number, answeredAt: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, secondsLeft - Math.floor((now - answeredAt) / 1000));
}

/** The code to project: the QR code (the link with the code) and the 6 digits written out, for phones that cannot scan. */
function ShownCode({ data, answeredAt }: { data: LessonCode & { code: string; link: string }; answeredAt: number }) {
  const left = useSecondsLeft(data.secondsLeft, answeredAt);
  return (
    <Group align="center" justify="center" gap="xl" wrap="wrap">
      <Box style={{ width: 'min(62vh, 100%)', maxWidth: 520, minWidth: 220, flex: '0 1 auto' }}>
        <QrCode value={data.link} size="100%" label={`Código QR para marcar asistencia: ${data.code}`} />
      </Box>
      <Stack gap="md" align="center" style={{ flex: '1 1 300px' }}>
        <Text size="xl" fw={600}>
          Código
        </Text>
        <Text
          component="p"
          m={0}
          ff="monospace"
          fw={800}
          lh={1}
          style={{ fontSize: 'clamp(3.5rem, 8vw, 8rem)', letterSpacing: '0.06em', whiteSpace: 'nowrap' }}
          data-code={data.code}
          aria-label={`Código ${data.code.split('').join(' ')}`}
        >
          {data.code.slice(0, 3)}&nbsp;{data.code.slice(3)}
        </Text>
        <Stack gap={6} w="100%" maw={360}>
          <Progress
            value={(left / CODE_PERIOD_SECONDS) * 100}
            size="lg"
            radius="xl"
            aria-label="Tiempo hasta el próximo código"
            transitionDuration={250}
          />
          <Text ta="center" size="lg" c="gray.8">
            Nuevo código en {left} s
          </Text>
        </Stack>
        <Text ta="center" size="lg" maw={440}>
          Escaneá el código QR, o tocá <strong>Marcar asistencia</strong> en la página del curso y escribí el código.
        </Text>
      </Stack>
    </Group>
  );
}

/** The class does not take attendance now: when it will, or that it ended. */
function Closed({ data, courseId }: { data: LessonCode; courseId: string }) {
  const upcoming = data.lesson.phase === 'proxima';
  return (
    <Alert
      color={upcoming ? 'blue' : 'gray'}
      icon={<IconClockPause size={28} aria-hidden />}
      title={upcoming ? 'Todavía no' : 'La clase terminó'}
    >
      <Stack gap="sm">
        <Text size="lg">
          {upcoming
            ? `El código aparece a las ${timeOf(new Date(data.opensAt))} del ${lessonDay(data.lesson)}, 30 minutos antes de que empiece la clase, y sirve hasta que termina.`
            : `Terminó a las ${timeOf(new Date(data.closesAt))}: ya no se toma asistencia con código. Podés marcar a mano a quien falte en la lista de la clase.`}
        </Text>
        <Button
          component={Link}
          href={paths.adminLesson(courseId, data.lesson.id)}
          variant="light"
          leftSection={<IconListCheck size={16} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          Lista de la clase
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * 'Tomar asistencia', to project: a QR code that changes every 30 seconds with its 6 digits written
 * out, the countdown to the next one, and how many trainees are present so far.
 */
export function AttendanceCodePage() {
  const { courseId = '', lessonId = '' } = useParams<{ courseId: string; lessonId: string }>();
  const code = useLessonCode(lessonId);
  const { ref, toggle, fullscreen } = useFullscreen();

  if (code.isError && !code.data) {
    return (
      <LoadError
        error={code.error}
        backTo={paths.adminLessons(courseId)}
        backLabel="Volver a las clases"
        notFoundText="Esta clase no existe: puede que la hayan borrado."
        onRetry={() => void code.refetch()}
      />
    );
  }
  const data = code.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} href={paths.adminLesson(courseId, lessonId)} size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Lista de la clase
        </Group>
      </Anchor>
      <Paper ref={ref} withBorder radius="md" p={{ base: 'md', sm: 'xl' }} bg="white" style={{ overflow: 'auto' }}>
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={2}>
              <Title order={1} size="h2" tabIndex={-1}>
                Tomar asistencia
              </Title>
              {data && (
                <Text size="lg" c="gray.8">
                  Clase del {lessonDay(data.lesson)} · {lessonHours(data.lesson)}
                  {data.lesson.topic ? ` · ${data.lesson.topic}` : ''}
                </Text>
              )}
            </Stack>
            <Group gap="md" align="center">
              {data && (
                <Text fz={{ base: 'xl', sm: 28 }} fw={700} aria-live="polite">
                  {lessonMessages.presentOf(data.present, data.lesson.enrolled)}
                </Text>
              )}
              <Button
                variant="default"
                onClick={() => void toggle()}
                leftSection={fullscreen ? <IconMinimize size={16} aria-hidden /> : <IconMaximize size={16} aria-hidden />}
              >
                {fullscreen ? 'Salir de pantalla completa' : 'Pantalla completa'}
              </Button>
            </Group>
          </Group>
          {!data ? (
            <Skeleton h={420} />
          ) : data.code && data.link ? (
            <ShownCode data={{ ...data, code: data.code, link: data.link }} answeredAt={code.dataUpdatedAt} />
          ) : (
            <Closed data={data} courseId={courseId} />
          )}
          {code.isError && (
            <Alert color="red" role="alert">
              Sin conexión con el servidor: el código se va a actualizar cuando vuelva.
            </Alert>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
