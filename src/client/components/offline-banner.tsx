import { AppShell, Group, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';

export const OFFLINE_BANNER_TEXT = 'Sin conexión: lo que hagas se guarda en el teléfono y se envía al volver la señal';

/**
 * The app frame's footer while there is no connection (AppShell `footer`: the page gets room
 * for it, nothing is covered). Two lines on a phone, one on a wider screen.
 */
export const offlineBannerHeight = { base: 64, sm: 44 };

/**
 * What a person needs to know while the phone has no signal: their work is not lost. The
 * region is always there (empty while online), so screen readers announce the change.
 */
export function OfflineBanner({ offline }: { offline: boolean }) {
  return (
    <AppShell.Footer
      // Online, the footer sits collapsed below the screen; see-through, so that a full-page
      // capture (which stretches the screen) shows no empty bar.
      bg={offline ? 'dark.7' : 'transparent'}
      c="white"
      px="md"
      withBorder={false}
      style={{ display: 'flex', alignItems: 'center' }}
    >
      <Group role="status" aria-live="polite" gap="sm" wrap="nowrap" w="100%" justify="center">
        {offline && (
          <>
            <IconWifiOff size={20} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" fw={500} lh={1.35}>
              {OFFLINE_BANNER_TEXT}
            </Text>
          </>
        )}
      </Group>
    </AppShell.Footer>
  );
}
