// 'Descargar para ver sin conexión' on the module page: what the download keeps and what it
// cannot (a video on YouTube), the documents to add (optional, with their size) and the real size
// of it all, the download's progress with 'Cancelar la descarga', 'Descarga incompleta: Reanudar'
// after an interruption, and once it is on the phone its mark ('Disponible sin conexión', or
// 'Descargado sin el video' with what can be seen without signal).
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconRefresh, IconVideoOff } from '@tabler/icons-react';
import type { OfflineModule } from '../../../../shared/schemas/offline.ts';
import { OfflineBadge } from '../../../components/offline-badge.tsx';
import { ApiError } from '../../../lib/api.ts';
import { isOnline } from '../../../lib/connectivity.ts';
import { chosenEntries, formatBytes, notKeptOf, type DownloadRecord } from '../../../lib/offline/download-index.ts';
import {
  DownloadFailed,
  downloadModule,
  fetchOfflineList,
  measureData,
  withMeasured,
  type DownloadProgress,
} from '../../../lib/offline/download-manager.ts';
import { notKeptLines, plannedBytes } from '../../../lib/offline/download-summary.ts';
import { useDownloads } from '../../../lib/offline/use-downloads.ts';

type Step =
  | { name: 'idle' }
  | { name: 'preparing' }
  | { name: 'choosing'; list: OfflineModule; chosen: Set<string>; measured: ReadonlyMap<string, number> }
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

/** What cannot be kept (a video on YouTube) and what will be there without signal, before or after the download. */
function NotKeptNote({ lines }: { lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <Alert color="blue" variant="light" p="xs" icon={<IconVideoOff size={18} aria-hidden />} data-testid="descarga-sin-video">
      <Stack gap={2}>
        {lines.map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

interface ChoiceProps {
  list: OfflineModule;
  chosen: Set<string>;
  measured: ReadonlyMap<string, number>;
  onChange: (urls: string[]) => void;
  onStart: () => void;
  onCancel: () => void;
}

/** Before the download: what it cannot keep, the documents to add, the bytes it will store, and 'Empezar la descarga'. */
function DownloadChoice({ list, chosen, measured, onChange, onStart, onCancel }: ChoiceProps) {
  const documents = list.entries.filter((entry) => entry.optional);
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="sm">
        <Stack gap="xs">
          <NotKeptNote lines={notKeptLines(notKeptOf(list), chosenEntries(list, chosen))} />
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
            Total: {formatBytes(plannedBytes(list, chosen, measured))}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button leftSection={<IconDownload size={18} aria-hidden />} onClick={onStart}>
            Empezar la descarga
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A finished download: its mark and, when it lacks the video, what can be seen without signal. */
function DownloadedMark({ record }: { record: DownloadRecord }) {
  // The last line says what is there without signal ('Sin conexión vas a poder ver las actividades, no el video.').
  const available = notKeptLines(record.notKept, record.entries).at(-1);
  return (
    <Stack gap={4} align="flex-start">
      <OfflineBadge record={record} />
      {available && (
        <Text size="sm" c="gray.8">
          {available}
        </Text>
      )}
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
    setStep({ name: 'preparing' });
    try {
      const list = await fetchOfflineList(moduleId);
      // Documents to choose, or things that cannot be kept (a video on YouTube): said before
      // starting, with the real size of what will be stored (its data measured first).
      const ask = list.entries.some((entry) => entry.optional || !entry.downloadable);
      if (resume || !ask) await run(list, chosenBefore(record));
      else setStep({ name: 'choosing', list, chosen: new Set(), measured: await measureData(list) });
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
  if (step.name === 'choosing')
    return (
      <DownloadChoice
        list={step.list}
        chosen={step.chosen}
        measured={step.measured}
        onChange={(urls) => setStep({ ...step, chosen: new Set(urls) })}
        onStart={() => void run(withMeasured(step.list, step.measured), step.chosen)}
        onCancel={() => setStep({ name: 'idle' })}
      />
    );
  if (record?.complete && step.name === 'idle') return <DownloadedMark record={record} />;
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
          <Button
            size="sm"
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={step.name === 'preparing'}
            onClick={() => void start(true)}
          >
            Reanudar
          </Button>
        </Group>
      ) : (
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={step.name === 'preparing'}
          onClick={() => void start(false)}
        >
          Descargar para ver sin conexión
        </Button>
      )}
    </Stack>
  );
}
