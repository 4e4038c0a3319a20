import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconCheck, IconPencil, IconTrash } from '@tabler/icons-react';
import { OPTION_LETTERS, type BankQuestion } from '../../../../shared/schemas/exams.ts';

export type QuestionAction = 'edit' | 'delete' | 'archive' | 'restore';

interface QuestionCardProps {
  question: BankQuestion;
  /** Its place in the list, for the buttons' names ('Editar pregunta 3'). */
  number: number;
  onAction: (action: QuestionAction) => void;
}

/** A question of the bank: its text and options (the right ones marked with a check and a word), where it comes from, and its actions. */
export function QuestionCard({ question, number, onAction }: QuestionCardProps) {
  const archived = Boolean(question.archivedAt);
  const meta = [question.chapter, question.rule, `Edición ${question.edition}`].filter(Boolean).join(' · ');
  return (
    <Paper component="li" withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap={6}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" c="gray.7">
            {meta}
          </Text>
          {question.used && (
            <Badge variant="light" color="blue" style={{ textTransform: 'none' }}>
              Usada en exámenes
            </Badge>
          )}
          {archived && (
            <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
              Archivada
            </Badge>
          )}
        </Group>
        <Text fw={600} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {question.text}
        </Text>
        <Stack component="ol" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Opciones">
          {question.options.map((option, index) => (
            <OptionLine key={index} letter={OPTION_LETTERS[index]!} text={option} right={question.correct.includes(index)} />
          ))}
        </Stack>
        {question.explanation && (
          <Text size="sm" c="gray.7" lineClamp={3} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            Explicación: {question.explanation}
          </Text>
        )}
        <QuestionButtons number={number} archived={archived} onAction={onAction} />
      </Stack>
    </Paper>
  );
}

/** 'b) Exclusión de 2 minutos ✓ Correcta': the right option says so in words, not only in colour. */
function OptionLine({ letter, text, right }: { letter: string; text: string; right: boolean }) {
  return (
    <Group component="li" gap={8} wrap="nowrap" align="flex-start">
      <Text size="sm" fw={right ? 700 : 400} style={{ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {letter}) {text}
      </Text>
      {right && (
        <Badge
          color="green"
          variant="light"
          leftSection={<IconCheck size={12} aria-hidden />}
          style={{ flexShrink: 0, textTransform: 'none' }}
        >
          Correcta
        </Badge>
      )}
    </Group>
  );
}

function QuestionButtons({
  number,
  archived,
  onAction,
}: {
  number: number;
  archived: boolean;
  onAction: (action: QuestionAction) => void;
}) {
  return (
    <Group gap="xs" mt={4}>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPencil size={14} aria-hidden />}
        onClick={() => onAction('edit')}
        aria-label={`Editar pregunta ${number}`}
      >
        Editar
      </Button>
      {archived ? (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconArchiveOff size={14} aria-hidden />}
          onClick={() => onAction('restore')}
          aria-label={`Restaurar pregunta ${number}`}
        >
          Restaurar
        </Button>
      ) : (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconArchive size={14} aria-hidden />}
          onClick={() => onAction('archive')}
          aria-label={`Archivar pregunta ${number}`}
        >
          Archivar
        </Button>
      )}
      <Button
        size="xs"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={() => onAction('delete')}
        aria-label={`Borrar pregunta ${number}`}
      >
        Borrar
      </Button>
    </Group>
  );
}
