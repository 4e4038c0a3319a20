import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  NumberInput,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { examMessages } from '../../../../shared/messages.ts';
import {
  EDITION_MAX,
  EDITION_MIN,
  OPTION_LETTERS,
  OPTIONS_MAX,
  OPTIONS_MIN,
  bankQuestionInputSchema,
  type BankQuestion,
  type BankQuestionInput,
} from '../../../../shared/schemas/exams.ts';
import { notify } from '../../../components/notify.ts';
import { showOnForm } from '../../../lib/api.ts';
import { useSaveQuestion } from '../api/save-question.ts';
import { useErrorFocus } from '../../../lib/focus-first-error.ts';
import { useRowFocus } from '../../../lib/row-focus.ts';

/** The form's values: the API's fields, the edition as the number field gives it ('' while empty). */
type QuestionFields = Omit<BankQuestionInput, 'edition'> & { edition: number | string };

const emptyQuestion = (edition: number): QuestionFields => ({
  text: '',
  options: ['', ''],
  correct: [],
  chapter: '',
  rule: '',
  explanation: '',
  edition,
});

const valuesOf = (question: BankQuestion): QuestionFields => ({
  text: question.text,
  options: [...question.options],
  correct: [...question.correct],
  chapter: question.chapter,
  rule: question.rule,
  explanation: question.explanation,
  edition: question.edition,
});

// @mantine/form's own type names do not resolve under NodeNext, so name the form by what useForm returns.
type QuestionForm = ReturnType<typeof useForm<QuestionFields>>;

interface QuestionFormModalProps {
  courseId: string;
  opened: boolean;
  /** The question edited; null for 'Nueva pregunta'. */
  question: BankQuestion | null;
  /** The course's chapters, offered as the chapter is typed. */
  chapters: string[];
  /** The edition of the rules a new question is of: the one the course's bank uses. */
  edition: number;
  onClose: () => void;
}

/** 'Nueva pregunta' and 'Editar', in a dialog (the whole screen on a phone). */
export function QuestionFormModal({ courseId, opened, question, chapters, edition, onClose }: QuestionFormModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={question ? 'Editar pregunta' : 'Nueva pregunta'}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {opened && (
        <QuestionFormBody
          key={question?.id ?? 'nueva'}
          courseId={courseId}
          question={question}
          chapters={chapters}
          edition={edition}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

interface QuestionFormBodyProps {
  courseId: string;
  question: BankQuestion | null;
  chapters: string[];
  edition: number;
  onDone: () => void;
}

function QuestionFormBody({ courseId, question, chapters, edition, onDone }: QuestionFormBodyProps) {
  const save = useSaveQuestion(courseId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<QuestionFields>({
    mode: 'controlled',
    initialValues: question ? valuesOf(question) : emptyQuestion(edition),
    validate: zod4Resolver(bankQuestionInputSchema),
  });

  const errorFocus = useErrorFocus();

  const submit = form.onSubmit((values) => {
    setFailure(null);
    save.mutate(
      { id: question?.id ?? null, input: { ...values, edition: Number(values.edition) } },
      {
        onSuccess: () => {
          notify(examMessages.bankQuestionCreated, values.text.trim().slice(0, 120));
          onDone();
        },
        onError: showOnForm(form, setFailure),
      },
    );
  });

  return (
    <form ref={errorFocus.ref} onSubmit={errorFocus.onSubmit(submit)} noValidate>
      <Fieldset variant="unstyled" m={0} disabled={save.isPending}>
        <Stack gap="sm">
          <Textarea label="Pregunta" required autosize minRows={2} maxRows={8} data-autofocus {...form.getInputProps('text')} />
          <OptionsField form={form} />
          <Autocomplete
            label="Capítulo"
            description="Por ejemplo, Regla 8: los exámenes pueden pedir una cantidad de preguntas por capítulo."
            required
            data={chapters}
            {...form.getInputProps('chapter')}
          />
          <Group grow align="flex-start" wrap="wrap">
            <TextInput label="Regla" description="Opcional, por ejemplo 8:5" miw={140} {...form.getInputProps('rule')} />
            <NumberInput
              label="Edición del reglamento"
              required
              min={EDITION_MIN}
              max={EDITION_MAX}
              allowDecimal={false}
              allowNegative={false}
              miw={140}
              {...form.getInputProps('edition')}
            />
          </Group>
          <Textarea
            label="Explicación"
            description="Opcional: se muestra después de responder"
            autosize
            minRows={2}
            maxRows={8}
            {...form.getInputProps('explanation')}
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone}>
              Cancelar
            </Button>
            <Button type="submit" loading={save.isPending}>
              Guardar pregunta
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}

/** The 2 to 5 options, each with its 'Correcta' box, added and removed in place (the focus to the new one, or the one now in its place). */
function OptionsField({ form }: { form: QuestionForm }) {
  const { options, correct } = form.getValues();
  const { idOf, focusLater } = useRowFocus();
  const toggle = (index: number, checked: boolean) => {
    form.setFieldValue('correct', checked ? [...correct, index].sort((a, b) => a - b) : correct.filter((i) => i !== index));
    form.clearFieldError('correct');
  };
  const remove = (index: number) => {
    form.setValues({
      options: options.filter((_, i) => i !== index),
      // The right options after it move up one place.
      correct: correct.filter((i) => i !== index).map((i) => (i > index ? i - 1 : i)),
    });
    form.clearErrors();
    focusLater(idOf(Math.min(index, options.length - 2), 'text'));
  };
  const add = () => {
    form.insertListItem('options', '');
    focusLater(idOf(options.length, 'text'));
  };
  const listError = form.errors['options'] ?? form.errors['correct'];

  return (
    <Fieldset legend="Opciones (marcá las correctas)" p="sm">
      <Stack gap="xs">
        {options.map((_, index) => {
          const letter = OPTION_LETTERS[index]!;
          return (
            <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                id={idOf(index, 'text')}
                label={`Opción ${letter}`}
                required
                style={{ flex: 1, minWidth: 0 }}
                {...form.getInputProps(`options.${index}`)}
              />
              <Checkbox
                label="Correcta"
                aria-label={`La opción ${letter} es correcta`}
                checked={correct.includes(index)}
                onChange={(event) => toggle(index, event.currentTarget.checked)}
                mt={30}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mt={24}
                aria-label={`Quitar la opción ${letter}`}
                disabled={options.length <= OPTIONS_MIN}
                onClick={() => remove(index)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          );
        })}
        {listError && (
          <Text size="sm" c="red.8" role="alert">
            {listError}
          </Text>
        )}
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
          disabled={options.length >= OPTIONS_MAX}
          onClick={add}
        >
          Agregar opción
        </Button>
      </Stack>
    </Fieldset>
  );
}
