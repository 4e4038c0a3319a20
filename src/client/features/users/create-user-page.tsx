import { useState } from 'react';
import { Link } from 'wouter';
import { Alert, Anchor, Button, Group, Paper, PasswordInput, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBook2, IconFileImport } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import * as z from 'zod/mini';
import { messages } from '../../../shared/messages.ts';
import { emailSchema, newPasswordSchema, roleSchema, type Role } from '../../../shared/schemas/auth.ts';
import { userNameSchema } from '../../../shared/schemas/users.ts';
import { MessageDialog } from '../../components/message-dialog.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { ApiError } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { useCreateUser } from './api/use-create-user.ts';

type Access = 'invite' | 'password';
interface FormValues {
  name: string;
  email: string;
  password: string;
  role: Role;
}

const emptyUser: FormValues = { name: '', email: '', password: '', role: 'student' };
const withPassword = z.object({ name: userNameSchema, email: emailSchema, password: newPasswordSchema, role: roleSchema });
const withInvitation = z.object({ name: userNameSchema, email: emailSchema, role: roleSchema });

type Result = 'created' | 'invited' | 'failed';

/** What the dialog tells after 'Crear usuario', by how it went. */
const resultMessage = (result: Result | null) =>
  result === 'invited'
    ? `${messages.userCreated} ${messages.invitationSent}`
    : result === 'created'
      ? messages.userCreated
      : messages.userCreateFailed;

interface CreatedStudentAlertProps {
  student: { id: string; name: string };
  onClose: () => void;
}

/** The notice after creating a student, pointing to the next step: enabling their courses. */
function CreatedStudentAlert({ student, onClose }: CreatedStudentAlertProps) {
  return (
    <Alert
      color="green"
      title={`Se creó el usuario ${student.name}`}
      maw={520}
      mb="md"
      withCloseButton
      closeButtonLabel="Cerrar el aviso"
      onClose={onClose}
    >
      <Stack gap="xs">
        <Text size="sm">Para que vea sus cursos, habilitáselos.</Text>
        <Group>
          <Button component={Link} href={paths.adminUserCourses(student.id)} leftSection={<IconBook2 size={16} aria-hidden />}>
            Habilitar cursos
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

interface AccessChoiceProps {
  value: Access;
  onChange: (access: Access) => void;
}

/** 'Primer ingreso': whether the new user gets an invitation by email or a password chosen now. */
function AccessChoice({ value, onChange }: AccessChoiceProps) {
  return (
    <Radio.Group label="Primer ingreso" value={value} onChange={(chosen) => onChange(chosen as Access)}>
      <Stack gap="xs" mt={6}>
        <Radio
          value="invite"
          label="Enviar invitación por email"
          description="Recibe un enlace para elegir su contraseña (vence en 7 días)."
        />
        <Radio value="password" label="Elegir la contraseña ahora" />
      </Stack>
    </Radio.Group>
  );
}

export function CreateUserPage() {
  const createUser = useCreateUser();
  const [access, setAccess] = useState<Access>('invite');
  const [result, setResult] = useState<Result | null>(null);
  /** The student just created: the next step is enabling their courses. */
  const [created, setCreated] = useState<{ id: string; name: string } | null>(null);
  const form = useForm<FormValues>({
    mode: 'uncontrolled',
    initialValues: emptyUser,
    validate: (values) => zod4Resolver(access === 'invite' ? withInvitation : withPassword)(values),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(({ name, email, password, role }) => {
    const invite = access === 'invite';
    createUser.mutate(invite ? { name, email, role } : { name, email, password, role }, {
      onSuccess: ({ user }) => {
        form.reset();
        setResult(invite ? 'invited' : 'created');
        setCreated(user.role === 'student' ? { id: user.id, name: user.name } : null);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
        setResult('failed');
      },
    });
  });

  return (
    <>
      <PageTitle
        actions={
          <Anchor component={Link} href={paths.adminImportUsers()} size="sm">
            <IconFileImport size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> Importar alumnos desde un CSV
          </Anchor>
        }
      >
        Crear usuario
      </PageTitle>
      {created && <CreatedStudentAlert student={created} onClose={() => setCreated(null)} />}
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={520}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label="Nombre completo" autoComplete="off" required key={form.key('name')} {...form.getInputProps('name')} />
            <TextInput label="Email" type="email" autoComplete="off" required key={form.key('email')} {...form.getInputProps('email')} />
            <AccessChoice
              value={access}
              onChange={(value) => {
                setAccess(value);
                form.clearFieldError('password');
              }}
            />
            {access === 'password' && (
              <PasswordInput
                label="Contraseña"
                description="Mínimo 6 caracteres"
                autoComplete="new-password"
                required
                key={form.key('password')}
                {...form.getInputProps('password')}
                aria-invalid={Boolean(form.errors['password'])}
              />
            )}
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
            {access === 'invite' && (
              <Text size="xs" c="gray.7">
                La cuenta queda creada al instante; el usuario entra cuando elige su contraseña.
              </Text>
            )}
          </Stack>
        </form>
      </Paper>
      <MessageDialog
        opened={result !== null}
        message={resultMessage(result)}
        buttonLabel="Ok"
        color={result === 'failed' ? 'red' : 'green'}
        onClose={() => setResult(null)}
      />
    </>
  );
}
