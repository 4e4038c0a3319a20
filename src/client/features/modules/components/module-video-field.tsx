import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, FileButton, FileInput, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconBadgeCc, IconMovie, IconTrash, IconUpload } from '@tabler/icons-react';
import { videoMessages } from '../../../../shared/messages.ts';
import type { ModuleWithQuestions } from '../../../../shared/schemas/content.ts';
import { VIDEO_MAX_BYTES, videoTooHeavy } from '../../../../shared/schemas/jugadas.ts';
import { UploadProgress } from '../../../components/upload-progress.tsx';
import { VideoProcessingStatus } from '../../../components/video-processing.tsx';
import { captionsProblem } from '../api/module-captions.ts';
import { uploadModuleVideo } from '../api/upload-module-video.ts';
import type { ModuleForm, VideoFileValue } from '../module-form-schema.ts';

const megabytes = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });
const sizeText = (bytes: number) => `${megabytes.format(bytes / (1024 * 1024))} MB`;
const typeText = (mimeType: string) => (mimeType === 'video/webm' ? 'WebM' : 'MP4');

/** The upload of a chosen video file: its progress and error, cancelled when replaced, removed or unmounted. */
function useVideoUpload(form: ModuleForm, onUploading: (uploading: boolean) => void) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pending = useRef<AbortController | null>(null);

  useEffect(() => () => pending.current?.abort(), []);

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    setError(null);
    form.clearFieldError('videoFile');
    if (chosen.size > VIDEO_MAX_BYTES) {
      setError(videoTooHeavy);
      return;
    }
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setProgress(0);
    onUploading(true);
    uploadModuleVideo(chosen, setProgress, controller.signal)
      .then((uploaded) =>
        form.setFieldValue('videoFile', { id: uploaded.id, name: chosen.name, mimeType: uploaded.mimeType, size: uploaded.size }),
      )
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(failure instanceof Error ? failure.message : String(failure));
      })
      .finally(() => {
        if (pending.current !== controller) return;
        pending.current = null;
        setProgress(null);
        onUploading(false);
      });
  };

  const remove = () => {
    pending.current?.abort();
    form.setFieldValue('videoFile', null);
  };

  return { progress, error, choose, remove };
}

interface UploadedVideoCardProps {
  file: VideoFileValue;
}

/** The uploaded file the module will use, by name, type and size. */
function UploadedVideoCard({ file }: UploadedVideoCardProps) {
  return (
    <Paper withBorder p="sm">
      <Group gap="sm" wrap="nowrap" align="center">
        <IconMovie size={24} aria-hidden style={{ flexShrink: 0 }} />
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {file.name ?? 'Video subido'}
          </Text>
          <Text size="xs" c="gray.7">
            {typeText(file.mimeType)} · {sizeText(file.size)}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * 'Video': a YouTube (or https file) address, or an MP4/WebM file uploaded here with progress.
 * A chosen file is sent at once; the module refers to it when saved. 'Reemplazar' picks another
 * file, 'Quitar' leaves the module without a file until another one or an address is given.
 */
export function ModuleVideoField({
  form,
  onUploading,
  savedVideo,
  children,
}: {
  form: ModuleForm;
  onUploading: (uploading: boolean) => void;
  savedVideo?: Pick<ModuleWithQuestions, 'videoFile' | 'videoProcessing' | 'captionsUrl'> | undefined;
  children: ReactNode;
}) {
  const { progress, error, choose, remove } = useVideoUpload(form, onUploading);
  const file = form.values.videoFile;
  const source = form.values.videoSource;

  const shownError = error ?? (form.errors['videoFile'] as string | undefined) ?? null;

  return (
    <Stack gap={6}>
      <Text fw={500} size="sm" id="fuente-video-modulo">
        Video{' '}
        <Text span c="red" aria-hidden>
          *
        </Text>
      </Text>
      <SegmentedControl
        aria-labelledby="fuente-video-modulo"
        value={source}
        onChange={(value) => form.setFieldValue('videoSource', value as 'url' | 'file')}
        data={[
          { value: 'url', label: 'Dirección (YouTube)' },
          { value: 'file', label: 'Subir archivo' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {source === 'url' ? (
        children
      ) : (
        <Stack gap="xs">
          {file ? (
            <UploadedVideoCard file={file} />
          ) : (
            <Text size="sm" c="gray.7">
              Un archivo MP4 o WebM de hasta {sizeText(VIDEO_MAX_BYTES)}.
            </Text>
          )}
          {file && savedVideo?.videoFile?.id === file.id && (
            <VideoProcessingStatus processing={savedVideo.videoProcessing} retry={{ videoId: file.id, of: 'del módulo' }} />
          )}
          {progress !== null && <UploadProgress label="Subiendo video" value={progress} />}
          <Group gap="xs">
            <FileButton onChange={choose} accept="video/mp4,video/webm">
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />} loading={progress !== null}>
                  {file ? 'Reemplazar video' : 'Elegir archivo de video'}
                </Button>
              )}
            </FileButton>
            {(file || progress !== null) && (
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={remove}>
                Quitar
              </Button>
            )}
          </Group>
          {shownError && (
            <Text size="sm" c="red.8" role="alert">
              {shownError}
            </Text>
          )}
          <CaptionsField form={form} saved={Boolean(savedVideo?.captionsUrl) && savedVideo?.videoFile?.id === file?.id} />
        </Stack>
      )}
    </Stack>
  );
}

/**
 * 'Subtítulos (.vtt)' of the uploaded video (WCAG 1.2.2): a WebVTT file checked when chosen and
 * sent once the module is saved; 'Quitar subtítulos' removes the saved ones on saving.
 */
function CaptionsField({ form, saved }: { form: ModuleForm; saved: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const chosen = form.values.captionsFile;
  const choose = (file: File | null) => {
    setError(null);
    if (!file) return form.setFieldValue('captionsFile', null);
    void captionsProblem(file).then((problem) => {
      setError(problem);
      form.setFieldValue('captionsFile', problem ? null : file);
    });
  };
  const kept = saved && !form.values.removeCaptions && !chosen;
  return (
    <Stack gap={4}>
      <FileInput
        label={videoMessages.captionsLabel}
        description={videoMessages.captionsHelp}
        placeholder="Elegir archivo .vtt"
        // Mantine's placeholder grey is too light on white (WCAG 1.4.3).
        styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
        accept=".vtt,text/vtt"
        clearable
        value={chosen}
        onChange={choose}
        error={error}
        leftSection={<IconBadgeCc size={16} aria-hidden />}
      />
      {saved && form.values.removeCaptions && !chosen && (
        <Text size="sm" c="gray.8">
          {videoMessages.captionsRemoved}
        </Text>
      )}
      {kept && (
        <Group gap="xs">
          <Text size="sm" c="gray.8">
            {videoMessages.captionsCurrent}
          </Text>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => form.setFieldValue('removeCaptions', true)}>
            {videoMessages.captionsRemove}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
