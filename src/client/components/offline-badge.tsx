import { Badge } from '@mantine/core';
import { IconCloudCheck } from '@tabler/icons-react';

/** A module downloaded whole to this phone: it opens without signal. */
export function OfflineBadge() {
  return (
    <Badge color="teal.9" variant="outline" leftSection={<IconCloudCheck size={14} aria-hidden />} style={{ textTransform: 'none' }}>
      Disponible sin conexión
    </Badge>
  );
}
