import { useState } from 'react';
import { Link } from 'wouter';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Loader,
  Modal,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { examMessages, messages } from '../../../../shared/messages.ts';
import {
  ANSWER_SECONDS_MAX,
  ANSWER_SECONDS_MIN,
  EXAM_TITLE_MAX,
  VIEWS_PER_CLIP_MAX,
  type BankList,
  type Exam,
  type ExamKind,
} from '../../../../shared/schemas/exams.ts';
import { ApiError } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { notify } from '../../../components/notify.ts';
import { useSaveExam } from '../api/save-exam.ts';
import { useBankForExam, useClipPoolForExam, useModulesForExam } from '../api/use-exam-form-data.ts';
import {
  defaultCount,
  emptyPool,
  examBody,
  examFormValues,
  perChapterRows,
  scheduleBody,
  toFormErrors,
  validateExamForm,
  type ClipPool,
  type ExamForm,
  type ExamFormValues,
} from '../exam-form-schema.ts';
import { useErrorFocus } from '../../../lib/focus-first-error.ts';
import { MomentField } from '../../../components/date-fields.tsx';

const emptyBank: BankList = { questions: [], chapters: [], editions: [] };
/** 'Tipo' as the admin reads it. */
export const examKindLabels: Record<ExamKind, string> = { reglamento: 'Reglamento', video: 'Video' };
const short = (text: string, max = 90) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** 'Abre', 'Cierra' and 'Resultados': what can still change once attempts started. */
function ScheduleFields({ form }: { form: ExamForm }) {
  return (
    <>
      <Radio.Group
        label="Resultados"
        description="Cuándo ve cada alumno las respuestas correctas y las explicaciones"
        {...form.getInputProps('resultsRelease')}
      >
        <Stack gap="xs" mt={6}>
          <Radio value="al-entregar" label="Al entregar" />
          <Radio value="al-cerrar" label="Cuando cierre el examen" />
        </Stack>
      </Radio.Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <MomentField label="Abre" description="Opcional" {...form.getInputProps('opensAt')} />
        <MomentField label="Cierra" description="Opcional" {...form.getInputProps('closesAt')} />
      </SimpleGrid>
    </>
  );
}

interface PerGroupCountsProps {
  form: ExamForm;
  legend: string;
  hint: string;
  /** What a row's description says of how many items it has ('12 en el banco'); null: it no longer has any. */
  available: (count: number | null) => string;
}

/** 'Preguntas por capítulo' or 'Jugadas por etiqueta': a count per row, the whole fieldset's error under it. */
function PerGroupCounts({ form, legend, hint, available }: PerGroupCountsProps) {
  if (form.values.perChapter.length === 0) return null;
  return (
    <Fieldset legend={legend} variant="filled" p="sm">
      <Text size="sm" c="gray.7" mb="xs">
        {hint}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {form.values.perChapter.map((row, index) => (
          <NumberInput
            key={row.chapter}
            label={row.chapter}
            description={available(row.available)}
            min={0}
            allowDecimal={false}
            {...form.getInputProps(`perChapter.${index}.count`)}
          />
        ))}
      </SimpleGrid>
      {form.errors['perChapter'] && (
        <Text c="red.9" size="sm" mt="xs" role="alert">
          {form.errors['perChapter']}
        </Text>
      )}
    </Fieldset>
  );
}

/** The fixed items chosen: the critical ones are only among them. */
function setFixed(form: ExamForm, ids: string[]) {
  form.setFieldValue('fixedQuestionIds', ids);
  form.setFieldValue(
    'criticalQuestionIds',
    form.values.criticalQuestionIds.filter((id) => ids.includes(id)),
  );
}

/** The questions the exam draws: how many, how many of each chapter, and the fixed and critical ones. */
function QuestionFields({ form, bank }: { form: ExamForm; bank: BankList }) {
  const fixed = form.values.fixedQuestionIds;
  const byChapter = new Map<string, Array<{ value: string; label: string }>>();
  for (const question of bank.questions) {
    const items = byChapter.get(question.chapter) ?? [];
    items.push({ value: question.id, label: short(question.text) });
    byChapter.set(question.chapter, items);
  }
  const choices = [...byChapter].map(([group, items]) => ({ group, items }));
  const fixedChoices = bank.questions.filter((q) => fixed.includes(q.id)).map((q) => ({ value: q.id, label: short(q.text) }));
  return (
    <>
      <NumberInput label="Cantidad de preguntas" min={1} allowDecimal={false} {...form.getInputProps('questionCount')} />
      <PerGroupCounts
        form={form}
        legend="Preguntas por capítulo (opcional)"
        hint="Cuántas saca de cada capítulo; el resto sale de cualquiera."
        available={(count) => (count === null ? 'No está en el banco' : `${count} en el banco`)}
      />
      <MultiSelect
        label="Preguntas fijas"
        description="Salen en todos los intentos. Escribí para buscar."
        placeholder={fixed.length === 0 ? 'Buscar en el banco' : undefined}
        data={choices}
        searchable
        clearable
        limit={60}
        maxDropdownHeight={280}
        nothingFoundMessage="Ninguna pregunta coincide"
        {...form.getInputProps('fixedQuestionIds')}
        onChange={(ids) => setFixed(form, ids)}
      />
      <MultiSelect
        label="Críticas"
        description="Entre las fijas: quien responde mal una no aprueba, sea cual sea su nota."
        placeholder={fixed.length === 0 ? 'Elegí primero las preguntas fijas' : undefined}
        data={fixedChoices}
        disabled={fixed.length === 0}
        searchable
        clearable
        {...form.getInputProps('criticalQuestionIds')}
      />
    </>
  );
}

