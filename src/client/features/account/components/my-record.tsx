import { Link } from 'wouter';
import { Alert, Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { dayText } from '../../../../shared/calendar.ts';
import { certificateMessages, recordMessages } from '../../../../shared/messages.ts';
import { observationCriteria } from '../../../../shared/record-rules.ts';
import type { UserExam } from '../../../../shared/schemas/exams.ts';
import { fitnessStatusLabels, type TraineeFitness } from '../../../../shared/schemas/fitness.ts';
import type { Observation, TraineeObservations } from '../../../../shared/schemas/observations.ts';
import { examCellText } from '../../../../shared/schemas/progress.ts';
import type { MyCertificate, MyCourseRecord } from '../../../../shared/schemas/record.ts';
import { AttendanceList } from '../../../components/attendance-list.tsx';
import { CertificateStateBadge } from '../../../components/certificate-state-badge.tsx';
import { OutcomeBadge } from '../../../components/outcome-badge.tsx';
import { PaymentPlan } from '../../../components/payment-plan.tsx';
import { paths } from '../../../lib/paths.ts';
import { useMyRecord } from '../api/use-my-record.ts';
import { LinkedMatch } from '../../../components/linked-match.tsx';

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

/** 'Habilitación': apto, no apto or en curso by the course's requirements, and what is still missing, in words. */
function MyApproval({ approval }: { approval: MyCourseRecord['approval'] }) {
  if (!approval.defined)
    return (
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          Sin requisitos definidos
        </Text>
        <Text size="sm" c="gray.7">
          Tu instructor todavía no definió qué pide el curso para aprobar.
        </Text>
      </Stack>
    );
  return (
    <Group gap="sm" align="center" wrap="nowrap">
      <OutcomeBadge outcome={approval.outcome} size="lg" />
      <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {approval.outcome === 'apto' ? 'Cumplís todo lo que pide el curso.' : approval.summary}
      </Text>
    </Group>
  );
}

/** Their best attempt at each of the course's exams: the score and whether it passed, or 'Sin rendir'. */
function MyExams({ exams }: { exams: UserExam[] }) {
  if (exams.length === 0)
    return (
      <Text size="sm" c="gray.7">
        Este curso no tiene exámenes.
      </Text>
    );
  return (
    <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
      {exams.map((exam, index) => (
        <Group
          component="li"
          key={exam.id}
          justify="space-between"
          align="center"
          gap="xs"
          py={6}
          style={{ borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-gray-3)' }}
        >
          <Stack gap={0} style={{ minWidth: 0, flex: '1 1 160px' }}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {exam.title}
            </Text>
            {exam.attempts > 0 && (
              <Text size="xs" c="gray.7">
                {exam.attempts === 1 ? '1 intento entregado' : `${exam.attempts} intentos entregados`} · cuenta el mejor
              </Text>
            )}
          </Stack>
          {exam.result ? (
            <Badge
              color={exam.result.passed ? 'green' : 'orange'}
              variant="light"
              style={{ textTransform: 'none', flexShrink: 0, whiteSpace: 'nowrap' }}
            >
              {examCellText(exam.result)}
            </Badge>
          ) : (
            <Text size="sm" c="gray.7" style={{ flexShrink: 0 }}>
              Sin rendir
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}

/** One licence of the course: level, state, dates, and its PDF and verification page while it is not revoked. */
function LicenceItem({ certificate }: { certificate: MyCertificate }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {certificate.level}
          </Text>
          <Text size="xs" c="gray.7">
            {certificateMessages.issuedOn(certificate.issuedOn)}
          </Text>
          <Text size="xs" c="gray.7">
            {certificateMessages.expiresOn(certificate.expiresOn)}
          </Text>
          <Text size="xs" c="gray.7">
            Código {certificate.code}
          </Text>
        </Stack>
        <CertificateStateBadge state={certificate.state} />
      </Group>
      {certificate.state === 'revocado' ? (
        <Text size="sm" mt="xs" style={{ overflowWrap: 'anywhere' }}>
          <strong>Revocado:</strong> {certificate.revokedReason}
        </Text>
      ) : (
        <Group gap="xs" mt="xs">
          <Button
            component="a"
            href={certificate.pdfUrl}
            download
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} aria-hidden />}
            aria-label={`Descargar PDF de la licencia ${certificate.level}`}
          >
            Descargar PDF
          </Button>
          <Button
            component="a"
            href={certificate.verifyUrl}
            target="_blank"
            rel="noopener"
            size="xs"
            variant="default"
            leftSection={<IconExternalLink size={14} aria-hidden />}
            aria-label={`Verificar la licencia ${certificate.level} (se abre en otra pestaña)`}
          >
            Verificar
          </Button>
        </Group>
      )}
    </Paper>
  );
}

/** Their certificates of the course, or what it takes to get one. */
function MyLicences({ record }: { record: MyCourseRecord }) {
  if (record.certificates.length === 0)
    return (
      <Text size="sm" c="gray.7">
        {record.approval.defined && record.approval.outcome === 'apto'
          ? 'Todavía no tenés la licencia de este curso: la vas a ver acá cuando tu instructor la emita.'
          : 'Todavía no tenés la licencia de este curso: se emite cuando quedás apto.'}
      </Text>
    );
  return (
    <Stack gap="xs">
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {record.certificates.map((certificate) => (
          <LicenceItem key={certificate.id} certificate={certificate} />
        ))}
      </Stack>
      <Anchor component={Link} href={paths.myCertificates()} size="sm" style={{ alignSelf: 'flex-start' }}>
        Ver todos mis certificados
      </Anchor>
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
      {observation.linkedMatch && <LinkedMatch linked={observation.linkedMatch} href={paths.match(observation.linkedMatch.id)} />}
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

/** One course of theirs: standing, exams, licence, attendance, plan and payments, physical test, observations. */
function CourseRecord({ record }: { record: MyCourseRecord }) {
  const id = (part: string) => `legajo-${record.course.id}-${part}`;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id('curso')}>
      <Title order={2} size="h4" id={id('curso')} mb="md" style={{ overflowWrap: 'anywhere' }}>
        {record.course.name}
      </Title>
      <Stack gap="lg">
        <Part id={id('habilitacion')} title="Habilitación">
          <MyApproval approval={record.approval} />
        </Part>
        <Part id={id('examenes')} title="Exámenes">
          <MyExams exams={record.exams} />
        </Part>
        <Part id={id('licencia')} title="Licencia">
          <MyLicences record={record} />
        </Part>
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

/** 'Mi cuenta' of a trainee: their own record in each of their courses (where they stand, and what the instructor recorded about them). */
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
      <Alert color="red" variant="light" title="No pudimos cargar cómo vas en tus cursos">
        <Button size="xs" variant="white" color="dark" onClick={() => void record.refetch()}>
          Reintentar
        </Button>
      </Alert>
    );
  if (record.data.length === 0)
    return (
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="mis-cursos-titulo">
        <Title order={2} size="h4" id="mis-cursos-titulo" mb={4}>
          Mis cursos
        </Title>
        <Text size="sm" c="gray.7">
          Todavía no tenés cursos habilitados. Cuando tengas uno, vas a ver acá tu habilitación, tus exámenes y tu asistencia.
        </Text>
      </Paper>
    );
  return (
    <>
      {record.data.map((course) => (
        <CourseRecord key={course.course.id} record={course} />
      ))}
    </>
  );
}
