import { useState } from 'react';
import { ActionIcon, Alert, Button, Fieldset, Group, NumberInput, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { pesos } from '../../../../shared/money.ts';
import { INSTALMENTS_MAX, OPTIONS_MAX } from '../../../../shared/payment-rules.ts';
import {
  OPTION_LABEL_MAX,
  paymentPlanInputSchema,
  type PaymentOption,
  type PaymentPlanInput,
} from '../../../../shared/schemas/payments.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../components/notify.ts';
import { ApiError } from '../../../lib/api.ts';
import { useSavePlan } from '../api/save-plan.ts';
import { useErrorFocus } from '../../../lib/focus-first-error.ts';
import { DayField } from '../../../components/date-fields.tsx';
import { useRowFocus } from '../../../lib/row-focus.ts';

let nextKey = 0;
const newKey = () => `plan-${++nextKey}`;

interface InstalmentFields {
  key: string;
  /** '' while empty. */
  amount: number | string;
  dueDate: string;
}
interface OptionFields {
  key: string;
  /** Absent for an option not saved yet. */
  id?: string;
  label: string;
  instalments: InstalmentFields[];
}
interface PlanFields {
  options: OptionFields[];
}

const instalment = (amount: number | string = '', dueDate = ''): InstalmentFields => ({ key: newKey(), amount, dueDate });

const fieldsOf = (options: PaymentOption[]): PlanFields => ({
  options: options.map((o) => ({
    key: newKey(),
    id: o.id,
    label: o.label,
    instalments: o.instalments.map((i) => instalment(i.amount, i.dueDate)),
  })),
});

const inputOf = (values: PlanFields, reminders: boolean): PaymentPlanInput => ({
  options: values.options.map((o) => ({
    ...(o.id ? { id: o.id } : {}),
    label: o.label,
    instalments: o.instalments.map((i) => ({ amount: i.amount === '' ? Number.NaN : Number(i.amount), dueDate: i.dueDate })),
  })),
  reminders,
});

const holdersText = (holders: number) => (holders === 1 ? 'La tiene 1 alumno' : `La tienen ${holders} alumnos`);

interface PlanEditorProps {
  courseId: string;
  options: PaymentOption[];
  reminders: boolean;
}

/** The saved plan as the editor starts from it: the editor is keyed by it, so it starts again after each save. */
export const planKey = (options: PaymentOption[]) => JSON.stringify(options.map((o) => [o.id, o.label, o.instalments]));

/**
 * 'Plan de pagos': the options a trainee can pay by ('Un pago de $ 5.000', 'Dos cuotas de $ 3.000'),
 * each with its instalments, saved together with 'Guardar plan'.
 */
export function PlanEditor({ courseId, options, reminders }: PlanEditorProps) {
  const save = useSavePlan(courseId);
  const [failure, setFailure] = useState<string | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const form = useForm<PlanFields>({
    mode: 'controlled',
    initialValues: fieldsOf(options),
    validate: (values) => zod4Resolver(paymentPlanInputSchema)(inputOf(values, reminders)),
  });
  const values = form.values;
  // Trainees holding each saved option: it cannot be removed while any does.
  const holdersOf = (option: OptionFields) => options.find((o) => o.id === option.id)?.holders ?? 0;

  const errorFocus = useErrorFocus();
  const rowFocus = useRowFocus();
  const { idOf, focusLater } = rowFocus;

  const submit = form.onSubmit((fields) => {
    setFailure(null);
    save.mutate(inputOf(fields, reminders), {
      onSuccess: (saved) => notify(saved.message, saved.options.map((o) => o.label).join(' · ') || 'Sin opciones'),
      onError: (error) => {
        if (error instanceof ApiError && error.fields) {
          form.setErrors(error.fields);
          errorFocus.focus();
        }
        setFailure(error.message);
      },
    });
  });

  // A new option takes the focus on its name; a removed one gives it to its neighbour's.
  const addOption = () => {
    const option = { key: newKey(), label: '', instalments: [instalment()] } satisfies OptionFields;
    form.insertListItem('options', option);
    focusLater(idOf(option.key, 'label'));
  };
  const removeOption = (index: number) => {
    const neighbour = values.options[index + 1] ?? values.options[index - 1];
    form.removeListItem('options', index);
    focusLater(neighbour ? idOf(neighbour.key, 'label') : idOf('plan', 'add'));
  };
  const removed = removing === null ? null : values.options[removing];

  return (
    <form ref={errorFocus.ref} onSubmit={errorFocus.onSubmit(submit)} noValidate style={{ maxWidth: 720 }}>
      <Fieldset variant="unstyled" m={0} disabled={save.isPending}>
        <Stack gap="sm">
          {values.options.length === 0 && (
            <Text size="sm" c="gray.7">
              Todavía no hay opciones. Agregá una por cada forma de pagar el curso, por ejemplo «Un pago de {pesos(5000)}» o «Dos cuotas de{' '}
              {pesos(3000)}».
            </Text>
          )}
          {values.options.map((option, index) => (
            <OptionCard
              key={option.key}
              form={form}
              index={index}
              holders={holdersOf(option)}
              rowFocus={rowFocus}
              onRemove={() => setRemoving(index)}
            />
          ))}
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="space-between" gap="sm">
            <Button
              id={idOf('plan', 'add')}
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={addOption}
              disabled={values.options.length >= OPTIONS_MAX}
            >
              Agregar opción
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              Guardar plan
            </Button>
          </Group>
        </Stack>
      </Fieldset>
      <ConfirmDialog
        opened={removed != null}
        title="Quitar opción"
        text={`Se quita «${removed?.label || `Opción ${(removing ?? 0) + 1}`}» del plan de pagos cuando guardes el plan.`}
        confirmLabel="Quitar opción"
        danger
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing !== null) removeOption(removing);
          setRemoving(null);
        }}
      />
    </form>
  );
}

