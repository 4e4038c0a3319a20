import { Link, useParams } from 'wouter';
import { Anchor, Breadcrumbs, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconCash, IconLayoutBoard, IconPrinter } from '@tabler/icons-react';
import type { TraineeRecord } from '../../../shared/schemas/record.ts';
import { AttendanceList } from '../../components/attendance-list.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PaymentPlan } from '../../components/payment-plan.tsx';
import { paths } from '../../lib/paths.ts';
import { useTraineeRecord } from './api/use-trainee-record.ts';
import { FitnessSection } from './components/fitness-section.tsx';
import { ObservationsSection } from './components/observations-section.tsx';
import { RecordApproval } from './components/record-approval.tsx';
import { RecordChanges } from './components/record-changes.tsx';
import { RecordExams } from './components/record-exams.tsx';
import { RecordJugadas, RecordModules } from './components/record-modules.tsx';
import { RecordSection } from './components/record-section.tsx';
import { RecordSummary } from './components/record-summary.tsx';
import classes from './trainee-record.module.css';

function RecordHeading({ record }: { record: TraineeRecord }) {
  const { trainee, course } = record;
  return (
    <Stack gap={4}>
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }} className={classes.noPrint}>
        <Anchor component={Link} href={paths.adminUsers()} size="sm">
          Lista de Usuarios
        </Anchor>
        <Anchor component={Link} href={paths.adminUserCourses(trainee.id)} size="sm">
          {trainee.name}
        </Anchor>
        <Text size="sm" c="gray.7" aria-current="page">
          Legajo
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={1} size="h2" tabIndex={-1} style={{ overflowWrap: 'anywhere' }}>
            {trainee.name}
          </Title>
          <Text c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {trainee.email} · {course.name}
          </Text>
        </Stack>
        <Group gap="xs" className={classes.noPrint}>
          <Button
            component={Link}
            href={paths.adminCourseProgress(course.id)}
            variant="default"
            leftSection={<IconLayoutBoard size={16} aria-hidden />}
          >
            Tablero de la clase
          </Button>
          <Button variant="light" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
            Imprimir
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

function RecordSkeleton() {
  return (
    <Stack gap="md" aria-hidden>
      <Skeleton height={14} width={200} />
      <Skeleton height={30} width="55%" />
      <Skeleton height={16} width="40%" />
      <Skeleton height={72} />
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} height={140} radius="md" />
      ))}
    </Stack>
  );
}

/** The trainee's page: everything about one trainee in one course, on one page that also prints. */
export function TraineeRecordPage() {
  const { userId = '', courseId = '' } = useParams<{ userId: string; courseId: string }>();
  const query = useTraineeRecord(courseId, userId);
  const record = query.data;

  if (query.isError && !record)
    return (
      <LoadError
        error={query.error}
        backTo={paths.adminUserCourses(userId)}
        backLabel="Volver a los cursos del usuario"
        notFoundText="Este alumno no existe o no tiene este curso."
        onRetry={() => void query.refetch()}
      />
    );
  if (!record) return <RecordSkeleton />;

  return (
    <Stack gap="md" maw={900} className={classes.page}>
      <RecordHeading record={record} />
      <RecordApproval courseId={courseId} approval={record.approval} />
      <RecordSummary record={record} />
      <RecordSection
        id="legajo-modulos"
        title="Módulos"
        action={
          <Anchor component={Link} href={paths.adminUserModules(userId, courseId)} size="sm">
            Habilitar o bloquear
          </Anchor>
        }
      >
        <RecordModules userId={userId} courseId={courseId} modules={record.modules} />
      </RecordSection>
      <RecordSection id="legajo-jugadas" title="Jugadas">
        <RecordJugadas userId={userId} courseId={courseId} modules={record.modules} />
      </RecordSection>
      <RecordSection id="legajo-examenes" title="Exámenes">
        <RecordExams exams={record.exams} />
      </RecordSection>
      <RecordSection
        id="legajo-asistencia"
        title="Asistencia"
        action={
          <Button
            component={Link}
            href={paths.adminLessons(courseId)}
            variant="default"
            size="xs"
            leftSection={<IconCalendarEvent size={14} aria-hidden />}
          >
            Clases presenciales
          </Button>
        }
      >
        <AttendanceList attendance={record.attendance} headingId="legajo-asistencia" />
      </RecordSection>
      {record.payments && (
        <RecordSection
          id="legajo-pagos"
          title="Pagos"
          action={
            <Button
              component={Link}
              href={paths.adminPayments(courseId)}
              variant="light"
              size="xs"
              leftSection={<IconCash size={14} aria-hidden />}
            >
              Registrar pago
            </Button>
          }
        >
          <PaymentPlan payments={record.payments} showNotes />
        </RecordSection>
      )}
      <FitnessSection courseId={courseId} userId={userId} />
      <ObservationsSection courseId={courseId} userId={userId} />
      <RecordSection id="legajo-historial" title="Historial de cambios">
        <RecordChanges changes={record.changes} />
      </RecordSection>
    </Stack>
  );
}
