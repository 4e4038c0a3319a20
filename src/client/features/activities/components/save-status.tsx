import { Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconWifiOff } from '@tabler/icons-react';
import { messages } from '../../../../shared/messages.ts';
import type { SaveStatus } from '../use-autosave.ts';

const texts: Record<SaveStatus, string> = {
  'sin-cambios': '',
  guardado: 'Guardado',
  guardando: 'Guardando…',
  'sin-conexion': `Sin conexión. ${messages.savedOnPhone}`,
  error: 'No se pudo guardar. Recargá la página.',
};

/** Where the student's drafts stand, announced politely to screen readers. */
export function SaveStatusText({ status }: { status: SaveStatus }) {
  // The theme's darker light-variant text colours keep 4.5:1 on white.
  const color =
    status === 'guardado'
      ? 'var(--mantine-color-green-light-color)'
      : status === 'guardando'
        ? 'gray.7'
        : status === 'error'
          ? 'red.9'
          : 'var(--mantine-color-orange-light-color)';
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-live="polite" data-testid="estado-guardado">
      {status === 'guardado' && <IconCloudCheck size={18} color="var(--mantine-color-green-8)" aria-hidden style={{ flexShrink: 0 }} />}
      {status === 'guardando' && <Loader size={14} aria-hidden style={{ flexShrink: 0 }} />}
      {status === 'sin-conexion' && <IconWifiOff size={18} color="var(--mantine-color-orange-9)" aria-hidden style={{ flexShrink: 0 }} />}
      {status === 'error' && <IconAlertTriangle size={18} color="var(--mantine-color-red-8)" aria-hidden style={{ flexShrink: 0 }} />}
      <Text size="sm" c={color}>
        {texts[status]}
      </Text>
    </Group>
  );
}
