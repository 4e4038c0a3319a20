import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconMapSearch, IconWifiOff } from '@tabler/icons-react';
import { offlineMessages } from '../../shared/messages.ts';
import { ApiError } from '../lib/api.ts';
import { onReconnect } from '../lib/connectivity.ts';
import { useOnline } from '../lib/use-online.ts';

interface LoadErrorProps {
  error: unknown;
  /** Where the person can go instead, and what the link says. */
  backTo?: string;
  backLabel?: string;
  /** What a 403 means on this page, e.g. an admin on a page only students use. */
  forbiddenText?: string;
  /** What a 404 means on this page. */
  notFoundText?: string;
  /**
   * A student's page of a course or module: the server answers "not enabled for you" (never
   * enabled, blocked, archived) exactly like "does not exist", so the 404 says both.
   */
  studentOf?: 'course' | 'module';
  onRetry?: () => void;
}

const unavailable = {
  course: 'Este curso no existe o todavía no está habilitado para vos. Cuando tu instructor lo habilite, lo vas a ver en Mis cursos.',
  module:
    'Este módulo no existe o todavía no está habilitado para vos. Cuando tu instructor lo habilite, vas a poder abrirlo desde la lista de módulos.',
};

/** Asks again (`retry`) as soon as the connection is back. */
function useRetryOnReconnect(retry: (() => void) | undefined, waiting: boolean) {
  const latest = useRef(retry);
  useEffect(() => {
    latest.current = retry;
  });
  useEffect(() => {
    if (!waiting) return;
    return onReconnect(() => latest.current?.());
  }, [waiting]);
}

/**
 * A page that could not load, explained in Spanish with a way out (instead of a blank page).
 * Without connection, what the phone does not hold says so ('Sin conexión: esto no se
 * descargó…') and loads by itself when the signal is back.
 */
export function LoadError({ error, backTo, backLabel, forbiddenText, notFoundText, studentOf, onRetry }: LoadErrorProps) {
  const online = useOnline();
  const status = error instanceof ApiError ? error.status : 0;
  // No answer from the server (status 0) while the app is without connection: not downloaded.
  const unanswered = error instanceof ApiError && error.status === 0;
  const kind = status === 403 ? 'forbidden' : status === 404 ? 'notFound' : unanswered && !online ? 'offline' : 'failed';
  useRetryOnReconnect(onRetry, kind === 'offline');
  const Icon = kind === 'forbidden' ? IconLock : kind === 'notFound' ? IconMapSearch : kind === 'offline' ? IconWifiOff : IconAlertTriangle;
  const title =
    kind === 'forbidden'
      ? 'No tenés acceso'
      : kind === 'notFound'
        ? studentOf
          ? 'No está disponible'
          : 'No lo encontramos'
        : kind === 'offline'
          ? offlineMessages.notDownloadedTitle
          : 'No pudimos cargar esta página';
  const text =
    kind === 'forbidden'
      ? (forbiddenText ?? 'No tenés permiso para ver esta página.')
      : kind === 'notFound'
        ? (notFoundText ?? (studentOf ? unavailable[studentOf] : 'Puede que ya no exista o que la dirección esté mal.'))
        : kind === 'offline'
          ? offlineMessages.notDownloaded
          : error instanceof Error
            ? error.message
            : 'Ocurrió un error inesperado. Intentá de nuevo en unos minutos.';

  return (
    <Stack align="center" ta="center" py="xl" gap="sm" maw={480} mx="auto">
      <ThemeIcon size={56} radius="xl" variant="light" color={kind === 'failed' ? 'red' : kind === 'offline' ? 'gray' : 'blue'} aria-hidden>
        <Icon size={30} />
      </ThemeIcon>
      <Title order={1} size="h3">
        {title}
      </Title>
      <Text c="gray.7">{text}</Text>
      <Group justify="center" mt="xs">
        {(kind === 'failed' || kind === 'offline') && onRetry && (
          <Button variant="default" onClick={onRetry}>
            Reintentar
          </Button>
        )}
        {backTo && (
          <Button component={Link} href={backTo}>
            {backLabel ?? 'Volver'}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
