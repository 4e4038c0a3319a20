import { Badge } from '@mantine/core';
import { IconCloudCheck, IconVideoOff } from '@tabler/icons-react';
import type { DownloadRecord } from '../lib/offline/download-index.ts';
import { downloadMark, keepsAll } from '../lib/offline/download-summary.ts';

/**
 * A module downloaded to this phone, marked for what it is: 'Disponible sin conexión' when all of
 * it opens without signal, 'Descargado sin el video' when its video is on YouTube or the web.
 */
export function OfflineBadge({ record }: { record: Pick<DownloadRecord, 'notKept'> }) {
  const whole = keepsAll(record.notKept);
  const Icon = whole ? IconCloudCheck : IconVideoOff;
  return (
    <Badge
      color={whole ? 'teal.9' : 'gray.8'}
      variant="outline"
      leftSection={<Icon size={14} aria-hidden />}
      style={{ textTransform: 'none' }}
      data-testid="marca-descarga"
    >
      {downloadMark(record)}
    </Badge>
  );
}
