import { Alert, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { JugadaOptions, JugadaResult } from '../../../../shared/schemas/jugadas.ts';
import { formatMoment, formatSeconds } from '../../../lib/seconds.ts';

function Verdict({ ok }: { ok: boolean }) {
  return (
    <ThemeIcon color={ok ? 'green' : 'red'} size={22} radius="xl" aria-hidden>
      {ok ? <IconCheck size={14} /> : <IconX size={14} />}
    </ThemeIcon>
  );
}

const word = (ok: boolean) => (ok ? 'Correcto' : 'Incorrecto');

/** The graded call: each part right or wrong, the correct call and the admin's explanation. */
export function JugadaResultView({ result, options, practice }: { result: JugadaResult; options: JugadaOptions; practice: boolean }) {
  const label = (id: string) => [...options.decisions, ...options.sanctions].find((o) => o.id === id)?.label ?? '';
  return (
    <Alert
      color={result.correct ? 'green' : 'red'}
      variant="light"
      radius="md"
      title={result.correct ? 'Correcto' : 'Incorrecto'}
      icon={result.correct ? <IconCheck aria-hidden /> : <IconX aria-hidden />}
      role="status"
      data-testid="resultado-jugada"
    >
      <Stack gap="sm">
        {practice && <Text size="sm">Práctica: esta respuesta no cambia tu puntaje.</Text>}
        <List spacing="xs" listStyleType="none" styles={{ itemWrapper: { alignItems: 'flex-start' } }}>
          <List.Item icon={<Verdict ok={result.decisionCorrect} />}>
            <Text span fw={700}>
              Decisión: {word(result.decisionCorrect)}.
            </Text>{' '}
            {result.decisionCorrect
              ? `Elegiste ${result.correctDecision.label}.`
              : `Elegiste ${label(result.decisionId)}; la correcta es ${result.correctDecision.label}.`}
          </List.Item>
          <List.Item icon={<Verdict ok={result.sanctionCorrect} />}>
            <Text span fw={700}>
              Sanción: {word(result.sanctionCorrect)}.
            </Text>{' '}
            {result.sanctionCorrect
              ? `Elegiste ${result.correctSanction.label}.`
              : `Elegiste ${label(result.sanctionId)}; la correcta es ${result.correctSanction.label}.`}
          </List.Item>
          {result.momentCorrect !== null && result.correctMoment !== null && (
            <List.Item icon={<Verdict ok={result.momentCorrect} />}>
              <Text span fw={700}>
                Momento: {word(result.momentCorrect)}.
              </Text>{' '}
              {result.moment === null ? 'No marcaste el momento' : `Marcaste ${formatMoment(result.moment)}`}; la infracción es a los{' '}
              {formatMoment(result.correctMoment)} (con {formatSeconds(result.tolerance)} de tolerancia).
            </List.Item>
          )}
        </List>
        {result.explanation && (
          <div>
            <Text fw={700}>Explicación</Text>
            <Text style={{ whiteSpace: 'pre-line' }}>{result.explanation}</Text>
          </div>
        )}
      </Stack>
    </Alert>
  );
}
