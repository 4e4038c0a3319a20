import { Link } from 'wouter';
import { Alert, Anchor, Badge, Button, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UserJugadas } from '../../../../shared/schemas/jugadas.ts';
import { jugadaScoreText } from '../../../components/jugada-score.tsx';
import { paths } from '../../../lib/paths.ts';
import { formatMoment, formatSeconds } from '../../../lib/seconds.ts';
import { useUserJugadas } from '../api/use-user-jugadas.ts';

type Answer = NonNullable<UserJugadas['jugadas'][number]['answer']>;

/** 'Correcto' / 'Incorrecto' in colours that keep their contrast on white. */
function Verdict({ ok }: { ok: boolean }) {
  return (
    <Text span size="sm" fw={700} c={ok ? '#1b5e20' : '#b71c1c'}>
      {ok ? 'Correcto' : 'Incorrecto'}
    </Text>
  );
}

function AnswerParts({ jugada, answer }: { jugada: UserJugadas['jugadas'][number]; answer: Answer }) {
  return (
    <List spacing={4} size="sm" listStyleType="none" withPadding={false}>
      <List.Item>
        Decisión: {answer.decision} · <Verdict ok={answer.decisionCorrect} />
        {!answer.decisionCorrect && ` (la correcta es ${jugada.correctDecision})`}
      </List.Item>
      <List.Item>
        Sanción: {answer.sanction} · <Verdict ok={answer.sanctionCorrect} />
        {!answer.sanctionCorrect && ` (la correcta es ${jugada.correctSanction})`}
      </List.Item>
      {answer.momentCorrect !== null && jugada.correctMoment !== null && (
        <List.Item>
          Momento: {answer.moment === null ? 'no lo marcó' : formatMoment(answer.moment)} · <Verdict ok={answer.momentCorrect} /> (la
          infracción es a los {formatMoment(jugada.correctMoment)}, con {formatSeconds(jugada.tolerance)} de tolerancia)
        </List.Item>
      )}
    </List>
  );
}

/**
 * The student's jugadas in this module, on the admin's page of one student's module: the first
 * attempt at each (the one that counts), each part graded, and the total. Nothing when the
 * module has no jugadas.
 */
export function UserJugadasSection({ userId, moduleId }: { userId: string; moduleId: string }) {
  const query = useUserJugadas(userId, moduleId);
  if (query.isPending) return <Skeleton h={120} />;
  if (query.isError) {
    return (
      <Alert color="red" title="No pudimos cargar las jugadas del alumno">
        <Group gap="sm">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            Reintentar
          </Button>
        </Group>
      </Alert>
    );
  }
  const { jugadas, score } = query.data;
  if (jugadas.length === 0) return null;
  const answered = jugadas.filter((j) => j.answer !== null).length;

  return (
    <Stack gap="sm" component="section" aria-labelledby="jugadas-del-alumno" data-testid="jugadas-del-alumno">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h3" id="jugadas-del-alumno">
          Jugadas
        </Title>
        <Badge size="lg" variant="light" color={score.correct === score.total ? 'green' : 'grape'} style={{ textTransform: 'none' }}>
          {jugadaScoreText(score)}
        </Badge>
      </Group>
      <Text size="sm" c="gray.7">
        Cuenta el primer intento de cada jugada; las prácticas posteriores no cambian el puntaje.{' '}
        <Anchor component={Link} href={paths.adminModuleJugadas(moduleId)} underline="always">
          Ver las jugadas y los resultados de la clase
        </Anchor>
      </Text>
      {answered === 0 ? (
        <Paper withBorder p="md" radius="md">
          <Text>Este alumno todavía no respondió ninguna jugada de este módulo.</Text>
        </Paper>
      ) : (
        jugadas.map((jugada, index) => (
          <Paper key={jugada.jugadaId} withBorder p={{ base: 'sm', sm: 'md' }} radius="md" data-testid="jugada-del-alumno">
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Text fw={600}>
                  Jugada {index + 1}. {jugada.prompt}
                </Text>
                {jugada.answer ? (
                  <Badge color={jugada.answer.correct ? 'green' : 'red'} variant="light" style={{ textTransform: 'none', flexShrink: 0 }}>
                    {jugada.answer.correct ? 'Correcta' : 'Incorrecta'}
                  </Badge>
                ) : (
                  <Badge color="gray" variant="light" style={{ textTransform: 'none', flexShrink: 0 }}>
                    Sin responder
                  </Badge>
                )}
              </Group>
              {jugada.answer && <AnswerParts jugada={jugada} answer={jugada.answer} />}
            </Stack>
          </Paper>
        ))
      )}
    </Stack>
  );
}
