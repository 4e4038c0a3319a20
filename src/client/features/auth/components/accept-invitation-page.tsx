import { Link, useLocation, useSearchParams } from 'wouter';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import * as z from 'zod/mini';
import { messages } from '../../../../shared/messages.ts';
import { newPasswordSchema } from '../../../../shared/schemas/auth.ts';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { paths } from '../../../lib/paths.ts';
import { useAcceptInvitation } from '../api/use-accept-invitation.ts';
import { useErrorFocus } from '../../../lib/focus-first-error.ts';

const formSchema = z
  .object({ password: newPasswordSchema, confirm: z.string() })
  .check(z.refine((values) => values.password === values.confirm, { path: ['confirm'], error: messages.passwordsDoNotMatch }));

/** Where the invitation email's link lands: the student chooses a password and goes straight to their course. */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [, navigate] = useLocation();
  const accept = useAcceptInvitation();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirm: '' },
    validate: zod4Resolver(formSchema),
    validateInputOnBlur: true,
  });

  const errorFocus = useErrorFocus();

  const submit = form.onSubmit((values) => {
    accept.mutate(
      { token, password: values.password },
      {
        onSuccess: ({ user, courseId }) => {
          const to = user.role === 'admin' || user.staff ? paths.adminHome() : courseId ? paths.course(courseId) : paths.studentHome();
          navigate(to, { replace: true });
        },
      },
    );
  });

  return (
    <AuthLayout title="Creá tu contraseña">
      {!token ? (
        <Alert color="red">{messages.invitationInvalid}</Alert>
      ) : (
        <form ref={errorFocus.ref} onSubmit={errorFocus.onSubmit(submit)} noValidate>
          <Stack>
            <Text size="sm">
              Te damos la bienvenida a Aula Virtual. Elegí la contraseña con la que vas a entrar (al menos 6 caracteres).
            </Text>
            <PasswordInput
              label="Contraseña"
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
            {accept.error && (
              <Alert color="red" role="alert">
                {accept.error.message}
              </Alert>
            )}
            <Button type="submit" fullWidth loading={accept.isPending} size="md">
              Crear contraseña y entrar
            </Button>
            <Anchor component={Link} href={paths.login()} ta="center" size="sm">
              Ya tengo contraseña: ir a loguearse
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
