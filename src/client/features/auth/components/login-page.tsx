import { useState } from 'react';
import { Link } from 'wouter';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { messages } from '../../../../shared/messages.ts';
import { loginSchema, type LoginInput } from '../../../../shared/schemas/auth.ts';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { paths } from '../../../lib/paths.ts';
import { ApiError } from '../../../lib/api.ts';
import { sessionLapsed } from '../../../lib/return-to.ts';
import { useLogin } from '../api/use-login.ts';
import { useErrorFocus } from '../../../lib/focus-first-error.ts';

export function LoginPage() {
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const [lapsed] = useState(sessionLapsed);
  const form = useForm<LoginInput>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: zod4Resolver(loginSchema),
    validateInputOnBlur: true,
  });

  const errorFocus = useErrorFocus();

  const submit = form.onSubmit((values) => {
    login.mutate(values, {
      // Success updates the session; the guard then takes the user to their home page.
      onError: (error) =>
        setFailure(error instanceof ApiError && error.code !== 'INVALID_CREDENTIALS' ? error.message : messages.wrongLogin),
    });
  });

  return (
    <AuthLayout title="Iniciar sesión">
      <form ref={errorFocus.ref} onSubmit={errorFocus.onSubmit(submit)} noValidate>
        <Stack>
          {lapsed && (
            <Alert color="orange" variant="light" role="alert">
              {messages.sessionLapsed}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Contraseña"
            autoComplete="current-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
            aria-invalid={Boolean(form.errors['password'])}
          />
          <Button type="submit" fullWidth loading={login.isPending} size="md">
            LOGIN
          </Button>
          <Text size="sm" ta="center">
            ¿Olvidaste tu contraseña?{' '}
            <Anchor component={Link} href={paths.forgotPassword()}>
              Recuperala aquí
            </Anchor>
          </Text>
        </Stack>
      </form>
      <MessageDialog
        opened={failure !== null}
        message={failure ?? ''}
        buttonLabel={messages.retry}
        color="red"
        onClose={() => setFailure(null)}
      />
    </AuthLayout>
  );
}