type PlanForm = ReturnType<typeof useForm<PlanFields>>;
type RowFocus = ReturnType<typeof useRowFocus>;

interface OptionCardProps {
  form: PlanForm;
  index: number;
  holders: number;
  rowFocus: RowFocus;
  onRemove: () => void;
}

/** One option: its name, 'Quitar' (not while trainees hold it) and its instalments. */
function OptionCard({ form, index, holders, rowFocus, onRemove }: OptionCardProps) {
  const key = form.values.options[index]!.key;
  return (
    <Paper withBorder radius="md" p="sm" component="fieldset" m={0} aria-label={`Opción ${index + 1}`}>
      <Stack gap="xs">
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            id={rowFocus.idOf(key, 'label')}
            label={`Opción ${index + 1}`}
            placeholder={`Por ejemplo, Dos cuotas de ${pesos(3000)}`}
            required
            maxLength={OPTION_LABEL_MAX}
            style={{ flex: 1, minWidth: 0 }}
            {...form.getInputProps(`options.${index}.label`)}
          />
          {holders === 0 && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={onRemove}
              aria-label={`Quitar la opción ${index + 1}`}
            >
              Quitar
            </Button>
          )}
        </Group>
        {holders > 0 && (
          <Text size="xs" c="gray.7">
            {holdersText(holders)}: para quitarla, asignales otra opción.
          </Text>
        )}
        <InstalmentRows form={form} optionIndex={index} rowFocus={rowFocus} />
      </Stack>
    </Paper>
  );
}

/** An option's instalments: amount and due date each, added and removed while editing (the focus to the new row, or the neighbour). */
function InstalmentRows({ form, optionIndex, rowFocus }: { form: PlanForm; optionIndex: number; rowFocus: RowFocus }) {
  const { idOf, focusLater } = rowFocus;
  const instalments = form.values.options[optionIndex]!.instalments;
  const path = `options.${optionIndex}.instalments`;
  const listError = form.errors[path];
  const add = () => {
    const row = instalment();
    form.insertListItem(path, row);
    focusLater(idOf(row.key, 'amount'));
  };
  const remove = (index: number) => {
    const neighbour = instalments[index + 1] ?? instalments[index - 1];
    form.removeListItem(path, index);
    if (neighbour) focusLater(idOf(neighbour.key, 'amount'));
  };
  return (
    <Stack gap={6}>
      {instalments.map((row, index) => (
        <Group key={row.key} align="flex-start" gap="xs" wrap="nowrap">
          <NumberInput
            id={idOf(row.key, 'amount')}
            label={`Cuota ${index + 1}`}
            required
            prefix="$ "
            thousandSeparator="."
            decimalSeparator=","
            allowDecimal={false}
            allowNegative={false}
            hideControls
            inputMode="numeric"
            style={{ flex: '2 1 0', minWidth: 0 }}
            {...form.getInputProps(`${path}.${index}.amount`)}
          />
          <DayField label="Vence el" required style={{ flex: '3 1 0', minWidth: 0 }} {...form.getInputProps(`${path}.${index}.dueDate`)} />
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            mt={26}
            aria-label={`Quitar la cuota ${index + 1}`}
            onClick={() => remove(index)}
            disabled={instalments.length === 1}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {typeof listError === 'string' && (
        <Text size="xs" c="red.8" role="alert">
          {listError}
        </Text>
      )}
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconPlus size={14} aria-hidden />}
        onClick={add}
        disabled={instalments.length >= INSTALMENTS_MAX}
        style={{ alignSelf: 'flex-start' }}
      >
        Agregar cuota
      </Button>
    </Stack>
  );
}

/** The reminders switch: saved at once, with the plan as the server keeps it. */
export function RemindersSwitch({ courseId, options, reminders }: PlanEditorProps) {
  const save = useSavePlan(courseId);
  const [failure, setFailure] = useState<string | null>(null);
  const toggle = (on: boolean) => {
    setFailure(null);
    save.mutate(
      {
        options: options.map((o) => ({ id: o.id, label: o.label, instalments: o.instalments })),
        reminders: on,
      },
      {
        onSuccess: () => notify(on ? 'Recordatorios activados' : 'Recordatorios desactivados', on ? remindersText : 'No se mandan emails.'),
        onError: (error) => setFailure(error.message),
      },
    );
  };
  return (
    <Stack gap={6}>
      <Switch
        checked={reminders}
        disabled={save.isPending}
        onChange={(event) => toggle(event.currentTarget.checked)}
        label="Mandar recordatorios de cuotas por email"
        description={remindersText}
      />
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}

const remindersText = 'Al alumno, 3 días antes de cada vencimiento y el mismo día, mientras no la haya pagado.';
