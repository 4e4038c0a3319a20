import { NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { safeParse } from 'zod/v4/core';
import { videoUrlSchema, youtubeId, type ModuleWithQuestions } from '../../../../shared/schemas/content.ts';
import { useVideoLength } from '../../../lib/video/video-length.ts';
import { ImageField, type PickedImage } from '../../../components/image-field.tsx';
import type { ModuleForm } from '../module-form-schema.ts';
import { formatDuration } from '../video-duration.ts';
import { ModuleVideoField } from './module-video-field.tsx';
import { QuestionListEditor } from './question-list-editor.tsx';

interface ModuleFieldsProps {
  form: ModuleForm;
  image: PickedImage;
  onCompressionError: () => void;
  imageProgress: number | null;
  /** The saved picture (edit form). */
  currentImageUrl?: string;
  /** Whether a video file is being sent (saving waits for it). */
  onVideoUploading: (uploading: boolean) => void;
  /** The saved module (edit form): its video's processing and captions. */
  savedVideo?: Pick<ModuleWithQuestions, 'videoFile' | 'videoProcessing' | 'captionsUrl'>;
}

/** Picture, name, video and questions: the fields shared by the create and edit forms. */
export function ModuleFields({
  form,
  image,
  onCompressionError,
  imageProgress,
  currentImageUrl,
  onVideoUploading,
  savedVideo,
}: ModuleFieldsProps) {
  return (
    <Stack>
      <ImageField
        label="Imagen del módulo"
        image={image}
        onCompressionError={onCompressionError}
        currentUrl={currentImageUrl}
        progress={imageProgress}
        required={!currentImageUrl}
      />
      <TextInput label="Nombre del módulo" required {...form.getInputProps('name')} />
      <ModuleVideoField form={form} onUploading={onVideoUploading} savedVideo={savedVideo}>
        <TextInput
          label="Dirección del video"
          description="Dirección de YouTube, solo el id del video, o la dirección (https) de un archivo de video."
          placeholder="https://www.youtube.com/watch?v=…"
          inputMode="url"
          required
          {...form.getInputProps('videoUrl')}
        />
        <VideoHint value={form.values.videoUrl} />
        <VideoDurationField form={form} />
      </ModuleVideoField>
      <NumberInput
        label="Pagado mínimo para habilitar"
        description="Opcional. Cuando lo que pagó un alumno llega a este monto, el módulo se le habilita solo. Siempre podés habilitarlo a mano."
        placeholder="Sin mínimo"
        prefix="$ "
        thousandSeparator="."
        decimalSeparator=","
        allowDecimal={false}
        allowNegative={false}
        inputMode="numeric"
        {...form.getInputProps('minPaid')}
      />
      <QuestionListEditor form={form} />
    </Stack>
  );
}

/** Tells the admin how the video will be played, before saving. */
function VideoHint({ value }: { value: string }) {
  const text = value.trim();
  if (!text) return null;
  const id = youtubeId(text);
  if (id)
    return (
      <Text size="xs" c="teal.9" mt={-8}>
        Se verá con el reproductor de YouTube (video {id}).
      </Text>
    );
  if (/^https?:\/\//i.test(text))
    return (
      <Text size="xs" c="dimmed" mt={-8}>
        Se verá como archivo de video en el reproductor del navegador.
      </Text>
    );
  return null;
}

/**
 * 'Duración (mm:ss)' of a video given by its address: what each trainee's watched percentage is
 * computed against. The editor's player reads it when the address is typed or the module opened;
 * where it cannot (no connection to YouTube), the instructor types it.
 */
function VideoDurationField({ form }: { form: ModuleForm }) {
  const address = form.values.videoUrl.trim();
  const read = useVideoLength(address && safeParse(videoUrlSchema, address).success ? address : null);
  const { setFieldValue } = form;
  const readSeconds = read.state === 'read' ? read.seconds : null;
  useEffect(() => {
    if (readSeconds !== null) setFieldValue('videoDuration', formatDuration(readSeconds));
  }, [readSeconds, read.address, setFieldValue]);
  const description =
    read.state === 'reading'
      ? 'Leyendo la duración del video…'
      : read.state === 'read'
        ? 'Leída del video. Con ella se calcula cuánto vio cada alumno.'
        : read.state === 'failed'
          ? 'No se pudo leer del video: escribila. Sin ella, lo que vio cada alumno se muestra como «Visto —».'
          : 'Con ella se calcula cuánto vio cada alumno. Se completa sola al poner la dirección; si no, escribila.';
  return (
    <TextInput
      label="Duración (mm:ss)"
      description={description}
      placeholder="Por ejemplo, 12:30"
      autoComplete="off"
      {...form.getInputProps('videoDuration')}
    />
  );
}
