import { Badge, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconCircleX, IconClockX, IconX } from '@tabler/icons-react';
import { CriticalBadge } from './attempt-review.tsx';
import type { ClipReview } from '../../../../shared/schemas/exams.ts';
import type { JugadaOptions } from '../../../../shared/schemas/jugadas.ts';
import { formatMoment, formatSeconds } from '../../../lib/seconds.ts';

type Reader = 'student' | 'admin';

interface ClipReviewListProps {
  review: ClipReview[];
  /** The course's decisions and sanctions (`attempt.jugadaOptions`): the answer's labels. */
  options: JugadaOptions;
  /** Whose answers: the trainee's own ('Elegiste') or a trainee's, as the admin reads them ('Eligió'). */
  reader: Reader;
  /** The heading level of each clip (under the page's or the dialog's own heading). */
  headingOrder?: 3 | 4;
}

/** The words of each reader: the trainee is spoken to ('vos'), the admin reads about the trainee. */
const words = {
  student: { chose: 'Elegiste', marked: 'Marcaste', notMarked: 'No marcaste el momento', answer: 'Tu respuesta' },
  admin: { chose: 'Eligió', marked: 'Marcó', notMarked: 'No marcó el momento', answer: 'Su respuesta' },
} as const;

function Verdict({ ok }: { ok: boolean }) {
  return (
    <ThemeIcon color={ok ? 'green' : 'red'} size={20} radius="xl" aria-hidden>
      {ok ? <IconCheck size={14} /> : <IconX size={14} />}
    </ThemeIcon>
  );
}

/** 'Bien', 'Mal' or 'Sin responder a tiempo', in words and an icon, not colour alone. */
function ClipVerdict({ clip }: { clip: ClipReview }) {
  const unanswered = clip.answer === null;
  const Icon = clip.right ? IconCircleCheck : unanswered ? IconClockX : IconCircleX;
  return (
    <Badge
      color={clip.right ? 'green' : 'red'}
      variant="light"
      leftSection={<Icon size={12} aria-hidden />}
      style={{ textTransform: 'none' }}
    >
      {clip.right ? 'Bien' : unanswered ? 'Sin responder a tiempo' : 'Mal'}
    </Badge>
  );
}

/** Each part of the call (decision, sanction, moment) right or wrong, what was chosen and the correct one. */
function AnswerParts({ clip, options, reader }: { clip: ClipReview; options: JugadaOptions; reader: Reader }) {
  const said = words[reader];
  const answer = clip.answer!;
  const label = (list: JugadaOptions['decisions'], id: string) => list.find((option) => option.id === id)?.label ?? '—';
  const part = (name: string, ok: boolean, chosen: string, correct: string) => (
    <List.Item icon={<Verdict ok={ok} />}>
      <Text span inherit fw={700}>
        {name}: {ok ? 'correcta' : 'incorrecta'}.
      </Text>{' '}
      {ok ? `${said.chose} ${chosen}.` : `${said.chose} ${chosen}; la correcta es ${correct}.`}
    </List.Item>
  );
  return (
    <List size="sm" spacing="xs" listStyleType="none" styles={{ itemWrapper: { alignItems: 'flex-start' } }}>
      {part('Decisión', clip.decisionCorrect, label(options.decisions, answer.decisionId), clip.correctDecision.label)}
      {part('Sanción', clip.sanctionCorrect, label(options.sanctions, answer.sanctionId), clip.correctSanction.label)}
      {clip.momentCorrect !== null && clip.correctMoment !== null && (
        <List.Item icon={<Verdict ok={clip.momentCorrect} />}>
          <Text span inherit fw={700}>
            Momento: {clip.momentCorrect ? 'correcto' : 'incorrecto'}.
          </Text>{' '}
          {answer.moment === null ? said.notMarked : `${said.marked} ${formatMoment(answer.moment)}`}; la infracción es a los{' '}
          {formatMoment(clip.correctMoment)} (con {formatSeconds(clip.tolerance)} de tolerancia).
        </List.Item>
      )}
    </List>
  );
}

/** A clip whose answer window closed unanswered: it counts as wrong; the correct call still shown. */
function Unanswered({ clip, reader }: { clip: ClipReview; reader: Reader }) {
  return (
    <Stack gap={4}>
      <Text size="sm">
        <Text span inherit fw={700}>
          {words[reader].answer}:
        </Text>{' '}
        sin responder a tiempo (cuenta como incorrecta).
      </Text>
      <Text size="sm">
        <Text span inherit fw={700}>
          La correcta:
        </Text>{' '}
        {clip.correctDecision.label} · {clip.correctSanction.label}
        {clip.correctMoment !== null && `, a los ${formatMoment(clip.correctMoment)} (con ${formatSeconds(clip.tolerance)} de tolerancia)`}.
      </Text>
    </Stack>
  );
}

/** A clip's 'Etiquetas', each on its own badge. */
function ClipTags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={4} component="ul" aria-label="Etiquetas" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {tags.map((tag) => (
        <Badge key={tag} component="li" color="gray" variant="outline" style={{ textTransform: 'none' }} maw="100%">
          {tag}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * Each clip of a graded video attempt: its prompt and tags, the call given (or that the window
 * closed unanswered), the correct call, the moment, the explanation — right and wrong said in
 * words and icons, not colour alone. The admin's answers dialog and the trainee's graded page.
 */
export function ClipReviewList({ review, options, reader, headingOrder = 3 }: ClipReviewListProps) {
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {review.map((clip) => (
        <Paper key={clip.position} component="li" withBorder p={{ base: 'sm', sm: 'md' }} radius="md" data-testid="revision-jugada">
          <Stack gap="xs">
            <Group justify="space-between" gap="xs">
              <Title order={headingOrder} size="h5">
                Jugada {clip.position + 1}
              </Title>
              <Group gap={6}>
                {clip.critical && <CriticalBadge />}
                <ClipVerdict clip={clip} />
              </Group>
            </Group>
            <Text fw={600} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {clip.prompt}
            </Text>
            <ClipTags tags={clip.tags} />
            {clip.answer ? <AnswerParts clip={clip} options={options} reader={reader} /> : <Unanswered clip={clip} reader={reader} />}
            {clip.explanation && (
              <div>
                <Text size="sm" fw={700}>
                  Explicación
                </Text>
                <Text size="sm" c="gray.8" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {clip.explanation}
                </Text>
              </div>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