const clipCount = (count: number) => (count === 1 ? '1 jugada' : `${count} jugadas`);

/** 'Reglas del juego, jugada 2: ¿Qué cobrás? (Sanción progresiva, 7 metros)': the picker finds a clip by any of these. */
const clipLabel = (clip: ClipPool['clips'][number]) =>
  `${clip.moduleName}, jugada ${clip.number}: ${clip.prompt}${clip.tags.length > 0 ? ` (${clip.tags.join(', ')})` : ''}`;

/** Without clips for exams a video exam has nothing to draw: how to mark some, and where. */
function EmptyPoolAlert({ courseId }: { courseId: string }) {
  return (
    <Alert color="yellow" title="El curso no tiene jugadas para examen">
      <Stack gap={6} align="flex-start">
        <Text size="sm">
          Un examen de video saca sus jugadas de las del curso con uso «Examen» o «Ambos». Abrí una jugada con video subido y elegí su uso
          (las de uso «Examen» no aparecen en la práctica):
        </Text>
        <Anchor component={Link} href={paths.adminCourseJugadas(courseId)} size="sm" fw={600}>
          Jugadas del curso
        </Anchor>
      </Stack>
    </Alert>
  );
}

/** 'Crítica' beside each fixed clip: answering one wrong fails the exam. */
function CriticalClips({ form, pool }: { form: ExamForm; pool: ClipPool }) {
  const fixed = pool.clips.filter((clip) => form.values.fixedQuestionIds.includes(clip.id));
  if (fixed.length === 0) return null;
  const critical = form.values.criticalQuestionIds;
  const toggle = (id: string, on: boolean) =>
    form.setFieldValue('criticalQuestionIds', on ? [...critical, id] : critical.filter((other) => other !== id));
  return (
    <Fieldset legend="Críticas" variant="filled" p="sm">
      <Text size="sm" c="gray.7" mb="xs">
        Entre las fijas: quien responde mal una jugada crítica no aprueba, sea cual sea su nota.
      </Text>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {fixed.map((clip) => (
          <Group key={clip.id} component="li" justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
            <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {clipLabel(clip)}
            </Text>
            <Checkbox
              label="Crítica"
              aria-label={`Crítica: ${clipLabel(clip)}`}
              checked={critical.includes(clip.id)}
              onChange={(event) => toggle(clip.id, event.currentTarget.checked)}
              style={{ flexShrink: 0 }}
            />
          </Group>
        ))}
      </Stack>
      {form.errors['criticalQuestionIds'] && (
        <Text c="red.9" size="sm" mt="xs" role="alert">
          {form.errors['criticalQuestionIds']}
        </Text>
      )}
    </Fieldset>
  );
}

/** The clips a video exam draws: how many (the pool's size beside), how many of each tag, the fixed and critical ones. */
function ClipFields({ form, pool, courseId }: { form: ExamForm; pool: ClipPool; courseId: string }) {
  const fixed = form.values.fixedQuestionIds;
  return (
    <>
      {pool.clips.length === 0 && <EmptyPoolAlert courseId={courseId} />}
      <NumberInput
        label="Cantidad de jugadas"
        description={`El curso tiene ${clipCount(pool.clips.length)} para examen`}
        min={1}
        allowDecimal={false}
        {...form.getInputProps('questionCount')}
      />
      <PerGroupCounts
        form={form}
        legend="Jugadas por etiqueta (opcional)"
        hint="Cuántas saca de cada etiqueta; el resto sale de cualquiera."
        available={(count) => (count === null ? 'Ninguna jugada para examen la tiene' : `${clipCount(count)} para examen`)}
      />
      <MultiSelect
        label="Jugadas fijas"
        description="Salen en todos los intentos. Escribí para buscar por módulo, consigna o etiqueta."
        placeholder={fixed.length === 0 ? 'Buscar entre las jugadas para examen' : undefined}
        data={pool.clips.map((clip) => ({ value: clip.id, label: short(clipLabel(clip), 120) }))}
        disabled={pool.clips.length === 0 && fixed.length === 0}
        searchable
        clearable
        limit={60}
        maxDropdownHeight={280}
        nothingFoundMessage="Ninguna jugada coincide"
        {...form.getInputProps('fixedQuestionIds')}
        onChange={(ids) => setFixed(form, ids)}
      />
      <CriticalClips form={form} pool={pool} />
    </>
  );
}

