import { useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Radio, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { staffRoleLabels, type StaffRole } from '../../../../shared/course-roles.ts';
import { listInWords } from '../../../../shared/messages.ts';
import { addMemberSchema, type AddMemberInput, type Candidate } from '../../../../shared/schemas/team.ts';
import { notify } from '../../../components/notify.ts';
import { ApiError } from '../../../lib/api.ts';
import { useAddMember, useCandidates } from '../api/use-team.ts';
import { RolesField } from './roles-field.tsx';
import { useErrorFocus } from '../../../lib/focus-first-error.ts';

/** Why someone found cannot be added, in words; null when they can. */
function whyNot(person: Candidate): string | null {
  if (person.admin) return 'Administrador: ya puede hacer todo';
  if (person.trainee) return 'Es alumno de este curso';
  if (person.roles.length > 0) return `Ya está en el equipo: ${listInWords(person.roles.map((role) => staffRoleLabels[role]))}`;
  return null;
}

/** 'Agregar al equipo': someone with an account (searched by name or email) or someone new, invited by email; and their roles. */
export function AddMemberModal({ courseId, opened, onClose }: { courseId: string; opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title="Agregar al equipo" fullScreen={phone} closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      {opened && <AddMemberBody courseId={courseId} onDone={onClose} />}
    </Modal>
  );
}

/** 'Persona': people by name or email, each to choose, or why they cannot be added. */
function PersonSearch(props: { courseId: string; chosen: string | null; onChoose: (userId: string) => void; error?: string }) {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 250);
  const candidates = useCandidates(props.courseId, debounced);
  const people = candidates.data ?? [];
  return (
    <Stack gap="xs">
      <TextInput
        label="Persona"
        description="Buscá por nombre o email."
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        rightSection={candidates.isFetching ? <Loader size="xs" aria-label="Buscando" /> : null}
        data-autofocus
        error={props.error}
      />
      {debounced.trim().length >= 2 && !candidates.isPending && (
        <Radio.Group value={props.chosen} onChange={props.onChoose} label="Resultados" aria-live="polite">
          <Stack gap={6} mt={4}>
            {people.length === 0 ? (
              <Text size="sm" c="gray.7">
                Nadie con ese nombre o email. Podés invitarlo por email.
              </Text>
            ) : (
              people.map((person) => (
                <Radio
                  key={person.userId}
                  value={person.userId}
                  disabled={whyNot(person) !== null}
                  label={`${person.name} · ${person.email}`}
                  description={whyNot(person) ?? undefined}
                />
              ))
            )}
          </Stack>
        </Radio.Group>
      )}
    </Stack>
  );
}

function AddMemberBody({ courseId, onDone }: { courseId: string; onDone: () => void }) {
  const [mode, setMode] = useState<'existente' | 'nueva'>('existente');
  const [chosen, setChosen] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<StaffRole[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const add = useAddMember(courseId);
  const errorFocus = useErrorFocus();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const input: AddMemberInput = mode === 'existente' ? { userId: chosen ?? undefined, roles } : { name, email, roles };
    const parsed = addMemberSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? ''), issue.message])));
      errorFocus.focus();
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        notify(message, mode === 'nueva' ? `Le mandamos a ${email.trim()} la invitación para elegir su contraseña.` : '');
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) {
          setErrors(error.fields);
          errorFocus.focus();
        } else setFailure(error.message);
      },
    });
  };

  return (
    <form ref={errorFocus.ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        <SegmentedControl
          value={mode}
          onChange={(value) => {
            setMode(value as typeof mode);
            setErrors({});
          }}
          data={[
            { value: 'existente', label: 'Alguien con cuenta' },
            { value: 'nueva', label: 'Invitar por email' },
          ]}
          aria-label="A quién agregar"
          fullWidth
        />
        {mode === 'existente' ? (
          <PersonSearch courseId={courseId} chosen={chosen} onChoose={setChosen} error={errors.userId} />
        ) : (
          <Stack gap="xs">
            <TextInput label="Nombre" required value={name} onChange={(event) => setName(event.currentTarget.value)} error={errors.name} />
            <TextInput
              label="Email"
              type="email"
              required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={errors.email}
              description="Le llega una invitación para elegir su contraseña."
            />
          </Stack>
        )}
        <RolesField value={roles} onChange={setRoles} error={errors.roles ?? null} />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={add.isPending}>
            Agregar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
