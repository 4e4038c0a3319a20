import { useRef, useState } from 'react';
import { Button, FileInput, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { safeParse } from 'zod/v4/core';
import {
  DEFAULT_PROMPT,
  DEFAULT_TOLERANCE,
  jugadaInputSchema,
  type Jugada,
  type JugadaInput,
  type JugadaOptions,
} from '../../../../shared/schemas/jugadas.ts';
import { ApiError } from '../../../lib/api.ts';
import { UploadProgress } from '../../../components/upload-progress.tsx';
import { uploadClip, useSaveJugada } from '../api/save-jugada.ts';
import { TagsUseFields, type TagsUse } from './tags-use-fields.tsx';
import { focusFirstError } from '../../../lib/focus-first-error.ts';

interface JugadaFormProps {
  moduleId: string;
  options: JugadaOptions;
  /** The jugada being edited; null for 'Agregar jugada'. */
  jugada: Jugada | null;
  /** The course's tags, offered while typing 'Etiquetas'. */
  tagSuggestions: string[];
  onDone: () => void;
}

type Errors = Partial<
  Record<
    | 'video'
    | 'start'
    | 'end'
    | 'prompt'
    | 'correctDecisionId'
    | 'correctSanctionId'
    | 'moment'
    | 'tolerance'
    | 'explanation'
    | 'tags'
    | 'use'
    | 'form',
    string
  >
>;

const seconds = (value: string | number) => (value === '' ? null : Number(value));

/** The schema's complaints as one message per field, the first one found for each. */
function issueErrors(issues: readonly { path: PropertyKey[]; message: string }[]): Errors {
  const found: Errors = {};
  for (const issue of issues) {
    const key = (issue.path[0] === 'video' ? 'video' : String(issue.path[0] ?? 'form')) as keyof Errors;
    found[key] ??= issue.message;
  }
  return found;
}

interface ClipUpload {
  file: File | null;
  /** The uploaded clip the jugada will use; null until an upload finishes. */
  videoId: string | null;
  /** Percent uploaded, or null when no upload is running. */
  progress: number | null;
  choose: (chosen: File | null) => void;
}

/** Uploads the chosen clip as soon as it is picked, so saving only has to send its id. */
function useClipUpload(initialVideoId: string | null, setError: (message: string | undefined) => void): ClipUpload {
  const [videoId, setVideoId] = useState<string | null>(initialVideoId);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setVideoId(null);
    setError(undefined);
    if (!chosen) return;
    setProgress(0);
    uploadClip(chosen, setProgress)
      .then((uploaded) => setVideoId(uploaded.id))
      .catch((error: unknown) => {
        setFile(null);
        setError(error instanceof Error ? error.message : String(error));
      })
      .finally(() => setProgress(null));
  };

  return { file, videoId, progress, choose };
}

