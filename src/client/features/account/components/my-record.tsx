import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { dayText } from '../../../../shared/calendar.ts';
import { recordMessages } from '../../../../shared/messages.ts';
import { observationCriteria } from '../../../../shared/record-rules.ts';
import { fitnessStatusLabels, type TraineeFitness } from '../../../../shared/schemas/fitness.ts';
import type { Observation, TraineeObservations } from '../../../../shared/schemas/observations.ts';
import type { MyCourseRecord } from '../../../../shared/schemas/record.ts';
import { AttendanceList } from '../../../components/attendance-list.tsx';
import { PaymentPlan } from '../../../components/payment-plan.tsx';
import { useMyRecord } from '../api/use-my-record.ts';

const count = new Intl.NumberFormat('es-AR');

function Part({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={3} size="h5" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Their physical test: the course's test and minimum, their status and each result. */
function MyFitness({ fitness }: { fitness: TraineeFitness }) {
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="gray.7">
          {fitness.testName} · nivel mínimo {count.format(fitness.minLevel)}
        </Text>
        {fitness.status && (
          <Badge color={fitness.status === 'aprobada' ? 'green' : 'orange'} variant="light" size="lg" style={{ textTransform: 'none' }}>
            {fitnessStatusLabels[fitness.status]}
          </Badge>
        )}
      </Group>
      {fitness.results.length === 0 ? (
        <Text size="sm" c="gray.7">
          Todavía no hay resultados de la prueba física.
        </Text>
      ) : (
        <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
          {fitness.results.map((result) => (
            <Group component="li" key={result.id} justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm">
                {dayText(result.testedOn)} · {result.level === null ? recordMessages.noShow : recordMessages.levelText(result.level)}
              </Text>
              <Badge color={result.passed ? 'green' : 'orange'} variant="light" style={{ textTransform: 'none', flexShrink: 0 }}>
                {result.passed ? recordMessages.passed : recordMessages.failed}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** One observation with its five criteria (score and comment) and the overall comment. */
function ObservationItem({ observation }: { observation: Observation }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {observation.match}
          </Text>
          <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {[dayText(observation.observedOn), observation.category, `Observador: ${observation.observer}`].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        <Badge variant="light" color="blue" style={{ textTransform: 'none', flexShrink: 0 }}>
          Promedio {recordMessages.averageText(observation.average)}
        </Badge>
      </Group>
      <Stack component="dl" gap={6} mt="xs" mb={0}>
        {observationCriteria.map((criterion) => {
          const { score, comment } = observation.criteria[criterion.key];
          return (
            <div key={criterion.key}>
              <Group component="dt" justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" component="span">
                  {criterion.label}
                </Text>
                <Text size="sm" component="span" fw={700}>
                  {score} de 5
                </Text>
              </Group>
              {comment && (
                <Text component="dd" size="sm" c="gray.7" m={0} style={{ overflowWrap: 'anywhere' }}>
                  {comment}
                </Text>
              )}
            </div>
          );
        })}
      </Stack>
      {observation.comment && (
        <Text size="sm" mt="xs" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          <strong>Comentario general:</strong> {observation.comment}
        </Text>
      )}
    </Paper>
  );
}

function MyObservations({ observations }: { observations: TraineeObservations }) {
  if (observations.count === 0)
    return (
      <Text size="sm" c="gray.7">
        Todavía no hay observaciones de tus partidos.
      </Text>
    );
  return (
    <Stack gap="xs">
      {observations.average !== null && (
        <Text size="sm" c="gray.7">
          Promedio general: <strong>{recordMessages.averageText(observations.average)}</strong> de 5
        </Text>
      )}
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {observations.observations.map((observation) => (
          <ObservationItem key={observation.id} observation={observation} />
        ))}
      </Stack>
    </Stack>
  );
}

/** One course of theirs: attendance, plan and payments, physical test, observations. */
function CourseRecord({ record }: { record: MyCourseRecord }) {
  const id = (part: string) => `legajo-${record.course.id}-${part}`;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id('curso')}>
      <Title order={2} size="h4" id={id('curso')} mb="md" style={{ overflowWrap: 'anywhere' }}>
        {record.course.name}
      </Title>
      <Stack gap="lg">
        <Part id={id('asistencia')} title="Asistencia">
          <AttendanceList attendance={record.attendance} headingId={id('asistencia')} />
        </Part>
        <Part id={id('pagos')} title="Plan de pagos">
          <PaymentPlan payments={record.payments} headingOrder={4} />
        </Part>
        <Part id={id('prueba')} title="Prueba física">
          <MyFitness fitness={record.fitness} />
        </Part>
        <Part id={id('observaciones')} title="Observaciones de partido">
          <MyObservations observations={record.observations} />
        </Part>
      </Stack>
    </Paper>
  );
}

/** 'Mi cuenta' of a trainee: their own record in each of their courses (what the instructor recorded about them). */
export function MyRecord() {
  const record = useMyRecord();
  if (record.isPending)
    return (
      <Stack gap="sm" aria-hidden>
        <Skeleton height={24} width="50%" />
        <Skeleton height={120} />
      </Stack>
    );
  if (record.isError)
    return (
      <Alert color="red" variant="light" title="No pudimos cargar tu asistencia y tus pagos">
        <Button size="xs" variant="white" color="dark" onClick={() => void record.refetch()}>
          Reintentar
        </Button>
      </Alert>
    );
  return (
    <>
      {record.data.map((course) => (
        <CourseRecord key={course.course.id} record={course} />
      ))}
    </>
  );
}
