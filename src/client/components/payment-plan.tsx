import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { dayText } from '../../shared/calendar.ts';
import { paymentMessages } from '../../shared/messages.ts';
import { pesos } from '../../shared/money.ts';
import { uncovered } from '../../shared/payment-rules.ts';
import { paymentMethodLabels, type PaymentStatus, type TraineePayments } from '../../shared/schemas/payments.ts';

/** Where a trainee stands: 'Al día', 'Debe $ 3.000', or without a plan. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const [color, text] = !status.option
    ? ['gray', paymentMessages.noOption]
    : status.owed > 0
      ? ['red', paymentMessages.owes(pesos(status.owed))]
      : ['green', paymentMessages.upToDate];
  return (
    <Badge color={color} variant="light" size="lg" style={{ textTransform: 'none' }}>
      {text}
    </Badge>
  );
}

/** Each instalment in due order with what the payments cover of it. */
function Instalments({ payments }: { payments: TraineePayments }) {
  const overdue = new Set(payments.status.overdue.map((i) => i.dueDate));
  const rows = uncovered(payments.instalments, payments.status.paid);
  return (
    <Stack component="ol" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row, index) => {
        const [color, text] =
          row.left === 0
            ? ['green', 'Pagada']
            : overdue.has(row.dueDate)
              ? ['red', row.left < row.amount ? `Vencida: faltan ${pesos(row.left)}` : 'Vencida']
              : row.left < row.amount
                ? ['yellow', `Faltan ${pesos(row.left)}`]
                : ['gray', 'Pendiente'];
        return (
          <Group
            component="li"
            key={`${row.dueDate}-${index}`}
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            py={6}
            style={{ borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-gray-3)', breakInside: 'avoid' }}
          >
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                Cuota {index + 1} · {pesos(row.amount)}
              </Text>
              <Text size="sm" c="gray.7">
                Vence el {dayText(row.dueDate)}
              </Text>
            </Stack>
            <Badge color={color} variant="light" style={{ textTransform: 'none', flexShrink: 0 }}>
              {text}
            </Badge>
          </Group>
        );
      })}
    </Stack>
  );
}

/** The payments recorded, newest first. */
function PaymentList({ payments, showNotes }: { payments: TraineePayments['payments']; showNotes: boolean }) {
  if (payments.length === 0)
    return (
      <Text size="sm" c="gray.7">
        Todavía no hay pagos registrados.
      </Text>
    );
  return (
    <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
      {payments.map((payment, index) => (
        <Group
          component="li"
          key={payment.id}
          justify="space-between"
          wrap="nowrap"
          gap="sm"
          py={6}
          style={{ borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-gray-3)', breakInside: 'avoid' }}
        >
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {dayText(payment.paidOn)}
            </Text>
            <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              {paymentMethodLabels[payment.method]}
              {payment.receipt ? ' · con comprobante' : ''}
              {showNotes && payment.note ? ` · ${payment.note}` : ''}
            </Text>
          </Stack>
          <Text size="sm" fw={700} style={{ flexShrink: 0 }}>
            {pesos(payment.amount)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * A trainee's plan in a course: their option and where they stand ('Al día' / 'Debe $ 3.000'),
 * the instalments past due, each instalment and the payments recorded. Nothing to pay with:
 * payments are recorded by the instructor.
 */
export function PaymentPlan({
  payments,
  showNotes = false,
  headingOrder = 3,
}: {
  payments: TraineePayments;
  /** The instructor's notes on each payment. */
  showNotes?: boolean;
  /** The level of the 'Cuotas' and 'Pagos registrados' headings: one below the section's. */
  headingOrder?: 3 | 4;
}) {
  const { status } = payments;
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Stack gap={0}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {status.option ? status.option.label : 'Sin plan de pagos'}
          </Text>
          {status.option && (
            <Text size="sm" c="gray.7">
              Pagado {pesos(status.paid)} de {pesos(status.total)}
            </Text>
          )}
        </Stack>
        <PaymentStatusBadge status={status} />
      </Group>
      {status.overdue.length > 0 && (
        <Alert variant="light" color="red" icon={<IconAlertTriangle aria-hidden />} p="xs" title="Cuotas vencidas">
          <Text size="sm">{status.overdue.map((i) => `${pesos(i.amount)} (venció el ${dayText(i.dueDate)})`).join(' · ')}</Text>
        </Alert>
      )}
      {payments.instalments.length > 0 && (
        <Stack gap={4}>
          <Title order={headingOrder} size="h6">
            Cuotas
          </Title>
          <Instalments payments={payments} />
        </Stack>
      )}
      <Stack gap={4}>
        <Title order={headingOrder} size="h6">
          Pagos registrados
        </Title>
        <PaymentList payments={payments.payments} showNotes={showNotes} />
      </Stack>
    </Stack>
  );
}
