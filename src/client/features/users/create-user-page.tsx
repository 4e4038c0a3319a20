import { useState } from 'react';
import { Button, Paper, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { messages } from '../../../shared/messages.ts';
import { createUserSchema, type CreateUserInput } from '../../../shared/schemas/users.ts';
import { MessageDialog } from '../../components/message-dialog.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { ApiError } from '../../lib/api.ts';
import { useCreateUser } from './api/use-create-user.ts';

const emptyUser: CreateUserInput = { name: '', email: '', password: '', role: 'student' };

export function CreateUserPage() {
  const createUser = useCreateUser();
  const [result, setResult] = useState<'created' | 'failed' | null>(null);
  const form = useForm<CreateUserInput>({
    mode: 'uncontrolled',
    initialValues: emptyUser,
    validate: zod4Resolver(createUserSchema),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    createUser.mutate(values, {
      onSuccess: () => {
        form.reset();
        setResult('created');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
        setResult('failed');
      },
    });
  });

  return (
    <>
      <PageTitle>Crear usuario</PageTitle>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={520}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label="Nombre completo" autoComplete="off" required key={form.key('name')} {...form.getInputProps('name')} />
            <TextInput label="Email" type="email" autoComplete="off" required key={form.key('email')} {...form.getInputProps('email')} />
            <PasswordInput
              label="Contraseña"
              description="Mínimo 6 caracteres"
              autoComplete="new-password"
              required
              key={form.key('password')}
              {...form.getInputProps('password')}
              aria-invalid={Boolean(form.errors['password'])}
            />
            <Select
              label="Rol"
              data={[
                { value: 'student', label: 'Alumno' },
                { value: 'admin', label: 'Administrador' },
              ]}
              allowDeselect={false}
              key={form.key('role')}
              {...form.getInputProps('role')}
            />
            <Button type="submit" loading={createUser.isPending}>
              Crear usuario
            </Button>
          </Stack>
        </form>
      </Paper>
      <MessageDialog
        opened={result !== null}
        message={result === 'created' ? messages.userCreated : messages.userCreateFailed}
        buttonLabel="Ok"
        color={result === 'created' ? 'green' : 'red'}
        onClose={() => setResult(null)}
      />
    </>
  );
}