/** 'Agregar jugada' and editing one: the clip (upload or YouTube), its segment, the correct call and the explanation. */
export function JugadaForm({ moduleId, options, jugada, tagSuggestions, onDone }: JugadaFormProps) {
  const save = useSaveJugada(moduleId);
  const [source, setSource] = useState<'file' | 'youtube'>(jugada?.video.kind ?? 'file');
  const [youtube, setYoutube] = useState(jugada?.video.kind === 'youtube' ? `https://youtu.be/${jugada.video.youtubeId}` : '');
  const [start, setStart] = useState<string | number>(jugada?.start ?? '');
  const [end, setEnd] = useState<string | number>(jugada?.end ?? '');
  const [prompt, setPrompt] = useState(jugada?.prompt ?? DEFAULT_PROMPT);
  const [decision, setDecision] = useState<string | null>(jugada?.correctDecisionId ?? null);
  const [sanction, setSanction] = useState<string | null>(jugada?.correctSanctionId ?? null);
  const [moment, setMoment] = useState<string | number>(jugada?.moment ?? '');
  const [tolerance, setTolerance] = useState<string | number>(jugada?.tolerance ?? DEFAULT_TOLERANCE);
  const [explanation, setExplanation] = useState(jugada?.explanation ?? '');
  const [tagsUse, setTagsUse] = useState<TagsUse>({ tags: jugada?.tags ?? [], use: jugada?.use ?? 'practica' });
  const [errors, setErrors] = useState<Errors>({});
  const upload = useClipUpload(jugada?.video.kind === 'file' ? jugada.video.videoId : null, (message) =>
    setErrors((e) => ({ ...e, video: message })),
  );
  const { videoId, progress } = upload;

  const fields = useRef<HTMLDivElement>(null);
  const submit = () => {
    if (source === 'file' && !videoId) {
      setErrors({ video: progress !== null ? 'Esperá a que termine de subir el video.' : 'Elegí el archivo de video de la jugada.' });
      focusFirstError(fields.current);
      return;
    }
    const input: JugadaInput = {
      video: source === 'file' ? { kind: 'file', videoId: videoId ?? '' } : { kind: 'youtube', url: youtube },
      start: seconds(start),
      end: seconds(end),
      prompt,
      correctDecisionId: decision ?? '',
      correctSanctionId: sanction ?? '',
      moment: seconds(moment),
      tolerance: tolerance === '' ? Number.NaN : Number(tolerance),
      explanation,
      ...tagsUse,
    };
    const parsed = safeParse(jugadaInputSchema, input);
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error.issues));
      focusFirstError(fields.current);
      return;
    }
    setErrors({});
    save.mutate(
      { id: jugada?.id ?? null, input },
      {
        onSuccess: onDone,
        onError: (error) => {
          setErrors({ ...(error instanceof ApiError ? (error.fields as Errors | undefined) : {}), form: error.message });
          focusFirstError(fields.current);
        },
      },
    );
  };

  return (
    <Stack gap="sm" ref={fields}>
      <VideoSourceField
        source={source}
        onSourceChange={setSource}
        upload={upload}
        hasCurrentFile={jugada?.video.kind === 'file'}
        youtube={youtube}
        onYoutubeChange={setYoutube}
        error={errors.video}
      />
      <SimpleGrid cols={2}>
        <SecondsInput label="Desde (segundos)" description="Opcional" value={start} onChange={setStart} error={errors.start} />
        <SecondsInput label="Hasta (segundos)" description="Opcional" value={end} onChange={setEnd} error={errors.end} />
      </SimpleGrid>
      <TextInput label="Consigna" value={prompt} onChange={(e) => setPrompt(e.currentTarget.value)} error={errors.prompt} />
      <CorrectCallFields
        options={options}
        decision={[decision, setDecision]}
        sanction={[sanction, setSanction]}
        moment={[moment, setMoment]}
        tolerance={[tolerance, setTolerance]}
        errors={errors}
      />
      <Textarea
        label="Explicación"
        description="Se muestra al alumno después de responder (por ejemplo, la regla que se aplica)"
        autosize
        minRows={3}
        value={explanation}
        onChange={(e) => setExplanation(e.currentTarget.value)}
        error={errors.explanation}
      />
      <TagsUseFields value={tagsUse} onChange={setTagsUse} suggestions={tagSuggestions} errors={errors} />
      {errors.form && (
        <Text c="red.8" role="alert">
          {errors.form}
        </Text>
      )}
      <Button onClick={submit} loading={save.isPending} disabled={progress !== null} style={{ alignSelf: 'flex-start' }}>
        Guardar jugada
      </Button>
    </Stack>
  );
}

type Field<T> = [value: T, onChange: (value: T) => void];

interface CorrectCallFieldsProps {
  options: JugadaOptions;
  decision: Field<string | null>;
  sanction: Field<string | null>;
  moment: Field<string | number>;
  tolerance: Field<string | number>;
  errors: Errors;
}

