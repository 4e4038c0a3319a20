import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconCash, IconDownload, IconReceipt, IconUsers } from '@tabler/icons-react';
import { dayText } from '../../../shared/calendar.ts';
import { pesos } from '../../../shared/money.ts';
import type { CoursePayments, PaymentTrainee } from '../../../shared/schemas/payments.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { paths } from '../../lib/paths.ts';
import { paymentsCsvUrl, useCoursePayments } from './api/use-course-payments.ts';
import { PaymentList } from './components/payment-list.tsx';
import { planKey, PlanEditor, RemindersSwitch } from './components/plan-editor.tsx';
import { RecordPaymentModal } from './components/record-payment-modal.tsx';
import { TraineeList } from './components/trainee-list.tsx';

/** A section of the page: its heading and what it holds. */
function Section({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <Stack component="section" gap="sm" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** 'Cuotas vencidas': the trainees with instalments past due that their payments do not cover. */
function OverdueList({ courseId, trainees }: { courseId: string; trainees: PaymentTrainee[] }) {
  const late = trainees.filter((t) => t.status.overdue.length > 0);
  if (late.length === 0)
    return (
      <Text size="sm" c="gray.7">
        Ninguna cuota vencida.
      </Text>
    );
  return (
    <Alert variant="light" color="red" icon={<IconAlertTriangle aria-hidden />} p="sm">
      <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
        {late.map((t) => (
          <li key={t.id}>
            <Text size="sm">
              <Anchor component={Link} href={paths.adminTraineeRecord(t.id, courseId)} fw={600} size="sm">
                {t.name}
              </Anchor>
              {': '}
              {t.status.overdue.map((i) => `${pesos(i.amount)} (venció el ${dayText(i.dueDate)})`).join(' · ')}
            </Text>
          </li>
        ))}
      </Stack>
    </Alert>
  );
}

function PaymentsContent({ courseId, data, onRecord }: { courseId: string; data: CoursePayments; onRecord: () => void }) {
  return (
    <>
      <Section title="Cuotas vencidas" id="cuotas-vencidas">
        <OverdueList courseId={courseId} trainees={data.trainees} />
      </Section>
      <Section title="Alumnos" id="alumnos">
        {data.trainees.length === 0 ? (
          <EmptyState
            icon={IconUsers}
            title="Todavía no hay alumnos con el curso habilitado"
            text="Cuando habilites el curso para un alumno, aparece acá para asignarle una opción de pago y registrar sus pagos."
          />
        ) : (
          <>
            {data.options.length === 0 && (
              <Text size="sm" c="gray.7">
                Armá el plan de pagos (más abajo) para asignarle una opción a cada alumno.
              </Text>
            )}
            <TraineeList courseId={courseId} trainees={data.trainees} options={data.options} />
          </>
        )}
      </Section>
      <Section title="Pagos registrados" id="pagos-registrados">
        {data.payments.length === 0 ? (
          <EmptyState
            icon={IconReceipt}
            title="Todavía no hay pagos registrados"
            text="Cada pago que recibas, registralo acá: el alumno lo ve en Mi cuenta."
          >
            {data.trainees.length > 0 && (
              <Button variant="light" leftSection={<IconCash size={16} aria-hidden />} onClick={onRecord}>
                Registrar pago
              </Button>
            )}
          </EmptyState>
        ) : (
          <PaymentList courseId={courseId} payments={data.payments} />
        )}
      </Section>
      <Section title="Plan de pagos" id="plan-de-pagos">
        <PlanEditor key={planKey(data.options)} courseId={courseId} options={data.options} reminders={data.reminders} />
        <Paper withBorder radius="md" p="sm" maw={720}>
          <RemindersSwitch courseId={courseId} options={data.options} reminders={data.reminders} />
        </Paper>
      </Section>
    </>
  );
}

/**
 * 'Pagos' of a course: the instalments owed, each trainee's option and where they stand, the payments
 * recorded (a payment enables the modules it pays for) and the plan. There is no paying here: the
 * instructor records what they received.
 */
export function PaymentsPage() {
  const { courseId = '' } = useParams<{ courseId: string }>();
  const query = useCoursePayments(courseId);
  const [recording, setRecording] = useState(false);
  const data = query.data;

  if (query.isError && !data) {
    return (
      <LoadError
        error={query.error}
        notFoundText="Este curso no existe: puede que lo hayan eliminado."
        backTo={paths.adminCourses()}
        backLabel="Volver a los cursos"
        onRetry={() => void query.refetch()}
      />
    );
  }

  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} href={paths.adminCourse(courseId)} size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {data?.course.name ?? 'Curso'}
        </Group>
      </Anchor>
      <PageTitle
        actions={
          <Group gap="xs">
            <Button
              leftSection={<IconCash size={18} aria-hidden />}
              onClick={() => setRecording(true)}
              disabled={!data || data.trainees.length === 0}
            >
              Registrar pago
            </Button>
            <Button
              component="a"
              href={paymentsCsvUrl(courseId)}
              download
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Descargar CSV
            </Button>
            {query.isFetching && data && <Loader size="xs" role="status" aria-label="Actualizando" />}
          </Group>
        }
      >
        Pagos
      </PageTitle>
      {!data ? <ListSkeleton rowHeight={72} /> : <PaymentsContent courseId={courseId} data={data} onRecord={() => setRecording(true)} />}
      {data && (
        <RecordPaymentModal
          courseId={courseId}
          opened={recording}
          trainees={data.trainees}
          today={data.today}
          onClose={() => setRecording(false)}
        />
      )}
    </Stack>
  );
}
