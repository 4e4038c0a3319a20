import { Paper, SimpleGrid, Text } from '@mantine/core';
import { recordMessages } from '../../../../shared/messages.ts';
import { fitnessStatusLabels } from '../../../../shared/schemas/fitness.ts';
import type { TraineeRecord } from '../../../../shared/schemas/record.ts';
import { PaymentStatusBadge } from '../../../components/payment-plan.tsx';

function Stat({ label, children, detail }: { label: string; children: React.ReactNode; detail?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div" fw={700} fz="lg" mt={2}>
        {children}
      </Text>
      {detail && (
        <Text size="xs" c="gray.7" mt={2}>
          {detail}
        </Text>
      )}
    </Paper>
  );
}

const count = new Intl.NumberFormat('es-AR');

/** The trainee at a glance, as the class board's columns show them: attendance, payments, physical test, observations. */
export function RecordSummary({ record }: { record: TraineeRecord }) {
  const { attendance, payments, fitness, observations } = record;
  const latest = fitness.results[0];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
      <Stat label="Asistencia" detail={attendance.summary.percent === null ? 'Sin clases todavía' : undefined}>
        {attendance.summary.percent === null ? '—' : `${attendance.summary.percent}\u00a0%`}
      </Stat>
      {payments && (
        <Stat label="Pagos">
          <PaymentStatusBadge status={payments.status} />
        </Stat>
      )}
      <Stat
        label="Prueba física"
        detail={latest ? (latest.level === null ? recordMessages.noShow : recordMessages.levelText(latest.level)) : 'Sin rendir'}
      >
        {fitness.status ? fitnessStatusLabels[fitness.status] : '—'}
      </Stat>
      <Stat
        label="Observaciones"
        detail={
          observations.count === 0
            ? 'Sin observaciones'
            : observations.count === 1
              ? '1 observación'
              : `${count.format(observations.count)} observaciones`
        }
      >
        {observations.average === null ? '—' : recordMessages.averageText(observations.average)}
      </Stat>
    </SimpleGrid>
  );
}
