// The module page's way into downloads: the button alone until someone uses it (or the module is
// already downloaded), so the download's screens and their code come only when they are wanted.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { canDownload } from '../../../lib/offline/download-manager.ts';
import { useDownloads } from '../../../lib/offline/use-downloads.ts';

const DownloadModuleButton = lazy(() =>
  import('./download-module-button.tsx').then((module) => ({ default: module.DownloadModuleButton })),
);

function StartButton({ onClick, loading = false }: { onClick?: () => void; loading?: boolean }) {
  return (
    <Button
      variant="default"
      style={{ alignSelf: 'flex-start' }}
      loading={loading}
      leftSection={<IconDownload size={18} aria-hidden />}
      onClick={onClick}
    >
      Descargar para ver sin conexión
    </Button>
  );
}

export function DownloadModuleEntry({ moduleId }: { moduleId: string }) {
  const { userId, downloads } = useDownloads();
  const [supported, setSupported] = useState(false);
  const [wanted, setWanted] = useState(false);
  // Known only in the browser: the page rendered on the server shows no button.
  useEffect(() => setSupported(canDownload()), []);
  if (!supported || !userId) return null;
  if (!wanted && downloads[moduleId] === undefined) return <StartButton onClick={() => setWanted(true)} />;
  return (
    <Suspense fallback={<StartButton loading />}>
      <DownloadModuleButton moduleId={moduleId} startNow={wanted} />
    </Suspense>
  );
}
