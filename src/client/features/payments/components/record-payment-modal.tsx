import { useState } from 'react';
import { Alert, Button, Fieldset, FileInput, Group, Modal, NumberInput, Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { paymentMessages } from '../../../../shared/messages.ts';
import { pesos } from '../../../../shared/money.ts';
import {
  PAYMENT_NOTE_MAX,
  paymentInputSchema,
  paymentMethodLabels,
  paymentMethods,
  RECEIPT_MAX_BYTES,
  receiptTooHeavy,
  type PaymentInput,
  type PaymentMethod,
  type PaymentTrainee,
} from '../../../../shared/schemas/payments.ts';
import { notify } from '../../../components/notify.ts';
import { UploadProgress } from '../../../components/upload-progress.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useRecordPayment } from '../api/record-payment.ts';
import { RECEIPT_ACCEPT } from './payment-list.tsx';
import { useErrorFocus } from '../../../lib/focus-first-error.ts';
import { DayField } from '../../../components/date-fields.tsx';

interface PaymentFields {
  userId: string;
  /** '' while empty. */
  amount: number | string;
  paidOn: string;
  method: PaymentMethod;
  note: string;
  receipt: File | null;
}

const inputOf = (values: PaymentFields): PaymentInput => ({
  userId: values.userId,
  amount: values.amount === '' ? Number.NaN : Number(values.amount),
  paidOn: values.paidOn,
  method: values.method,
  note: values.note,
});

interface RecordPaymentModalProps {
  courseId: string;
  opened: boolean;
  trainees: PaymentTrainee[];
  /** Today in the course's zone (the server's clock): the payment's day unless changed. */
  today: string;
  onClose: () => void;
}

/** 'Registrar pago': a payment received by hand (cash, a transfer…), with its optional receipt. The whole screen on a phone. */
export function RecordPaymentModal({ courseId, opened, trainees, today, onClose }: RecordPaymentModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title="Registrar pago" fullScreen={phone} closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      {opened && <RecordPaymentForm courseId={courseId} trainees={trainees} today={today} onDone={onClose} />}
    </Modal>
  );
}

function RecordPaymentForm({
  courseId,
  trainees,
  today,
  onDone,
}: Omit<RecordPaymentModalProps, 'opened' | 'onClose'> & { onDone: () => void }) {
  const record = useRecordPayment(courseId);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The payment went in but its receipt did not: the form must not send the payment again.
  const [receiptFailure, setReceiptFailure] = useState<string | null>(null);
  const form = useForm<PaymentFields>({
    mode: 'controlled',
    initialValues: { userId: '', amount: '', paidOn: today, method: 'efectivo', note: '', receipt: null },
    validate: (values) => {
      const errors = zod4Resolver(paymentInputSchema)(inputOf(values)) as Record<string, string>;
      if (!errors['paidOn'] && values.paidOn > today) errors['paidOn'] = paymentMessages.paidOnFuture;
      if (values.receipt && values.receipt.size > RECEIPT_MAX_BYTES) errors['receipt'] = receiptTooHeavy;
      return errors;
    },
  });

  const errorFocus = useErrorFocus();

  const submit = form.onSubmit((values) => {
    setFailure(null);
    const name = trainees.find((t) => t.id === values.userId)?.name ?? '';
    record.mutate(
      { input: inputOf(values), receipt: values.receipt, onReceiptProgress: setProgress },
      {
        onSuccess: (result) => {
          const unlocked = result.unlocked.length > 0 ? ` ${paymentMessages.unlocked(result.unlocked.map((m) => m.name))}` : '';
          notify(paymentMessages.paymentRecorded, `${pesos(result.payment.amount)} de ${name}.${unlocked}`);
          if (result.receiptError) setReceiptFailure(result.receiptError);
          else onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) {
            form.setErrors(error.fields);
            errorFocus.focus();
          }
          setFailure(error.message);
        },
        onSettled: () => setProgress(null),
      },
    );
  });

  if (receiptFailure) {
    return (
      <Stack>
        <Alert color="orange" role="alert" title="El pago quedó registrado">
          El comprobante no se pudo subir: {receiptFailure} Podés adjuntarlo desde la lista de pagos.
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onDone}>Cerrar</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form ref={errorFocus.ref} onSubmit={errorFocus.onSubmit(submit)} noValidate>
      <Fieldset variant="unstyled" m={0} disabled={record.isPending}>
        <Stack gap="sm">
          <PaymentFieldInputs form={form} trainees={trainees} />
          {progress !== null && <UploadProgress label="Subiendo el comprobante" value={progress} />}
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Text size="xs" c="gray.7">
            Registrás un pago que ya recibiste (en efectivo, por transferencia u otro medio): Aula Virtual no cobra.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone}>
              Cancelar
            </Button>
            <Button type="submit" loading={record.isPending}>
              Registrar pago
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}

type PaymentForm = ReturnType<typeof useForm<PaymentFields>>;

/** 'Alumno', 'Monto', 'Fecha', 'Medio', 'Comprobante' and 'Nota'. */
function PaymentFieldInputs({ form, trainees }: { form: PaymentForm; trainees: PaymentTrainee[] }) {
  return (
    <>
      <Select
        label="Alumno"
        placeholder="Elegí un alumno"
        required
        searchable
        nothingFoundMessage="Ningún alumno coincide"
        data={trainees.map((t) => ({ value: t.id, label: t.name }))}
        data-autofocus
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('userId')}
        onChange={(value) => form.setFieldValue('userId', value ?? '')}
      />
      <NumberInput
        label="Monto"
        description="En pesos, sin centavos."
        required
        prefix="$ "
        thousandSeparator="."
        decimalSeparator=","
        allowDecimal={false}
        allowNegative={false}
        inputMode="numeric"
        {...form.getInputProps('amount')}
      />
      <DayField label="Fecha" required {...form.getInputProps('paidOn')} />
      <Radio.Group label="Medio" required {...form.getInputProps('method')}>
        <Group gap="md" mt={6}>
          {paymentMethods.map((method) => (
            <Radio key={method} value={method} label={paymentMethodLabels[method]} />
          ))}
        </Group>
      </Radio.Group>
      <FileInput
        label="Comprobante"
        description="Opcional: un PDF o una foto (PNG o JPEG), de hasta 10 MB."
        placeholder="Elegí el archivo"
        // Mantine's placeholder grey is too pale for WCAG AA on white.
        styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
        accept={RECEIPT_ACCEPT}
        clearable
        clearButtonProps={{ 'aria-label': 'Quitar el comprobante' }}
        {...form.getInputProps('receipt')}
      />
      <Textarea label="Nota" description="Opcional" autosize minRows={2} maxLength={PAYMENT_NOTE_MAX} {...form.getInputProps('note')} />
    </>
  );
}
