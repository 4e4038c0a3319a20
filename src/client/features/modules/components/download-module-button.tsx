// 'Descargar para ver sin conexión' on the module page: the documents to add (optional, with their
// size), the download's progress with 'Cancelar la descarga', 'Descarga incompleta: Reanudar'
// after an interruption, and 'Disponible sin conexión' once everything is on the phone.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import type { OfflineModule } from '../../../../shared/schemas/offline.ts';
import { OfflineBadge } from '../../../components/offline-badge.tsx';
import { ApiError } from '../../../lib/api.ts';
import { isOnline } from '../../../lib/connectivity.ts';
import { formatBytes, type DownloadRecord } from '../../../lib/offline/download-index.ts';
import { DownloadFailed, downloadModule, fetchOfflineList, type DownloadProgress } from '../../../lib/offline/download-manager.ts';
import { useDownloads } from '../../../lib/offline/use-downloads.ts';

type Step =
  | { name: 'idle' }
  | { name: 'choosing'; list: OfflineModule; chosen: Set<string> }
  | { name: 'downloading'; progress: DownloadProgress }
  | { name: 'failed'; message: string };

/** Why a download stopped, in words for the trainee. */
function failureText(error: unknown): string {
  if ((error instanceof ApiError || error instanceof DownloadFailed) && error.status === 404) return 'Este módulo ya no está disponible.';
  if (!isOnline()) return 'Sin conexión: la descarga sigue cuando vuelva la señal.';
  return 'La descarga se cortó. Lo descargado queda guardado: podés reanudarla.';
}

const progressText = ({ done, total, percent }: DownloadProgress) => `${formatBytes(done)} de ${formatBytes(total)} (${percent} %)`;

const cancelledText = 'Descarga cancelada. Lo descargado queda guardado: podés reanudarla.';

function DownloadProgressView({ progress, onCancel }: { progress: DownloadProgress; onCancel: () => void }) {
  return (
    <Stack gap={6}>
      <Text size="sm" id="descarga-progreso">
        Descargando… {progressText(progress)}
      </Text>
      <Progress.Root size="lg">
        <Progress.Section value={progress.percent} aria-labelledby="descarga-progreso" color="teal" />
      </Progress.Root>
      <Button size="compact-sm" variant="default" onClick={onCancel} style={{ alignSelf: 'flex-start' }}>
        Cancelar la descarga
      </Button>
    </Stack>
  );
}

function DocumentChoice({ list, chosen, onChange }: { list: OfflineModule; chosen: Set<string>; onChange: (urls: string[]) => void }) {
  const documents = list.entries.filter((entry) => entry.optional);
  const fixed = list.entries.filter((entry) => !entry.optional && entry.downloadable);
  const skipped = list.entries.filter((entry) => !entry.downloadable);
  const bytes = [...fixed, ...documents.filter((d) => chosen.has(d.url))].reduce((sum, entry) => sum + (entry.size ?? 0), 0);
  return (
    <Stack gap="xs">
      {skipped.map((entry) => (
        <Text key={entry.url} size="sm" c="gray.8">
          {entry.label}
        </Text>
      ))}
      {documents.length > 0 && (
        <Checkbox.Group label="Documentos del curso (opcionales)" value={[...chosen]} onChange={onChange}>
          <Stack gap={6} mt={6}>
            {documents.map((entry) => (
              <Checkbox key={entry.url} value={entry.url} label={`${entry.label} · ${formatBytes(entry.size ?? 0)}`} />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      <Text size="sm" fw={600}>
        Total: {formatBytes(bytes)}
      </Text>
    </Stack>
  );
}

/** The documents chosen last time, to resume the same download. */
const chosenBefore = (record: DownloadRecord | undefined) =>
  new Set(record?.entries.filter((entry) => entry.kind === 'document').map((entry) => entry.url) ?? []);

/** `startNow`: the button was pressed before this code arrived (download-module-entry.tsx). */
export function DownloadModuleButton({ moduleId, startNow = false }: { moduleId: string; startNow?: boolean }) {
  const { userId, downloads } = useDownloads();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const started = useRef(!startNow);
  const running = useRef<AbortController | null>(null);

  const record = downloads[moduleId];
  const run = async (list: OfflineModule, chosen: Set<string>) => {
    if (!userId) return;
    const controller = new AbortController();
    running.current = controller;
    setStep({ name: 'downloading', progress: { done: 0, total: 0, percent: 0 } });
    try {
      await downloadModule(userId, list, chosen, (progress) => setStep({ name: 'downloading', progress }), controller.signal);
      setStep({ name: 'idle' });
    } catch (error) {
      setStep({ name: 'failed', message: controller.signal.aborted ? cancelledText : failureText(error) });
    } finally {
      running.current = null;
    }
  };
  const start = async (resume: boolean) => {
    try {
      const list = await fetchOfflineList(moduleId);
      // Documents to choose, or things that cannot be kept (a video on YouTube): said before starting.
      const ask = list.entries.some((entry) => entry.optional || !entry.downloadable);
      if (resume || !ask) await run(list, chosenBefore(record));
      else setStep({ name: 'choosing', list, chosen: new Set() });
    } catch (error) {
      setStep({ name: 'failed', message: failureText(error) });
    }
  };

  // Once, after the first render (a second run of effects in development changes nothing).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start(false);
  });

  if (!userId) return null;
  if (step.name === 'downloading')
    return (
      <Paper withBorder p="sm" radius="md">
        <DownloadProgressView progress={step.progress} onCancel={() => running.current?.abort()} />
      </Paper>
    );
  if (step.name === 'choosing') {
    return (
      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          <DocumentChoice list={step.list} chosen={step.chosen} onChange={(urls) => setStep({ ...step, chosen: new Set(urls) })} />
          <Group gap="xs">
            <Button leftSection={<IconDownload size={18} aria-hidden />} onClick={() => void run(step.list, step.chosen)}>
              Empezar la descarga
            </Button>
            <Button variant="default" onClick={() => setStep({ name: 'idle' })}>
              Cancelar
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }
  if (record?.complete && step.name === 'idle') return <OfflineBadge />;
  const incomplete = record !== undefined && !record.complete;
  return (
    <Stack gap={6} align="flex-start">
      {step.name === 'failed' && (
        <Alert color="orange" variant="light" p="xs" role="status">
          {step.message}
        </Alert>
      )}
      {incomplete ? (
        <Group gap="xs">
          <Text size="sm" fw={600}>
            Descarga incompleta:
          </Text>
          <Button size="sm" variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => void start(true)}>
            Reanudar
          </Button>
        </Group>
      ) : (
        <Button variant="default" leftSection={<IconDownload size={18} aria-hidden />} onClick={() => void start(false)}>
          Descargar para ver sin conexión
        </Button>
      )}
    </Stack>
  );
}
