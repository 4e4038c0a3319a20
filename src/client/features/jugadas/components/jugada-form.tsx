import { useState } from 'react';
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

interface JugadaFormProps {
  moduleId: string;
  options: JugadaOptions;
  /** The jugada being edited; null for 'Agregar jugada'. */
  jugada: Jugada | null;
  onDone: () => void;
}

type Errors = Partial<
  Record<
    'video' | 'start' | 'end' | 'prompt' | 'correctDecisionId' | 'correctSanctionId' | 'moment' | 'tolerance' | 'explanation' | 'form',
    string
  >
>;

const seconds = (value: string | number) => (value === '' ? null : Number(value));

/** 'Agregar jugada' and editing one: the clip (upload or YouTube), its segment, the correct call and the explanation. */
export function JugadaForm({ moduleId, options, jugada, onDone }: JugadaFormProps) {
  const save = useSaveJugada(moduleId);
  const [source, setSource] = useState<'file' | 'youtube'>(jugada?.video.kind ?? 'file');
  const [videoId, setVideoId] = useState<string | null>(jugada?.video.kind === 'file' ? jugada.video.videoId : null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [youtube, setYoutube] = useState(jugada?.video.kind === 'youtube' ? `https://youtu.be/${jugada.video.youtubeId}` : '');
  const [start, setStart] = useState<string | number>(jugada?.start ?? '');
  const [end, setEnd] = useState<string | number>(jugada?.end ?? '');
  const [prompt, setPrompt] = useState(jugada?.prompt ?? DEFAULT_PROMPT);
  const [decision, setDecision] = useState<string | null>(jugada?.correctDecisionId ?? null);
  const [sanction, setSanction] = useState<string | null>(jugada?.correctSanctionId ?? null);
  const [moment, setMoment] = useState<string | number>(jugada?.moment ?? '');
  const [tolerance, setTolerance] = useState<string | number>(jugada?.tolerance ?? DEFAULT_TOLERANCE);
  const [explanation, setExplanation] = useState(jugada?.explanation ?? '');
  const [errors, setErrors] = useState<Errors>({});

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setVideoId(null);
    setErrors((e) => ({ ...e, video: undefined }));
    if (!chosen) return;
    setProgress(0);
    uploadClip(chosen, setProgress)
      .then((uploaded) => setVideoId(uploaded.id))
      .catch((error: unknown) => {
        setFile(null);
        setErrors((e) => ({ ...e, video: error instanceof Error ? error.message : String(error) }));
      })
      .finally(() => setProgress(null));
  };

  const submit = () => {
    if (source === 'file' && !videoId) {
      setErrors({ video: progress !== null ? 'Esperá a que termine de subir el video.' : 'Elegí el archivo de video de la jugada.' });
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
    };
    const parsed = safeParse(jugadaInputSchema, input);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = (issue.path[0] === 'video' ? 'video' : String(issue.path[0] ?? 'form')) as keyof Errors;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(
      { id: jugada?.id ?? null, input },
      {
        onSuccess: onDone,
        onError: (error) => setErrors({ ...(error instanceof ApiError ? (error.fields as Errors | undefined) : {}), form: error.message }),
      },
    );
  };

  return (
    <Stack gap="sm">
      <Stack gap={6}>
        <Text fw={500} size="sm" id="fuente-video">
          Video de la jugada
        </Text>
        <SegmentedControl
          aria-labelledby="fuente-video"
          value={source}
          onChange={(value) => setSource(value as 'file' | 'youtube')}
          data={[
            { value: 'file', label: 'Subir archivo' },
            { value: 'youtube', label: 'YouTube' },
          ]}
        />
        {source === 'file' ? (
          <>
            <FileInput
              label="Archivo de video (MP4 o WebM)"
              placeholder={jugada?.video.kind === 'file' && !file ? 'Video actual (elegí otro para cambiarlo)' : 'Elegí un archivo'}
              accept="video/mp4,video/webm"
              value={file}
              onChange={chooseFile}
              leftSection={<IconUpload size={16} aria-hidden />}
              error={errors.video}
            />
            {progress !== null && <UploadProgress label="Subiendo video" value={progress} />}
            {videoId && file && progress === null && (
              <Text size="sm" c="green.8">
                Video subido.
              </Text>
            )}
          </>
        ) : (
          <TextInput
            label="Dirección de YouTube"
            placeholder="https://www.youtube.com/watch?v=…"
            value={youtube}
            onChange={(e) => setYoutube(e.currentTarget.value)}
            error={errors.video}
          />
        )}
      </Stack>
      <SimpleGrid cols={2}>
        <NumberInput
          label="Desde (segundos)"
          description="Opcional"
          min={0}
          decimalScale={2}
          decimalSeparator=","
          value={start}
          onChange={setStart}
          error={errors.start}
        />
        <NumberInput
          label="Hasta (segundos)"
          description="Opcional"
          min={0}
          decimalScale={2}
          decimalSeparator=","
          value={end}
          onChange={setEnd}
          error={errors.end}
        />
      </SimpleGrid>
      <TextInput label="Consigna" value={prompt} onChange={(e) => setPrompt(e.currentTarget.value)} error={errors.prompt} />
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
        <NumberInput
          label="Momento de la infracción (segundos)"
          description="Opcional"
          min={0}
          decimalScale={2}
          decimalSeparator=","
          value={moment}
          onChange={setMoment}
          error={errors.moment}
        />
        <NumberInput
          label="Tolerancia (segundos)"
          description="Para el momento"
          min={0}
          decimalScale={2}
          decimalSeparator=","
          value={tolerance}
          onChange={setTolerance}
          error={errors.tolerance}
        />
      </SimpleGrid>
      <Textarea
        label="Explicación"
        description="Se muestra al alumno después de responder (por ejemplo, la regla que se aplica)"
        autosize
        minRows={3}
        value={explanation}
        onChange={(e) => setExplanation(e.currentTarget.value)}
        error={errors.explanation}
      />
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