/** 'Tipo', chosen once: a new exam's radio buttons, an existing exam's kind as text. */
function KindField({ form, fixed, onChange }: { form: ExamForm; fixed: boolean; onChange: (kind: ExamKind) => void }) {
  if (fixed) {
    return (
      <Text size="sm">
        <Text span size="sm" fw={600}>
          Tipo:
        </Text>{' '}
        {examKindLabels[form.values.kind]}
      </Text>
    );
  }
  return (
    <Radio.Group label="Tipo" value={form.values.kind} onChange={(value) => onChange(value === 'video' ? 'video' : 'reglamento')}>
      <Group gap="xl" mt={6} align="flex-start">
        <Radio value="reglamento" label="Reglamento" description="Preguntas del banco" />
        <Radio value="video" label="Video" description="Jugadas del curso" />
      </Group>
    </Radio.Group>
  );
}

interface ExamFieldsProps {
  form: ExamForm;
  bank: BankList;
  pool: ClipPool;
  courseId: string;
  modules: Array<{ value: string; label: string }>;
  /** An existing exam keeps its kind. */
  kindFixed: boolean;
  onKindChange: (kind: ExamKind) => void;
}

/** A video exam's conditions per clip, in place of the rules exam's overall time. */
function ClipConditionFields({ form }: { form: ExamForm }) {
  return (
    <>
      <NumberInput
        label="Vistas por jugada"
        description={`De 1 a ${VIEWS_PER_CLIP_MAX}`}
        min={1}
        max={VIEWS_PER_CLIP_MAX}
        allowDecimal={false}
        {...form.getInputProps('viewsPerClip')}
      />
      <NumberInput
        label="Tiempo para responder (segundos)"
        description="Desde que termina la última vista"
        min={ANSWER_SECONDS_MIN}
        max={ANSWER_SECONDS_MAX}
        allowDecimal={false}
        {...form.getInputProps('answerSeconds')}
      />
    </>
  );
}

/** Every field of an exam without attempts. */
function ExamFields({ form, bank, pool, courseId, modules, kindFixed, onKindChange }: ExamFieldsProps) {
  const video = form.values.kind === 'video';
  return (
    <>
      <KindField form={form} fixed={kindFixed} onChange={onKindChange} />
      <TextInput label="Título" withAsterisk maxLength={EXAM_TITLE_MAX} {...form.getInputProps('title')} />
      <Select
        label="Módulo"
        withAsterisk
        placeholder="Elegí el módulo"
        data={modules}
        searchable
        nothingFoundMessage="Ningún módulo coincide"
        {...form.getInputProps('moduleId')}
      />
      {video ? <ClipFields form={form} pool={pool} courseId={courseId} /> : <QuestionFields form={form} bank={bank} />}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {video ? (
          <ClipConditionFields form={form} />
        ) : (
          <NumberInput label="Tiempo (minutos)" min={1} allowDecimal={false} {...form.getInputProps('timeMinutes')} />
        )}
        <NumberInput label="Nota para aprobar (%)" min={1} max={100} allowDecimal={false} {...form.getInputProps('passPercent')} />
        <NumberInput label="Intentos" min={1} allowDecimal={false} {...form.getInputProps('attempts')} />
        <NumberInput label="Espera entre intentos (horas)" min={0} allowDecimal={false} {...form.getInputProps('waitHours')} />
      </SimpleGrid>
      <ScheduleFields form={form} />
    </>
  );
}

interface ExamFormBodyProps {
  courseId: string;
  exam: Exam | null;
  bank: BankList;
  pool: ClipPool;
  modules: Array<{ value: string; label: string }>;
  onDone: () => void;
  onCancel: () => void;
}

/** A new exam's count: 30 questions, or 10 clips (fewer when the course has fewer for exams). */
const startCount = (kind: ExamKind, pool: ClipPool) =>
  kind === 'video' ? Math.min(defaultCount.video, pool.clips.length) || defaultCount.video : defaultCount.reglamento;

