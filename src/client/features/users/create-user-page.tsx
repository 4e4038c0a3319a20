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
import { CourseSelect } from '../../components/course-select.tsx';
import { MessageDialog } from '../../components/message-dialog.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { ApiError } from '../../lib/api.ts';
import { useStaffReach } from '../../lib/course-roles.ts';
import { paths } from '../../lib/paths.ts';
import { useCourseParam } from '../../lib/use-course-param.ts';
import { useCourseOverview } from '../../lib/use-course-overview.ts';
import { useCreateUser } from './api/use-create-user.ts';
import { useErrorFocus } from '../../lib/focus-first-error.ts';

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

interface CreatedStudent {
  id: string;
  name: string;
  /** The course they were enrolled in, if any. */
  courseId: string | null;
}

interface CreatedStudentAlertProps {
  student: CreatedStudent;
  onClose: () => void;
}

/** The notice after creating a student: the course they are in, or the next step, enabling their courses. */
function CreatedStudentAlert({ student, onClose }: CreatedStudentAlertProps) {
  const reach = useStaffReach();
  const courses = useCourseOverview();
  if (student.courseId) {
    const course = courses.data?.find((candidate) => candidate.id === student.courseId);
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
          <Text size="sm">Quedó inscripto en {course ? `«${course.name}»` : 'el curso'}, con su primer módulo habilitado.</Text>
          <Group>
            {reach.admin ? (
              <Button
                component={Link}
                href={paths.adminUserCourses(student.id)}
                variant="default"
                leftSection={<IconBook2 size={16} aria-hidden />}
              >
                Ver sus cursos
              </Button>
            ) : (
              <Button
                component={Link}
                href={paths.adminCourse(student.courseId)}
                variant="default"
                leftSection={<IconBook2 size={16} aria-hidden />}
              >
                Ir al curso
              </Button>
            )}
          </Group>
        </Stack>
      </Alert>
    );
  }
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

/** The page's title, with the way to a whole class list instead (into the same course). */
function CreateUserTitle({ courseId }: { courseId: string | null }) {
  return (
    <PageTitle
      actions={
        <Anchor component={Link} href={paths.adminImportUsers(courseId ?? undefined)} size="sm">
          <IconFileImport size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> Importar alumnos desde un CSV
        </Anchor>
      }
    >
      Crear usuario
    </PageTitle>
  );
}

interface RoleAndCourseProps {
  admin: boolean;
  roleInput: ReturnType<ReturnType<typeof useForm<FormValues>>['getInputProps']> & { key: string };
  asksCourse: boolean;
  courseId: string | null;
  onCourseChange: (courseId: string | null) => void;
  courseError: string | null;
}

/** 'Rol' (an administrator's choice only) and the course a new trainee is enrolled in. */
function RoleAndCourse({ admin, roleInput, asksCourse, courseId, onCourseChange, courseError }: RoleAndCourseProps) {
  const { key, ...role } = roleInput;
  return (
    <>
      {admin && (
        <Select
          label="Rol"
          data={[
            { value: 'student', label: 'Alumno' },
            { value: 'admin', label: 'Administrador' },
          ]}
          allowDeselect={false}
          key={key}
          {...role}
        />
      )}
      {asksCourse && (
        <CourseSelect
          label={admin ? 'Curso (opcional)' : 'Curso'}
          description="Queda inscripto con el primer módulo habilitado."
          for="alumnos.gestionar"
          {...(admin ? { allLabel: 'Ninguno por ahora' } : {})}
          value={courseId}
          onChange={onCourseChange}
          error={courseError}
          empty={
            <Text size="sm" c="gray.7">
              No hay cursos en los que puedas inscribir alumnos.
            </Text>
          }
        />
      )}
    </>
  );
}

/** The server's answer under its fields, the course's under the course picker; whether it had any. */
function showServerErrors(
  error: Error,
  form: { setErrors: (errors: Record<string, string>) => void },
  setCourseError: (message: string) => void,
) {
  if (!(error instanceof ApiError && error.fields)) return false;
  const { courseId: courseProblem, ...fields } = error.fields;
  form.setErrors(fields);
  if (courseProblem) setCourseError(courseProblem);
  return true;
}

/**
 * 'Crear usuario'. An administrator creates anyone, a trainee optionally enrolled in a course; an
 * instructor creates trainees of their own courses only, always into one of them (the server
 * holds both rules).
 */
export function CreateUserPage() {
  const createUser = useCreateUser();
  const reach = useStaffReach();
  const [access, setAccess] = useState<Access>('invite');
  const [result, setResult] = useState<Result | null>(null);
  const [courseId, setCourseId] = useCourseParam();
  const [courseError, setCourseError] = useState<string | null>(null);
  const [role, setRole] = useState<Role>(emptyUser.role);
  /** The student just created: the next step is their course, or enabling their courses. */
  const [created, setCreated] = useState<CreatedStudent | null>(null);
  const form = useForm<FormValues>({
    mode: 'uncontrolled',
    initialValues: emptyUser,
    validate: (values) => zod4Resolver(access === 'invite' ? withInvitation : withPassword)(values),
    validateInputOnBlur: true,
    onValuesChange: (values) => setRole(values.role),
  });
  /** Whether the course is asked for: trainees only; and it must be chosen by an instructor. */
  const asksCourse = !reach.admin || role === 'student';
  const errorFocus = useErrorFocus();
  const submit = form.onSubmit(({ name, email, password, role: chosenRole }) => {
    if (!reach.admin && !courseId) {
      setCourseError(messages.traineeCourseRequired);
      return;
    }
    const invite = access === 'invite';
    const course = chosenRole === 'student' && courseId ? { courseId } : {};
    const who = { name, email, role: reach.admin ? chosenRole : ('student' as const), ...course };
    createUser.mutate(invite ? who : { ...who, password }, {
      onSuccess: ({ user }) => {
        form.reset();
        setResult(invite ? 'invited' : 'created');
        setCreated(user.role === 'student' ? { id: user.id, name: user.name, courseId: course.courseId ?? null } : null);
      },
      onError: (error) => {
        if (showServerErrors(error, form, setCourseError)) errorFocus.focus();
        setResult('failed');
      },
    });
  });

  return (
    <>
      <CreateUserTitle courseId={courseId} />
      {created && <CreatedStudentAlert student={created} onClose={() => setCreated(null)} />}
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={520}>
        <form ref={errorFocus.ref} onSubmit={errorFocus.onSubmit(submit)} noValidate>
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
            <RoleAndCourse
              admin={reach.admin}
              roleInput={{ key: form.key('role'), ...form.getInputProps('role') }}
              asksCourse={asksCourse}
              courseId={courseId}
              onCourseChange={(chosen) => {
                setCourseId(chosen);
                setCourseError(null);
              }}
              courseError={courseError}
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
