import { Anchor, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { Link } from 'wouter';
import { pesos } from '../../../../shared/money.ts';
import type { PaymentOption, PaymentTrainee } from '../../../../shared/schemas/payments.ts';
import { notify } from '../../../components/notify.ts';
import { PaymentStatusBadge } from '../../../components/payment-plan.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSetTraineeOption } from '../api/set-trainee-option.ts';

const NONE = '';

interface TraineeListProps {
  courseId: string;
  trainees: PaymentTrainee[];
  options: PaymentOption[];
}

/** What a trainee paid of their plan: 'Pagó $ 3.000 de $ 6.000', or just what they paid without one. */
const paidText = (trainee: PaymentTrainee) =>
  trainee.status.option ? `${pesos(trainee.status.paid)} de ${pesos(trainee.status.total)}` : pesos(trainee.status.paid);

/** The option a trainee pays by, chosen in place. */
function OptionSelect({ courseId, trainee, options }: { courseId: string; trainee: PaymentTrainee; options: PaymentOption[] }) {
  const setOption = useSetTraineeOption(courseId);
  return (
    <Select
      aria-label={`Opción de pago de ${trainee.name}`}
      data={[{ value: NONE, label: 'Sin opción' }, ...options.map((o) => ({ value: o.id, label: o.label }))]}
      value={trainee.status.option?.id ?? NONE}
      allowDeselect={false}
      disabled={setOption.isPending || options.length === 0}
      onChange={(value) =>
        setOption.mutate(
          { userId: trainee.id, optionId: value ? value : null },
          {
            onSuccess: () =>
              notify('Opción de pago guardada', `${trainee.name}: ${options.find((o) => o.id === value)?.label ?? 'sin opción'}`),
          },
        )
      }
      comboboxProps={{ withinPortal: true }}
      miw={180}
    />
  );
}

function NameCell({ courseId, trainee }: { courseId: string; trainee: PaymentTrainee }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Anchor component={Link} href={paths.adminTraineeRecord(trainee.id, courseId)} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {trainee.name}
      </Anchor>
      <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
        {trainee.email}
      </Text>
    </Stack>
  );
}

/** Every trainee with the course enabled: their option, what they paid, 'Al día' or 'Debe $ 3.000'. A table from 576 px, cards below. */
export function TraineeList({ courseId, trainees, options }: TraineeListProps) {
  return (
    <>
      <Table visibleFrom="xs" verticalSpacing="sm" aria-label="Alumnos y sus pagos">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Alumno</Table.Th>
            <Table.Th scope="col">Opción</Table.Th>
            <Table.Th scope="col">Pagado</Table.Th>
            <Table.Th scope="col">Estado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {trainees.map((trainee) => (
            <Table.Tr key={trainee.id}>
              <Table.Td>
                <NameCell courseId={courseId} trainee={trainee} />
              </Table.Td>
              <Table.Td>
                <OptionSelect courseId={courseId} trainee={trainee} options={options} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {paidText(trainee)}
                </Text>
              </Table.Td>
              <Table.Td>
                <PaymentStatusBadge status={trainee.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack component="ul" gap="sm" p={0} m={0} hiddenFrom="xs" style={{ listStyle: 'none' }} aria-label="Alumnos y sus pagos">
        {trainees.map((trainee) => (
          <Paper key={trainee.id} component="li" withBorder radius="md" p="sm">
            <Stack gap="xs">
              <NameCell courseId={courseId} trainee={trainee} />
              <Group justify="space-between" gap="xs">
                <Text size="sm">Pagado: {paidText(trainee)}</Text>
                <PaymentStatusBadge status={trainee.status} />
              </Group>
              <OptionSelect courseId={courseId} trainee={trainee} options={options} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
