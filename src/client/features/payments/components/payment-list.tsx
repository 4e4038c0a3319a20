import { useState } from 'react';
import { Anchor, Button, FileButton, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconFileUpload, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { dayText } from '../../../../shared/calendar.ts';
import { paymentMessages } from '../../../../shared/messages.ts';
import { pesos } from '../../../../shared/money.ts';
import { paymentMethodLabels, type AdminPayment } from '../../../../shared/schemas/payments.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../components/notify.ts';
import { UploadProgress } from '../../../components/upload-progress.tsx';
import { useDeletePayment } from '../api/delete-payment.ts';
import { receiptUrl } from '../api/use-course-payments.ts';
import { useUploadReceipt } from '../api/upload-receipt.ts';

export const RECEIPT_ACCEPT = 'application/pdf,image/png,image/jpeg';

/** The receipt's link, or 'Adjuntar comprobante' with its progress. */
function Receipt({ courseId, payment }: { courseId: string; payment: AdminPayment }) {
  const attach = useUploadReceipt(courseId);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const choose = (file: File | null) => {
    if (!file) return;
    setFailure(null);
    attach.mutate(
      { payment, file, onProgress: setProgress },
      {
        onSuccess: () => notify(paymentMessages.receiptSaved, `${payment.userName}, ${pesos(payment.amount)}`),
        onError: (error) => setFailure(error.message),
        onSettled: () => setProgress(null),
      },
    );
  };
  if (progress !== null) return <UploadProgress label="Subiendo el comprobante" value={progress} />;
  return (
    <Stack gap={2}>
      {payment.receipt ? (
        <Anchor href={receiptUrl(payment.id)} target="_blank" rel="noopener" size="sm">
          <Group gap={4} component="span" wrap="nowrap">
            <IconPaperclip size={16} aria-hidden />
            Comprobante
          </Group>
        </Anchor>
      ) : (
        <FileButton onChange={choose} accept={RECEIPT_ACCEPT}>
          {(props) => (
            <Button {...props} variant="subtle" size="compact-sm" leftSection={<IconFileUpload size={16} aria-hidden />}>
              Adjuntar comprobante
            </Button>
          )}
        </FileButton>
      )}
      {failure && (
        <Text size="xs" c="red.8" role="alert">
          {failure}
        </Text>
      )}
    </Stack>
  );
}

const detailText = (payment: AdminPayment) => [paymentMethodLabels[payment.method], payment.note].filter(Boolean).join(' · ');

/** 'Borrar' on a payment, asking first: access already given stays. */
function DeletePaymentDialog({ courseId, payment, onClose }: { courseId: string; payment: AdminPayment | null; onClose: () => void }) {
  const remove = useDeletePayment(courseId);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    onClose();
  };
  return (
    <ConfirmDialog
      opened={payment !== null}
      title="Borrar pago"
      text={
        payment
          ? `Se borra el pago de ${pesos(payment.amount)} de ${payment.userName} del ${dayText(payment.paidOn)}${payment.receipt ? ', con su comprobante' : ''}. Los módulos que ya se le habilitaron siguen habilitados y su trabajo no se toca.`
          : ''
      }
      confirmLabel="Borrar pago"
      danger
      pending={remove.isPending}
      error={failure}
      onClose={close}
      onConfirm={() =>
        payment &&
        remove.mutate(payment, {
          onSuccess: () => {
            notify(paymentMessages.paymentDeleted, `${pesos(payment.amount)} de ${payment.userName}`);
            close();
          },
          onError: (error) => setFailure(error.message),
        })
      }
    />
  );
}

interface RowsProps {
  courseId: string;
  payments: AdminPayment[];
  onDelete: (payment: AdminPayment) => void;
}

function DeleteButton({ payment, onDelete }: { payment: AdminPayment; onDelete: (payment: AdminPayment) => void }) {
  return (
    <Button
      variant="subtle"
      color="red"
      size="compact-sm"
      leftSection={<IconTrash size={16} aria-hidden />}
      onClick={() => onDelete(payment)}
      aria-label={`Borrar el pago de ${pesos(payment.amount)} de ${payment.userName}`}
    >
      Borrar
    </Button>
  );
}

/** From 576 px: one row per payment. */
function PaymentTable({ courseId, payments, onDelete }: RowsProps) {
  return (
    <Table visibleFrom="xs" verticalSpacing="sm" striped aria-label="Pagos registrados">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Fecha</Table.Th>
          <Table.Th scope="col">Alumno</Table.Th>
          <Table.Th scope="col" style={{ textAlign: 'right' }}>
            Monto
          </Table.Th>
          <Table.Th scope="col">Medio y nota</Table.Th>
          <Table.Th scope="col">Comprobante</Table.Th>
          <Table.Th scope="col">
            <VisuallyHidden>Acciones</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {payments.map((payment) => (
          <Table.Tr key={payment.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{dayText(payment.paidOn)}</Table.Td>
            <Table.Td>{payment.userName}</Table.Td>
            <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }} fw={600}>
              {pesos(payment.amount)}
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {detailText(payment)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Receipt courseId={courseId} payment={payment} />
            </Table.Td>
            <Table.Td>
              <DeleteButton payment={payment} onDelete={onDelete} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** On a phone: one card per payment. */
function PaymentCards({ courseId, payments, onDelete }: RowsProps) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} hiddenFrom="xs" style={{ listStyle: 'none' }} aria-label="Pagos registrados">
      {payments.map((payment) => (
        <Paper key={payment.id} component="li" withBorder radius="md" p="sm">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {payment.userName}
                </Text>
                <Text size="sm" c="gray.7">
                  {dayText(payment.paidOn)}
                </Text>
              </Stack>
              <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                {pesos(payment.amount)}
              </Text>
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {detailText(payment)}
            </Text>
            <Group justify="space-between" gap="xs">
              <Receipt courseId={courseId} payment={payment} />
              <DeleteButton payment={payment} onDelete={onDelete} />
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** The payments recorded, newest first, each with its receipt and 'Borrar'. A table from 576 px, cards below. */
export function PaymentList({ courseId, payments }: { courseId: string; payments: AdminPayment[] }) {
  const [deleting, setDeleting] = useState<AdminPayment | null>(null);
  return (
    <>
      <PaymentTable courseId={courseId} payments={payments} onDelete={setDeleting} />
      <PaymentCards courseId={courseId} payments={payments} onDelete={setDeleting} />
      <DeletePaymentDialog courseId={courseId} payment={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
