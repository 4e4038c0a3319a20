import { Link, useParams } from 'wouter';
import { Alert, Anchor, Badge, Breadcrumbs, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBooks, IconId, IconLayoutList, IconMailForward } from '@tabler/icons-react';
import type { UserCourse } from '../../../shared/schemas/access.ts';
import type { User } from '../../../shared/schemas/users.ts';
import { paths } from '../../lib/paths.ts';
import { AccessItem } from '../../components/access-item.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { notify } from '../../components/notify.ts';
import { useSetCourseAccess } from './api/use-set-course-access.ts';
import { useResendInvitation } from './api/use-resend-invitation.ts';
import { useInvitationPending, useUser } from './api/use-user.ts';
import { useUserCourses } from './api/use-user-courses.ts';
import { UserActiveToggle } from './components/user-active-toggle.tsx';

function UserHeading({ user }: { user: User }) {
  return (
    <Stack gap={4}>
      <Breadcrumbs separatorMargin={6}>
        <Anchor component={Link} href={paths.adminUsers()} size="sm">
          Lista de Usuarios
        </Anchor>
        <Text size="sm" c="gray.7" aria-current="page">
          Cursos
        </Text>
      </Breadcrumbs>
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {user.name}
      </Title>
      <Group gap="xs">
        <Text c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
        {user.role === 'admin' && (
          <Badge variant="dot" color="green" size="sm">
            Administrador
          </Badge>
        )}
      </Group>
      <UserActiveToggle userId={user.id} userName={user.name} />
    </Stack>
  );
}

/** A user who has not chosen a password yet: the admin can send the invitation again. */
function InvitationNotice({ user }: { user: User }) {
  const pending = useInvitationPending(user.id);
  const resend = useResendInvitation();
  if (!pending.data) return null;
  return (
    <Alert color="yellow" title="Invitación pendiente" variant="light">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          Todavía no eligió su contraseña. Si no le llegó el email o el enlace venció, enviale uno nuevo (el anterior deja de servir).
        </Text>
        <Button
          size="xs"
          variant="white"
          color="dark"
          leftSection={<IconMailForward size={16} aria-hidden />}
          loading={resend.isPending}
          onClick={() => resend.mutate(user.id, { onSuccess: (data) => notify(data.message, `Se la enviamos a ${user.email}.`) })}
        >
          Reenviar invitación
        </Button>
      </Stack>
    </Alert>
  );
}

function CourseItem({ userId, userName, course, student }: { userId: string; userName: string; course: UserCourse; student: boolean }) {
  const setAccess = useSetCourseAccess();
  const toggle = () =>
    setAccess.mutate(
      { userId, courseId: course.id, enabled: !course.enabled },
      {
        onSuccess: (_data, input) => notify(`Curso ${input.enabled ? 'habilitado' : 'bloqueado'}`, `${course.name}, para ${userName}.`),
      },
    );

  return (
    <AccessItem
      name={course.name}
      imageUrl={course.imageUrl}
      kind="el curso"
      enabled={course.enabled}
      pending={setAccess.isPending}
      onToggle={toggle}
    >
      <Button
        component={Link}
        href={paths.adminUserModules(userId, course.id)}
        variant="default"
        leftSection={<IconLayoutList size={16} aria-hidden />}
        aria-label={`Ver módulos del curso ${course.name}`}
      >
        Ver módulos
      </Button>
      {/* The trainee's page: everything about them in the course (a trainee of it: the course enabled). */}
      {student && course.enabled && (
        <Button
          component={Link}
          href={paths.adminTraineeRecord(userId, course.id)}
          variant="default"
          leftSection={<IconId size={16} aria-hidden />}
          aria-label={`Ver legajo en el curso ${course.name}`}
        >
          Ver legajo
        </Button>
      )}
    </AccessItem>
  );
}

function CoursesSkeleton() {
  return (
    <Stack gap="xs" aria-hidden>
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} height={72} radius="md" />
      ))}
    </Stack>
  );
}

export function UserCoursesPage() {
  const { userId = '' } = useParams<{ userId: string }>();
  const user = useUser(userId);
  const courses = useUserCourses(userId);

  const error = user.error ?? courses.error;
  if (error)
    return (
      <LoadError
        error={error}
        backTo={paths.adminUsers()}
        backLabel="Volver a la lista de usuarios"
        notFoundText="Este usuario no existe o fue borrado."
        onRetry={() => void Promise.all([user.refetch(), courses.refetch()])}
      />
    );

  const enabledCount = courses.data?.filter((course) => course.enabled).length ?? 0;
  const userData = user.data;

  return (
    <Stack gap="lg" maw={860}>
      {userData ? (
        <>
          <UserHeading user={userData} />
          <InvitationNotice user={userData} />
        </>
      ) : (
        <Stack gap="xs" aria-hidden>
          <Skeleton height={14} width={160} />
          <Skeleton height={30} width="60%" />
          <Skeleton height={16} width="45%" />
        </Stack>
      )}

      <Stack gap="sm" component="section" aria-labelledby="cursos-del-usuario">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id="cursos-del-usuario">
            Cursos
          </Title>
          {courses.data && courses.data.length > 0 && (
            <Text size="sm" c="gray.7">
              {enabledCount} de {courses.data.length} habilitados
            </Text>
          )}
        </Group>
        {!courses.data || !userData ? (
          <CoursesSkeleton />
        ) : courses.data.length === 0 ? (
          <EmptyState
            icon={IconBooks}
            title="Todavía no hay cursos"
            text="Cuando crees un curso, vas a poder habilitarlo para este usuario desde acá."
          />
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {courses.data.map((course) => (
              <li key={course.id}>
                <CourseItem userId={userId} userName={userData.name} course={course} student={userData.role === 'student'} />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
