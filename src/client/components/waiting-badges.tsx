import { Badge, Group } from '@mantine/core';
import { IconChecklist, IconMessages } from '@tabler/icons-react';
import { awaitingCorrectionText, newMessagesText } from '../../shared/messages.ts';

interface WaitingBadgesProps {
  awaitingCorrection?: number;
  modulesWithNewMessages?: number;
}

/** What waits for the admin ('3 por corregir', '2 módulos con mensajes nuevos'); nothing when nothing waits. */
export function WaitingBadges({ awaitingCorrection = 0, modulesWithNewMessages = 0 }: WaitingBadgesProps) {
  if (awaitingCorrection === 0 && modulesWithNewMessages === 0) return null;
  return (
    <Group gap={6} data-testid="pendientes">
      {awaitingCorrection > 0 && (
        <Badge color="orange" variant="light" leftSection={<IconChecklist size={14} aria-hidden />} style={{ textTransform: 'none' }}>
          {awaitingCorrectionText(awaitingCorrection)}
        </Badge>
      )}
      {modulesWithNewMessages > 0 && (
        <Badge color="red" variant="light" leftSection={<IconMessages size={14} aria-hidden />} style={{ textTransform: 'none' }}>
          {newMessagesText(modulesWithNewMessages)}
        </Badge>
      )}
    </Group>
  );
}