/** The form itself, once the bank (or the clips for exams) and the modules are at hand. */
function ExamFormBody({ courseId, exam, bank, pool, modules, onDone, onCancel }: ExamFormBodyProps) {
  const scheduleOnly = (exam?.attemptsStarted ?? 0) > 0;
  const save = useSaveExam(courseId);
  const [failure, setFailure] = useState<string | null>(null);
  const errorFocus = useErrorFocus();
  const form = useForm<ExamFormValues>({
    mode: 'controlled',
    initialValues: examFormValues(bank, exam ?? undefined, pool),
    validate: (values) => validateExamForm(values, scheduleOnly),
    // The server's last refusal is about values no longer there.
    onValuesChange: () => setFailure(null),
  });
  // Another kind draws from another source: its own rows and fixed items; a count still at the default follows it.
  const changeKind = (kind: ExamKind) => {
    const { questionCount } = form.values;
    form.setValues({
      kind,
      questionCount: questionCount === startCount(form.values.kind, pool) ? startCount(kind, pool) : questionCount,
      perChapter: perChapterRows(kind, bank, pool),
      fixedQuestionIds: [],
      criticalQuestionIds: [],
    });
    form.clearErrors();
    setFailure(null);
  };

  const submit = form.onSubmit((values) => {
    setFailure(null);
    const { body, chapterRow } = examBody(values);
    const request = scheduleOnly
      ? ({ kind: 'schedule', examId: exam!.id, body: scheduleBody(values) } as const)
      : exam
        ? ({ kind: 'update', examId: exam.id, body } as const)
        : ({ kind: 'create', body } as const);
    save.mutate(request, {
      onSuccess: () => {
        notify(exam ? examMessages.examSaved : examMessages.examCreated, values.title);
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) {
          form.setErrors(toFormErrors(error.fields, chapterRow));
          errorFocus.focus();
        }
        setFailure(error instanceof ApiError ? error.message : messages.internal);
      },
    });
  });

  return (
    <form ref={errorFocus.ref} onSubmit={errorFocus.onSubmit(submit)} noValidate>
      <Fieldset variant="unstyled" m={0} p={0} disabled={save.isPending}>
        <Stack gap="md">
          {scheduleOnly && <Alert color="blue">{examMessages.examStarted}</Alert>}
          {scheduleOnly ? (
            <ScheduleFields form={form} />
          ) : (
            <ExamFields
              form={form}
              bank={bank}
              pool={pool}
              courseId={courseId}
              modules={modules}
              kindFixed={exam !== null}
              onKindChange={changeKind}
            />
          )}
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancelar
            </Button>
            <Button type="submit" loading={save.isPending}>
              {exam ? 'Guardar cambios' : 'Crear examen'}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}

interface ExamFormModalProps {
  courseId: string;
  opened: boolean;
  /** The exam being edited; null for 'Nuevo examen'. */
  exam: Exam | null;
  onClose: () => void;
}

/** 'Nuevo examen' and 'Editar', in a dialog (the whole screen on a phone). */
export function ExamFormModal({ courseId, opened, exam, onClose }: ExamFormModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const scheduleOnly = (exam?.attemptsStarted ?? 0) > 0;
  // A new exam may be of either kind; an existing one needs only its own source.
  const needsBank = !scheduleOnly && exam?.kind !== 'video';
  const needsPool = !scheduleOnly && exam?.kind !== 'reglamento';
  const bank = useBankForExam(courseId, opened && needsBank);
  const pool = useClipPoolForExam(courseId, opened && needsPool);
  const modules = useModulesForExam(courseId);
  const moduleChoices = (modules.data ?? [])
    .filter((module) => !module.archivedAt || module.id === exam?.moduleId)
    .map((module) => ({ value: module.id, label: module.name }));
  const ready = scheduleOnly || ((!needsBank || bank.data) && (!needsPool || pool.data) && modules.data);
  const loadError = !scheduleOnly && ((needsBank && bank.error) || (needsPool && pool.error) || modules.error);

  return (
    <Modal opened={opened} onClose={onClose} title={exam ? 'Editar examen' : 'Nuevo examen'} size="lg" fullScreen={phone ?? false}>
      {loadError ? (
        <Alert color="red" role="alert" title="No se pudo abrir el formulario">
          {loadError instanceof Error ? loadError.message : messages.internal}
        </Alert>
      ) : !ready ? (
        <Group justify="center" p="xl">
          <Loader role="status" aria-label="Cargando el formulario" />
        </Group>
      ) : (
        <ExamFormBody
          key={`${exam?.id ?? 'nuevo'}-${scheduleOnly}`}
          courseId={courseId}
          exam={exam}
          bank={bank.data ?? emptyBank}
          pool={pool.data ?? emptyPool}
          modules={moduleChoices}
          onDone={onClose}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}
