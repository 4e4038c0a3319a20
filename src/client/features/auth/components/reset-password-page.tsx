import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import * as z from 'zod/mini';
import { messages } from '../../../../shared/messages.ts';
import { newPasswordSchema } from '../../../../shared/schemas/auth.ts';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { paths } from '../../../lib/paths.ts';
import { useResetPassword } from '../api/use-password-recovery.ts';
import { useErrorFocus } from '../../../lib/focus-first-error.ts';

const formSchema = z
  .object({ password: newPasswordSchema, confirm: z.string() })
  .check(z.refine((values) => values.password === values.confirm, { path: ['confirm'], error: messages.passwordsDoNotMatch }));

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [, navigate] = useLocation();
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirm: '' },
    validate: zod4Resolver(formSchema),
    validateInputOnBlur: true,
  });

  const errorFocus = useErrorFocus();

  const submit = form.onSubmit((values) => {
    reset.mutate({ token, password: values.password }, { onSuccess: () => setDone(true) });
  });

  return (
    <AuthLayout title="Elegí una nueva contraseña">
      {!token ? (
        <Stack>
          <Alert color="red">{messages.resetLinkInvalid}</Alert>
          <Anchor component={Link} href={paths.forgotPassword()}>
            Pedir un nuevo enlace
          </Anchor>
        </Stack>
      ) : (
        <form ref={errorFocus.ref} onSubmit={errorFocus.onSubmit(submit)} noValidate>
          <Stack>
            <Text size="sm">La contraseña debe tener al menos 6 caracteres.</Text>
            <PasswordInput
              label="Nueva contraseña"
              autoComplete="new-password"
              required
              key={form.key('password')}
              {...form.getInputProps('password')}
              aria-invalid={Boolean(form.errors['password'])}
            />
            <PasswordInput
              label="Repetí la contraseña"
              autoComplete="new-password"
              required
              key={form.key('confirm')}
              {...form.getInputProps('confirm')}
              aria-invalid={Boolean(form.errors['confirm'])}
            />
            {reset.error && (
              <Alert color="red" role="alert">
                {reset.error.message}{' '}
                {reset.error.message === messages.resetLinkInvalid && (
                  <Anchor component={Link} href={paths.forgotPassword()}>
                    Pedir un nuevo enlace
                  </Anchor>
                )}
              </Alert>
            )}
            <Button type="submit" fullWidth loading={reset.isPending} size="md">
              Guardar contraseña
            </Button>
            <Anchor component={Link} href={paths.login()} ta="center" size="sm">
              Ir a loguearse
            </Anchor>
          </Stack>
        </form>
      )}
      <MessageDialog opened={done} message={messages.resetDone} buttonLabel="Ir a loguearse" onClose={() => navigate(paths.login())} />
    </AuthLayout>
  );
}
