import { useState } from 'react';
import { Link } from 'wouter';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMail } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { messages } from '../../../../shared/messages.ts';
import { forgotPasswordSchema } from '../../../../shared/schemas/auth.ts';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { paths } from '../../../lib/paths.ts';
import { ApiError } from '../../../lib/api.ts';
import { useForgotPassword } from '../api/use-password-recovery.ts';
import { useErrorFocus } from '../../../lib/focus-first-error.ts';

type Outcome = { kind: 'sent' } | { kind: 'invalid' } | { kind: 'error'; message: string };

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: zod4Resolver(forgotPasswordSchema),
  });
  const invalid = Boolean(form.errors['email']);

  const errorFocus = useErrorFocus();

  const submit = form.onSubmit(
    (values) => {
      forgot.mutate(values.email, {
        onSuccess: () => setOutcome({ kind: 'sent' }),
        onError: (error) =>
          setOutcome(
            error instanceof ApiError && error.code === 'BAD_REQUEST' ? { kind: 'invalid' } : { kind: 'error', message: error.message },
          ),
      });
    },
    // Empty, the spec asks only for the icon to turn red (and the field gets the focus); the
    // 'Email inválido' popup is for an address that is malformed.
    (errors, values) => {
      if (values.email.trim() === '') document.getElementById('email-recuperar')?.focus();
      else setOutcome({ kind: 'invalid' });
    },
  );

  return (
    <AuthLayout title="Recuperar contraseña">
      <form ref={errorFocus.ref} onSubmit={errorFocus.onSubmit(submit)} noValidate>
        <Stack>
          <Text size="sm">Ingresá el email con el que te registraste y te enviaremos un enlace para elegir una nueva contraseña.</Text>
          <TextInput
            id="email-recuperar"
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            leftSection={<IconMail size={18} color={invalid ? 'var(--mantine-color-red-7)' : undefined} aria-hidden />}
            value={form.values.email}
            onChange={(event) => form.setFieldValue('email', event.currentTarget.value)}
            error={invalid}
            aria-invalid={invalid}
          />
          <Button type="submit" fullWidth loading={forgot.isPending} size="md">
            Enviar
          </Button>
          <Anchor component={Link} href={paths.login()} ta="center" size="sm">
            Ir a loguearse
          </Anchor>
        </Stack>
      </form>
      <MessageDialog
        opened={outcome !== null}
        message={outcome?.kind === 'sent' ? messages.resetSent : outcome?.kind === 'error' ? outcome.message : messages.resetInvalidEmail}
        buttonLabel={outcome?.kind === 'sent' ? 'Ok' : messages.retry}
        color={outcome?.kind === 'sent' ? 'blue' : 'red'}
        onClose={() => setOutcome(null)}
      />
    </AuthLayout>
  );
}
