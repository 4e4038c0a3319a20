import { useState } from 'react';
import { Alert, Button, Checkbox, Fieldset, Group, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { asksSomething } from '../../../../shared/approval-rules.ts';
import { approvalMessages } from '../../../../shared/messages.ts';
import {
  LICENCE_MONTHS_DEFAULT,
  LICENCE_MONTHS_MAX,
  LICENCE_TEXT_MAX,
  approvalInputSchema,
  type ApprovalInput,
  type CourseApproval,
} from '../../../../shared/schemas/approval.ts';
import { notify } from '../../../components/notify.ts';
import { showOnForm } from '../../../lib/api.ts';
import { useSaveApproval } from '../api/save-approval.ts';

/** A number field's value: '' while empty ('no se pide'). */
type NumberField = number | string;

/** The form's values, shaped as the request so the server's field names land on the same fields. */
interface Fields {
  requirements: Omit<ApprovalInput['requirements'], 'minAttendancePercent' | 'minJugadasPercent' | 'minObservationAverage'> & {
    minAttendancePercent: NumberField;
    minJugadasPercent: NumberField;
    minObservationAverage: NumberField;
  };
  licence: { level: string; rulesEdition: string; months: NumberField };
}

const optional = (value: NumberField) => (value === '' ? null : Number(value));

const inputOf = ({ requirements, licence }: Fields): ApprovalInput => ({
  requirements: {
    ...requirements,
    minAttendancePercent: optional(requirements.minAttendancePercent),
    minJugadasPercent: optional(requirements.minJugadasPercent),
    minObservationAverage: optional(requirements.minObservationAverage),
  },
  licence: { ...licence, months: licence.months === '' ? Number.NaN : Number(licence.months) },
});

const fieldsOf = (approval: CourseApproval): Fields => ({
  requirements: {
    ...approval.requirements,
    // Only the course's exams can be chosen: one deleted since is left out on the next save.
    examIds: approval.requirements.examIds.filter((id) => approval.exams.some((e) => e.id === id)),
    minAttendancePercent: approval.requirements.minAttendancePercent ?? '',
    minJugadasPercent: approval.requirements.minJugadasPercent ?? '',
    minObservationAverage: approval.requirements.minObservationAverage ?? '',
  },
  licence: approval.licence,
});

const notAsked = 'Vacío: no se pide.';

/** 'Requisitos de aprobación' and the licence: each requirement optional; refused while the course record is closed. */
export function RequirementsForm({ courseId, approval }: { courseId: string; approval: CourseApproval }) {
  const save = useSaveApproval(courseId);
  const [failure, setFailure] = useState<string | null>(null);
  const closed = approval.closedRecord !== null;
  const form = useForm<Fields>({
    mode: 'controlled',
    initialValues: fieldsOf(approval),
    validate: (values) => zod4Resolver(approvalInputSchema)(inputOf(values)),
  });
  const values = form.getValues();
  const asksNothing = !asksSomething(inputOf(values).requirements);

  const submit = form.onSubmit((submitted) => {
    setFailure(null);
    save.mutate(inputOf(submitted), {
      onSuccess: (saved) => {
        form.setInitialValues(fieldsOf(saved));
        form.setValues(fieldsOf(saved));
        notify(approvalMessages.requirementsSaved, saved.licence.level || approval.course.name);
      },
      onError: showOnForm(form, setFailure),
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Requisitos de aprobación">
      <Stack gap="md">
        {closed && (
          <Alert color="gray" variant="light" icon={<IconLock aria-hidden />}>
            {approvalMessages.recordClosed}
          </Alert>
        )}
        <Fieldset variant="unstyled" m={0} disabled={closed || save.isPending}>
          <Stack gap="md">
            <RequirementFields form={form} approval={approval} />
            {asksNothing && (
              <Alert color="yellow" variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
                Sin requisitos, todos los alumnos quedan aptos.
              </Alert>
            )}
            <LicenceFields form={form} />
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} disabled={closed}>
                Guardar
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      </Stack>
    </form>
  );
}

type Form = ReturnType<typeof useForm<Fields>>;

/**
 * Each requirement: the numbers empty when not asked, the exams to pass, and the switches. A number
 * out of range is kept as typed and explained under its field (never silently clamped on blur).
 */
function RequirementFields({ form, approval }: { form: Form; approval: CourseApproval }) {
  const values = form.getValues();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <NumberInput
          label="Asistencia mínima (%)"
          description={notAsked}
          min={1}
          max={100}
          step={5}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          inputMode="numeric"
          {...form.getInputProps('requirements.minAttendancePercent')}
        />
        <NumberInput
          label="Jugadas: mínimo de aciertos (%)"
          description={notAsked}
          min={1}
          max={100}
          step={5}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          inputMode="numeric"
          {...form.getInputProps('requirements.minJugadasPercent')}
        />
        <NumberInput
          label="Observación: promedio mínimo"
          description="De 1 a 5, con un decimal. Vacío: no se pide."
          min={1}
          max={5}
          step={0.5}
          decimalScale={1}
          decimalSeparator=","
          allowNegative={false}
          clampBehavior="none"
          inputMode="decimal"
          {...form.getInputProps('requirements.minObservationAverage')}
        />
      </SimpleGrid>
      <ExamChoice
        approval={approval}
        value={values.requirements.examIds}
        onChange={(examIds) => form.setFieldValue('requirements.examIds', examIds)}
        error={form.errors['requirements.examIds']}
      />
      <Stack gap="sm">
        <Switch label="Todas las actividades aprobadas" {...form.getInputProps('requirements.allActivities', { type: 'checkbox' })} />
        <Switch label="Prueba física aprobada" {...form.getInputProps('requirements.fitness', { type: 'checkbox' })} />
        <Switch label="Pagos al día" {...form.getInputProps('requirements.paymentsUpToDate', { type: 'checkbox' })} />
      </Stack>
    </>
  );
}

/** 'Licencia': what the certificate says (level, rules edition) and when it expires. */
function LicenceFields({ form }: { form: Form }) {
  return (
    <Fieldset legend="Licencia" radius="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
        <TextInput label="Nivel" placeholder="Árbitro Provincial" maxLength={LICENCE_TEXT_MAX} {...form.getInputProps('licence.level')} />
        <TextInput
          label="Edición del reglamento"
          placeholder="IHF 2025"
          maxLength={LICENCE_TEXT_MAX}
          {...form.getInputProps('licence.rulesEdition')}
        />
        <NumberInput
          label="Vencimiento (meses)"
          description={`De 1 a ${LICENCE_MONTHS_MAX}; ${LICENCE_MONTHS_DEFAULT} si no sabés.`}
          required
          min={1}
          max={LICENCE_MONTHS_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          inputMode="numeric"
          {...form.getInputProps('licence.months')}
        />
      </SimpleGrid>
    </Fieldset>
  );
}

/** 'Exámenes aprobados': a box per exam of the course. */
function ExamChoice({
  approval,
  value,
  onChange,
  error,
}: {
  approval: CourseApproval;
  value: string[];
  onChange: (value: string[]) => void;
  error?: React.ReactNode;
}) {
  if (approval.exams.length === 0) {
    return (
      <Stack gap={2}>
        <Text size="sm" fw={500}>
          Exámenes aprobados
        </Text>
        <Text size="sm" c="gray.7">
          El curso no tiene exámenes.
        </Text>
      </Stack>
    );
  }
  return (
    <Checkbox.Group
      label="Exámenes aprobados"
      description="Los que tiene que aprobar. Ninguno: no se pide."
      value={value}
      onChange={onChange}
      error={error}
    >
      <Stack gap="xs" mt="xs">
        {approval.exams.map((exam) => (
          <Checkbox key={exam.id} value={exam.id} label={`${exam.title} (${exam.kind === 'video' ? 'video' : 'reglamento'})`} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
