import { useState } from 'react';
import {
  Alert,
  Button,
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
import { EXAM_TITLE_MAX, type BankList, type Exam } from '../../../../shared/schemas/exams.ts';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../components/notify.ts';
import { useSaveExam } from '../api/save-exam.ts';
import { useBankForExam, useModulesForExam } from '../api/use-exam-form-data.ts';
import {
  examBody,
  examFormValues,
  scheduleBody,
  toFormErrors,
  validateExamForm,
  type ExamForm,
  type ExamFormValues,
} from '../exam-form-schema.ts';

const emptyBank: BankList = { questions: [], chapters: [], editions: [] };
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
        <TextInput type="datetime-local" label="Abre" description="Opcional" {...form.getInputProps('opensAt')} />
        <TextInput type="datetime-local" label="Cierra" description="Opcional" {...form.getInputProps('closesAt')} />
      </SimpleGrid>
    </>
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
      {form.values.perChapter.length > 0 && (
        <Fieldset legend="Preguntas por capítulo (opcional)" variant="filled" p="sm">
          <Text size="sm" c="gray.7" mb="xs">
            Cuántas saca de cada capítulo; el resto sale de cualquiera.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {form.values.perChapter.map((row, index) => (
              <NumberInput
                key={row.chapter}
                label={row.chapter}
                description={row.available === null ? 'No está en el banco' : `${row.available} en el banco`}
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
      )}
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
        onChange={(ids) => {
          form.setFieldValue('fixedQuestionIds', ids);
          form.setFieldValue(
            'criticalQuestionIds',
            form.values.criticalQuestionIds.filter((id) => ids.includes(id)),
          );
        }}
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

interface ExamFieldsProps {
  form: ExamForm;
  bank: BankList;
  modules: Array<{ value: string; label: string }>;
}

/** Every field of an exam without attempts. */
function ExamFields({ form, bank, modules }: ExamFieldsProps) {
  return (
    <>
      <TextInput label="Título" maxLength={EXAM_TITLE_MAX} {...form.getInputProps('title')} />
      <Select
        label="Módulo"
        placeholder="Elegí el módulo"
        data={modules}
        searchable
        nothingFoundMessage="Ningún módulo coincide"
        {...form.getInputProps('moduleId')}
      />
      <QuestionFields form={form} bank={bank} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NumberInput label="Tiempo (minutos)" min={1} allowDecimal={false} {...form.getInputProps('timeMinutes')} />
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
  modules: Array<{ value: string; label: string }>;
  onDone: () => void;
  onCancel: () => void;
}

/** The form itself, once the bank and the modules are at hand. */
function ExamFormBody({ courseId, exam, bank, modules, onDone, onCancel }: ExamFormBodyProps) {
  const scheduleOnly = (exam?.attemptsStarted ?? 0) > 0;
  const save = useSaveExam(courseId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ExamFormValues>({
    mode: 'controlled',
    initialValues: examFormValues(bank, exam ?? undefined),
    validate: (values) => validateExamForm(values, scheduleOnly),
  });

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
        if (error instanceof ApiError && error.fields) form.setErrors(toFormErrors(error.fields, chapterRow));
        setFailure(error instanceof ApiError ? error.message : messages.internal);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Fieldset variant="unstyled" m={0} p={0} disabled={save.isPending}>
        <Stack gap="md">
          {scheduleOnly && <Alert color="blue">{examMessages.examStarted}</Alert>}
          {scheduleOnly ? <ScheduleFields form={form} /> : <ExamFields form={form} bank={bank} modules={modules} />}
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
  const bank = useBankForExam(courseId, opened && !scheduleOnly);
  const modules = useModulesForExam(courseId);
  const moduleChoices = (modules.data ?? [])
    .filter((module) => !module.archivedAt || module.id === exam?.moduleId)
    .map((module) => ({ value: module.id, label: module.name }));
  const ready = scheduleOnly || (bank.data && modules.data);
  const loadError = !scheduleOnly && (bank.error ?? modules.error);

  return (
    <Modal opened={opened} onClose={onClose} title={exam ? 'Editar examen' : 'Nuevo examen'} size="lg" fullScreen={phone ?? false}>
      {loadError ? (
        <Alert color="red" role="alert" title="No se pudo abrir el formulario">
          {loadError instanceof Error ? loadError.message : messages.internal}
        </Alert>
      ) : !ready ? (
        <Group justify="center" p="xl">
          <Loader aria-label="Cargando el banco de preguntas" />
        </Group>
      ) : (
        <ExamFormBody
          key={`${exam?.id ?? 'nuevo'}-${scheduleOnly}`}
          courseId={courseId}
          exam={exam}
          bank={bank.data ?? emptyBank}
          modules={moduleChoices}
          onDone={onClose}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}
