import { useRef, useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { messages } from '../../../../shared/messages.ts';
import { questionItem, type ModuleForm, type QuestionItem } from '../module-form-schema.ts';
import { useRowFocus } from '../../../lib/row-focus.ts';

type QuestionPart = 'up' | 'down' | 'remove' | 'text';

interface QuestionRowProps {
  form: ModuleForm;
  question: QuestionItem;
  index: number;
  last: boolean;
  idOf: (key: string, part: QuestionPart) => string;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

/** One question of the list: its text, and the buttons that move it up or down or remove it. */
function QuestionRow({ form, question, index, last, idOf, onMove, onRemove }: QuestionRowProps) {
  const number = index + 1;
  return (
    <li>
      <Paper withBorder radius="md" p="xs" bg="gray.0">
        <Group justify="space-between" wrap="nowrap" gap="xs" mb={4}>
          <Text component="label" htmlFor={idOf(question.key, 'text')} size="sm" fw={600}>
            Pregunta {number}
          </Text>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              id={idOf(question.key, 'up')}
              variant="subtle"
              aria-label={`Subir pregunta ${number}`}
              disabled={index === 0}
              onClick={() => onMove(index, index - 1)}
            >
              <IconArrowUp size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              id={idOf(question.key, 'down')}
              variant="subtle"
              aria-label={`Bajar pregunta ${number}`}
              disabled={last}
              onClick={() => onMove(index, index + 1)}
            >
              <IconArrowDown size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              id={idOf(question.key, 'remove')}
              variant="subtle"
              color="red"
              aria-label={`Eliminar pregunta ${number}`}
              onClick={() => onRemove(index)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        <Textarea id={idOf(question.key, 'text')} autosize minRows={1} maxRows={6} {...form.getInputProps(`questions.${index}.text`)} />
      </Paper>
    </li>
  );
}

/** The module's questions: add, edit, reorder and remove, all by keyboard too. */
export function QuestionListEditor({ form }: { form: ModuleForm }) {
  const { idOf, focusLater } = useRowFocus();
  const draftRef = useRef<HTMLInputElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const questions = form.values.questions;

  const add = () => {
    const text = form.values.draft.trim();
    if (!text) {
      form.setFieldError('draft', messages.writeQuestionFirst);
      draftRef.current?.focus();
      return;
    }
    form.insertListItem('questions', questionItem(text));
    form.setFieldValue('draft', '');
    setAnnouncement(`Pregunta ${questions.length + 1} agregada.`);
    draftRef.current?.focus();
  };

  const move = (from: number, to: number) => {
    const key = questions[from]?.key;
    if (key === undefined || to < 0 || to >= questions.length) return;
    form.reorderListItem('questions', { from, to });
    setAnnouncement(`Pregunta ${from + 1} movida a la posición ${to + 1}.`);
    // Keep the focus on the moved question; at either end the other arrow is the one still usable.
    const direction = to < from ? 'up' : 'down';
    const atEnd = to === 0 || to === questions.length - 1;
    focusLater(idOf(key, atEnd ? (direction === 'up' ? 'down' : 'up') : direction));
  };

  const remove = (index: number) => {
    const neighbour = questions[index + 1] ?? questions[index - 1];
    form.removeListItem('questions', index);
    setAnnouncement(`Pregunta ${index + 1} eliminada.`);
    if (neighbour) focusLater(idOf(neighbour.key, 'text'));
    else draftRef.current?.focus();
  };

  const listError = form.errors['questions'];

  return (
    <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={600} size="sm" p={0}>
        Preguntas ({questions.length})
      </Text>
      {questions.length === 0 ? (
        <Text size="sm" c="dimmed">
          Todavía no hay preguntas. Escribí una abajo y tocá «Agregar pregunta».
        </Text>
      ) : (
        <Stack component="ol" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {questions.map((question, index) => (
            <QuestionRow
              key={question.key}
              form={form}
              question={question}
              index={index}
              last={index === questions.length - 1}
              idOf={idOf}
              onMove={move}
              onRemove={remove}
            />
          ))}
        </Stack>
      )}
      {typeof listError === 'string' && (
        <Text size="sm" c="red.8" role="alert">
          {listError}
        </Text>
      )}
      <Group align="flex-end" gap="xs">
        <TextInput
          ref={draftRef}
          label="Nueva pregunta"
          placeholder="Escribí la pregunta"
          style={{ flex: '1 1 220px' }}
          {...form.getInputProps('draft')}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
          Agregar pregunta
        </Button>
      </Group>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}