/** The right answer: the decision, the sanction and, optionally, the moment of the infraction. */
function CorrectCallFields({
  options,
  decision: [decision, setDecision],
  sanction: [sanction, setSanction],
  moment: [moment, setMoment],
  tolerance: [tolerance, setTolerance],
  errors,
}: CorrectCallFieldsProps) {
  return (
    <>
      <Select
        label="Decisión correcta"
        placeholder="Elegí una decisión"
        data={options.decisions.map((o) => ({ value: o.id, label: o.label }))}
        value={decision}
        onChange={setDecision}
        error={errors.correctDecisionId}
        searchable={false}
        allowDeselect={false}
      />
      <Select
        label="Sanción correcta"
        placeholder="Elegí una sanción"
        data={options.sanctions.map((o) => ({ value: o.id, label: o.label }))}
        value={sanction}
        onChange={setSanction}
        error={errors.correctSanctionId}
        allowDeselect={false}
      />
      <SimpleGrid cols={2}>
        <SecondsInput
          label="Momento de la infracción (segundos)"
          description="Opcional"
          value={moment}
          onChange={setMoment}
          error={errors.moment}
        />
        <SecondsInput
          label="Tolerancia (segundos)"
          description="Para el momento"
          value={tolerance}
          onChange={setTolerance}
          error={errors.tolerance}
        />
      </SimpleGrid>
    </>
  );
}

interface VideoSourceFieldProps {
  source: 'file' | 'youtube';
  onSourceChange: (source: 'file' | 'youtube') => void;
  upload: ClipUpload;
  /** The jugada being edited already has an uploaded clip. */
  hasCurrentFile: boolean;
  youtube: string;
  onYoutubeChange: (url: string) => void;
  error: string | undefined;
}

/** Where the clip comes from: an uploaded file (with its upload progress) or a YouTube address. */
function VideoSourceField({ source, onSourceChange, upload, hasCurrentFile, youtube, onYoutubeChange, error }: VideoSourceFieldProps) {
  const { file, videoId, progress } = upload;
  return (
    <Stack gap={6}>
      <Text fw={500} size="sm" id="fuente-video">
        Video de la jugada
      </Text>
      <SegmentedControl
        aria-labelledby="fuente-video"
        value={source}
        onChange={(value) => onSourceChange(value as 'file' | 'youtube')}
        data={[
          { value: 'file', label: 'Subir archivo' },
          { value: 'youtube', label: 'YouTube' },
        ]}
      />
      {source === 'file' ? (
        <>
          <FileInput
            label="Archivo de video (MP4 o WebM)"
            placeholder={hasCurrentFile && !file ? 'Video actual (elegí otro para cambiarlo)' : 'Elegí un archivo'}
            accept="video/mp4,video/webm"
            value={file}
            onChange={upload.choose}
            leftSection={<IconUpload size={16} aria-hidden />}
            error={error}
          />
          {progress !== null && <UploadProgress label="Subiendo video" value={progress} />}
          {videoId && file && progress === null && (
            <Text size="sm" c="var(--mantine-color-green-light-color)">
              Video subido.
            </Text>
          )}
        </>
      ) : (
        <TextInput
          label="Dirección de YouTube"
          placeholder="https://www.youtube.com/watch?v=…"
          value={youtube}
          onChange={(e) => onYoutubeChange(e.currentTarget.value)}
          error={error}
        />
      )}
    </Stack>
  );
}

interface SecondsInputProps {
  label: string;
  description: string;
  value: string | number;
  onChange: (value: string | number) => void;
  error: string | undefined;
}

/** A time in seconds, never negative, to the hundredth, written with a decimal comma. */
function SecondsInput({ label, description, value, onChange, error }: SecondsInputProps) {
  return (
    <NumberInput
      label={label}
      description={description}
      min={0}
      decimalScale={2}
      decimalSeparator=","
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
