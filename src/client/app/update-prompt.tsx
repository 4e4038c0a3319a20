import { useEffect, useState } from 'react';
import { Affix, Button, Group, Notification, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { createAppUpdate } from '../lib/app-update.ts';
import { activateWaiting } from '../lib/service-worker.ts';
import { useOnline } from '../lib/use-online.ts';
import { offlineBannerHeight } from '../components/offline-banner.tsx';

/**
 * Says that a new version is ready (main.tsx loads this only then): 'Actualizar' activates it
 * and reloads; closing the notice leaves it for the next time the app is opened. Browser only.
 */
export function UpdatePrompt({ registration }: { registration: ServiceWorkerRegistration }) {
  const [update] = useState(() => createAppUpdate(() => window.location.reload()));
  const [needRefresh, setNeedRefresh] = useState(true);
  const [activating, setActivating] = useState(false);
  const online = useOnline();
  // Whichever tab's 'Actualizar' activated the new version, it now controls this page too.
  useEffect(() => {
    const container = navigator.serviceWorker;
    if (!container) return;
    const tookControl = () => update.tookControl();
    container.addEventListener('controllerchange', tookControl);
    return () => container.removeEventListener('controllerchange', tookControl);
  }, [update]);

  if (!needRefresh) return null;
  return (
    // Above the bottom banner that says there is no connection, when it shows.
    <Affix position={{ bottom: online ? 16 : offlineBannerHeight.base + 12, left: 12, right: 12 }} zIndex={300}>
      <Notification
        role="status"
        aria-live="polite"
        maw={440}
        mx="auto"
        withBorder
        icon={<IconRefresh size={18} aria-hidden />}
        title="Hay una versión nueva"
        onClose={() => setNeedRefresh(false)}
      >
        <Group justify="space-between" gap="sm" mt={4} wrap="nowrap">
          <Text size="sm" c="gray.8">
            Actualizá cuando termines lo que estás haciendo.
          </Text>
          <Button
            size="xs"
            style={{ flexShrink: 0 }}
            loading={activating}
            onClick={() => {
              setActivating(true);
              void update.accept(() => activateWaiting(registration)).catch(() => setActivating(false));
            }}
          >
            Actualizar
          </Button>
        </Group>
      </Notification>
    </Affix>
  );
}
