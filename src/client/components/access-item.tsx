import type { ReactNode } from 'react';
import { Badge, Button, Flex, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { CoverImage } from './cover-image.tsx';

interface AccessItemProps {
  name: string;
  imageUrl: string;
  /** What the item is, for screen readers: 'el curso', 'el módulo'. */
  kind: string;
  /** A short line above the name, e.g. 'Módulo 2'. */
  overline?: string;
  enabled: boolean;
  /** The toggle is in flight: its button shows a spinner and ignores clicks. */
  pending: boolean;
  onToggle: () => void;
  /** Links shown beside the toggle, e.g. 'Ver módulos'. */
  children?: ReactNode;
}

/** One course or module of a user, with its state and the 'Habilitar' / 'Bloquear' toggle. */
export function AccessItem({ name, imageUrl, kind, overline, enabled, pending, onToggle, children }: AccessItemProps) {
  const label = pending ? 'Guardando…' : enabled ? 'Bloquear' : 'Habilitar';
  return (
    <Paper withBorder radius="md" p="sm">
      <Flex direction={{ base: 'column', sm: 'row' }} gap="sm" align={{ base: 'stretch', sm: 'center' }} justify="space-between">
        <Group wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
          <CoverImage src={imageUrl} w={72} h={48} radius="sm" style={{ flexShrink: 0 }} />
          <Stack gap={4} align="flex-start" style={{ minWidth: 0 }}>
            {overline && (
              <Text size="xs" c="gray.7" fw={600}>
                {overline}
              </Text>
            )}
            <Text fw={600} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Badge variant="dot" color={enabled ? 'green' : 'gray'} size="sm">
              {enabled ? 'Habilitado' : 'Bloqueado'}
            </Badge>
          </Stack>
        </Group>
        <Group gap="xs" justify="flex-end" wrap="wrap" style={{ flexShrink: 0 }}>
          {children}
          {/* data-disabled rather than disabled: a disabled button drops the keyboard focus. */}
          <Button
            variant={enabled ? 'outline' : 'filled'}
            color={enabled ? 'red.9' : undefined}
            data-disabled={pending || undefined}
            aria-disabled={pending || undefined}
            leftSection={pending ? <Loader size={14} color="currentColor" aria-hidden /> : undefined}
            onClick={(event) => {
              // A double tap's second click (detail 2) may land once the first one's answer turned
              // 'Habilitar' into 'Bloquear': it would undo it. Only a separate tap toggles.
              if (!pending && event.detail <= 1) onToggle();
            }}
            aria-label={`${label} ${kind} ${name}`}
            miw={120}
          >
            {label}
          </Button>
        </Group>
      </Flex>
    </Paper>
  );
}
