// 'Mi cuenta' → 'Descargas': the modules kept on this phone to study without signal, the space
// each takes and in all, what the browser has left, and 'Quitar descarga'.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconCloudDownload, IconTrash } from '@tabler/icons-react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { OfflineBadge } from '../../components/offline-badge.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { formatBytes, recordBytes, type DownloadRecord } from '../../lib/offline/download-index.ts';
import { removeDownload } from '../../lib/offline/download-manager.ts';
import { useDownloads } from '../../lib/offline/use-downloads.ts';
import { paths } from '../../lib/paths.ts';

/** What the browser says it lets the app keep, when it says. */
function useStorageEstimate(deps: unknown) {
  const [estimate, setEstimate] = useState<{ usage: number; quota: number } | null>(null);
  useEffect(() => {
    if (!navigator.storage?.estimate) return;
    let live = true;
    void navigator.storage
      .estimate()
      .then(({ usage, quota }) => live && usage !== undefined && quota !== undefined && setEstimate({ usage, quota }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [deps]);
  return estimate;
}

function DownloadRow({ record, onRemove }: { record: DownloadRecord; onRemove: () => void }) {
  return (
    <Paper withBorder radius="md" p="md" component="li">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Anchor component={Link} href={paths.module(record.courseId, record.moduleId)} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {record.moduleName} · {formatBytes(recordBytes(record))}
          </Anchor>
          {record.complete ? (
            <OfflineBadge record={record} />
          ) : (
            <Text size="sm" c="orange.9">
              Descarga incompleta: reanudala desde el módulo.
            </Text>
          )}
        </Stack>
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={onRemove}
          aria-label={`Quitar descarga de ${record.moduleName}`}
        >
          Quitar descarga
        </Button>
      </Group>
    </Paper>
  );
}

export function MyDownloadsPage() {
  const { userId, downloads } = useDownloads();
  const [removing, setRemoving] = useState<DownloadRecord | null>(null);
  const [pending, setPending] = useState(false);
  const records = Object.values(downloads).toSorted((a, b) => a.moduleName.localeCompare(b.moduleName, 'es', { numeric: true }));
  const total = records.reduce((sum, record) => sum + recordBytes(record), 0);
  const estimate = useStorageEstimate(downloads);

  const confirmRemove = async () => {
    if (!removing || !userId) return;
    setPending(true);
    try {
      await removeDownload(userId, removing.moduleId);
    } finally {
      setPending(false);
      setRemoving(null);
    }
  };

  return (
    <Stack gap="md" maw={720}>
      <Group>
        <Button component={Link} href={paths.myAccount()} variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} px={0}>
          Mi cuenta
        </Button>
      </Group>
      <PageTitle>Descargas</PageTitle>
      {records.length === 0 ? (
        <EmptyState
          icon={IconCloudDownload}
          title="No descargaste ningún módulo."
          text="Con «Descargar para ver sin conexión» en un módulo, lo vas a poder estudiar sin señal."
        />
      ) : (
        <>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {records.map((record) => (
              <DownloadRow key={record.moduleId} record={record} onRemove={() => setRemoving(record)} />
            ))}
          </Stack>
          <Text fw={600}>Total: {formatBytes(total)}</Text>
        </>
      )}
      {estimate && (
        <Text size="sm" c="gray.7">
          El navegador guarda {formatBytes(estimate.usage)} de Aula Virtual; tiene lugar para {formatBytes(estimate.quota)}.
        </Text>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title="Quitar descarga"
        text={`«${removing?.moduleName ?? ''}» se borra de este teléfono: para verlo vas a necesitar conexión. Lo que respondiste no se pierde.`}
        confirmLabel="Quitar descarga"
        danger
        pending={pending}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
