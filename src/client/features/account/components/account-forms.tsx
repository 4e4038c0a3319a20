import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { messages } from '../../../../shared/messages.ts';
import { changePasswordSchema, updateMeSchema, type ChangePasswordInput, type UpdateMeInput } from '../../../../shared/schemas/users.ts';
import { notify } from '../../../components/notify.ts';
import { ApiError } from '../../../lib/api.ts';
import { useLeaveGuard } from '../../../lib/leave-guard.ts';
import { useChangePassword, useUpdateMe } from '../api/use-update-me.ts';
import { useErrorFocus } from '../../../lib/focus-first-error.ts';

/** Shows a failure under the field the server names, or under the form's first field. */
function showFailure(form: { setFieldError: (field: string, message: string) => void }, error: Error, fallbackField: string) {
  const fields = error instanceof ApiError ? error.fields : undefined;
  if (fields && Object.keys(fields).length > 0) Object.entries(fields).forEach(([field, message]) => form.setFieldError(field, message));
  else form.setFieldError(fallbackField, error.message);
}

/** 'Tus datos': the name others see in the forum and in corrections. */
export function NameForm({ name }: { name: string }) {
  const update = useUpdateMe();
  const form = useForm<UpdateMeInput>({
    mode: 'controlled',
    initialValues: { name },
    validate: zod4Resolver(updateMeSchema),
    validateInputOnBlur: true,
  });
  useLeaveGuard(() => form.isDirty());
  const errorFocus = useErrorFocus();
  const submit = form.onSubmit((values) =>
    update.mutate(values, {
      onSuccess: (data) => {
        form.setInitialValues({ name: data.user?.name ?? values.name });
        form.reset();
        notify('Listo', messages.nameSaved);
      },
      onError: (error) => {
        showFailure(form, error, 'name');
        errorFocus.focus();
      },
    }),
  );
  return (
    <form ref={errorFocus.ref} onSubmit={errorFocus.onSubmit(submit)} noValidate>
      <Stack>
        <TextInput label="Nombre completo" autoComplete="name" required {...form.getInputProps('name')} />
        <Group>
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            Cambiar nombre
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const emptyPasswords: ChangePasswordInput = { currentPassword: '', newPassword: '' };

/** 'Cambiar contraseña': the current one, then the new one. The account's other sessions end. */
export function PasswordForm() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    mode: 'uncontrolled',
    initialValues: emptyPasswords,
    validate: zod4Resolver(changePasswordSchema),
  });
  useLeaveGuard(() => form.isDirty());
  const errorFocus = useErrorFocus();
  const submit = form.onSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        notify(messages.passwordChanged, messages.passwordChangedDetail);
      },
      onError: (error) => {
        showFailure(form, error, 'currentPassword');
        errorFocus.focus();
      },
    }),
  );
  return (
    <form ref={errorFocus.ref} onSubmit={errorFocus.onSubmit(submit)} noValidate>
      <Stack>
        <PasswordInput
          label="Contraseña actual"
          autoComplete="current-password"
          required
          key={form.key('currentPassword')}
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="Nueva contraseña"
          description="Mínimo 6 caracteres"
          autoComplete="new-password"
          required
          key={form.key('newPassword')}
          {...form.getInputProps('newPassword')}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            Cambiar contraseña
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
