import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, Modal, NativeSelect, NumberInput, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { matchReviewMessages as m } from '../../../../shared/messages.ts';
import type { ModuleWithQuestions } from '../../../../shared/schemas/content.ts';
import type { JugadaOptions, JugadaUse } from '../../../../shared/schemas/jugadas.ts';
import { clockText, type MatchComment } from '../../../../shared/schemas/match-comments.ts';
import { notify } from '../../../components/notify.ts';
import { api, ApiError } from '../../../lib/api.ts';
import { jugadaKeys, moduleKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { commentHeading } from './match-comments.tsx';

/** The default clip: this many seconds before and after the comment's moment. */
const AROUND = 5;

interface JugadaFormValues {
  moduleId: string;
  start: number;
  end: number;
  use: JugadaUse;
  prompt: string;
  decisionId: string;
  sanctionId: string;
  explanation: string;
}

/** The clip of the moment, then the jugada with it (the module's jugadas and the exam's pool read it from there). */
function useCreateJugada(commentId: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: async (values: JugadaFormValues) => {
      const clip = await api<{ videoId: string; startSeconds: number; endSeconds: number }>(
        `/api/match-comments/${encodeURIComponent(commentId)}/clip`,
        { method: 'POST', body: { startSeconds: values.start, endSeconds: values.end } },
      );
      return api(`/api/modules/${encodeURIComponent(values.moduleId)}/jugadas`, {
        method: 'POST',
        body: {
          video: { kind: 'file', videoId: clip.videoId },
          start: null,
          end: null,
          prompt: values.prompt,
          correctDecisionId: values.decisionId,
          correctSanctionId: values.sanctionId,
          // The comment's moment, within the clip: where the trainee should mark the call.
          moment: null,
          tolerance: 1,
          explanation: values.explanation,
          use: values.use,
        },
      });
    },
    onSuccess: (_data, values) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: jugadaKeys.ofModule(values.moduleId) }),
        queryClient.invalidateQueries({ queryKey: jugadaKeys.courseLists() }),
      ]),
    meta: { handlesOwnErrors: true },
  });
}

const choose = (label: string, list: Array<{ id: string; label: string }>) => [
  { value: '', label },
  ...list.map((o) => ({ value: o.id, label: o.label })),
];

/** The clip's span, the module and its use; the question, the correct call and its explanation. */
function JugadaFields(props: {
  values: JugadaFormValues;
  set: (patch: Partial<JugadaFormValues>) => void;
  modules: ModuleWithQuestions[];
  options: JugadaOptions | undefined;
}) {
  const { values, set, modules: moduleList, options } = props;
  return (
    <>
      <Group grow gap="xs" wrap="wrap">
        <NumberInput
          label={m.clipFrom}
          description={clockText(values.start)}
          min={0}
          step={1}
          decimalScale={1}
          value={values.start}
          onChange={(v) => set({ start: Number(v) || 0 })}
          required
        />
        <NumberInput
          label={m.clipTo}
          description={clockText(values.end)}
          min={0}
          step={1}
          decimalScale={1}
          value={values.end}
          onChange={(v) => set({ end: Number(v) || 0 })}
          required
        />
      </Group>
      <NativeSelect
        label={m.clipModule}
        required
        data={choose(
          'Elegí un módulo',
          moduleList.map((module) => ({ id: module.id, label: module.name })),
        )}
        value={values.moduleId}
        onChange={(e) => set({ moduleId: e.currentTarget.value })}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="clip-use">
          {m.clipUse}
        </Text>
        <SegmentedControl
          aria-labelledby="clip-use"
          data={[
            { value: 'practica', label: 'Práctica' },
            { value: 'examen', label: 'Examen' },
            { value: 'ambos', label: 'Ambos' },
          ]}
          value={values.use}
          onChange={(value) => set({ use: value as JugadaUse })}
        />
      </Stack>
      <Textarea
        label={m.clipPrompt}
        required
        autosize
        minRows={2}
        value={values.prompt}
        onChange={(e) => set({ prompt: e.currentTarget.value })}
        placeholder="¿Qué cobrás?"
      />
      <Group grow gap="xs" wrap="wrap">
        <NativeSelect
          label={m.clipDecision}
          required
          data={choose('Elegí la decisión', options?.decisions ?? [])}
          value={values.decisionId}
          onChange={(e) => set({ decisionId: e.currentTarget.value })}
        />
        <NativeSelect
          label={m.clipSanction}
          required
          data={choose('Elegí la sanción', options?.sanctions ?? [])}
          value={values.sanctionId}
          onChange={(e) => set({ sanctionId: e.currentTarget.value })}
        />
      </Group>
      <Textarea
        label={m.clipExplanation}
        autosize
        minRows={2}
        value={values.explanation}
        onChange={(e) => set({ explanation: e.currentTarget.value })}
      />
    </>
  );
}

/**
 * 'Convertir en jugada': the clip's span (10 s around the comment by default), the module, what it
 * is for (practice, the video exam's pool, or both), the question and the correct call.
 */
export function ToJugadaDialog(props: { courseId: string; comment: MatchComment; opened: boolean; onClose: () => void }) {
  const { courseId, comment, opened, onClose } = props;
  const modules = useQuery({
    queryKey: moduleKeys.ofCourse(courseId),
    queryFn: ({ signal }) =>
      api<{ modules: ModuleWithQuestions[] }>(`/api/courses/${encodeURIComponent(courseId)}/modules`, { signal }).then((r) => r.modules),
    enabled: opened,
  });
  const options = useQuery({
    queryKey: jugadaKeys.options(courseId),
    queryFn: ({ signal }) =>
      api<{ options: JugadaOptions }>(`/api/courses/${encodeURIComponent(courseId)}/jugada-options`, { signal }).then((r) => r.options),
    enabled: opened,
  });
  const [values, setValues] = useState<JugadaFormValues>(() => ({
    moduleId: '',
    start: Math.max(0, Math.round((comment.atSeconds - AROUND) * 10) / 10),
    end: Math.round((comment.atSeconds + AROUND) * 10) / 10,
    use: 'practica',
    prompt: '',
    decisionId: '',
    sanctionId: '',
    explanation: comment.body,
  }));
  const set = (patch: Partial<JugadaFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const create = useCreateJugada(comment.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(values, {
      onSuccess: () => {
        notify(m.toJugada, m.clipCreated);
        onClose();
      },
    });
  };
  const moduleList = (modules.data ?? []).filter((module) => !module.archivedAt);

  return (
    <Modal opened={opened} onClose={onClose} title={m.toJugada} size="lg">
      <Stack gap="sm" component="form" onSubmit={submit}>
        <Text size="sm">
          {commentHeading(comment)}. {m.toJugadaHint}
        </Text>
        <JugadaFields values={values} set={set} modules={moduleList} options={options.data} />
        {create.error && (
          <Alert color="red" role="alert">
            {create.error instanceof ApiError ? create.error.message : m.playerFailed}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {m.cancel}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {m.clipCreate}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
