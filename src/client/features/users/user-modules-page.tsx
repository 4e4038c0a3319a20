import { Link, useParams } from 'wouter';
import { Alert, Anchor, Breadcrumbs, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChecklist, IconId, IconInfoCircle, IconLayoutList } from '@tabler/icons-react';
import type { UserModule } from '../../../shared/schemas/access.ts';
import { paths } from '../../lib/paths.ts';
import { ProgressBadge } from '../../components/progress-badge.tsx';
import { WatchedBadge } from '../../components/watched-badge.tsx';
import { AccessItem } from '../../components/access-item.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { notify } from '../../components/notify.ts';
import { moduleNumberLabel } from '../../lib/module-number.ts';
import { useSetModuleAccess } from './api/use-set-module-access.ts';
import { useUser } from './api/use-user.ts';
import { useUserCourses } from './api/use-user-courses.ts';
import { useUserModules } from './api/use-user-modules.ts';
import { UserExams } from './components/user-exams.tsx';

interface ModuleItemProps {
  userId: string;
  userName: string;
  courseId: string;
  module: UserModule;
  number: number;
}

function ModuleItem({ userId, userName, courseId, module, number }: ModuleItemProps) {
  const setAccess = useSetModuleAccess();
  const toggle = () =>
    setAccess.mutate(
      { userId, courseId, moduleId: module.id, enabled: !module.enabled },
      {
        onSuccess: (_data, input) => notify(`Módulo ${input.enabled ? 'habilitado' : 'bloqueado'}`, `${module.name}, para ${userName}.`),
      },
    );

  return (
    <AccessItem
      name={module.name}
      imageUrl={module.imageUrl}
      kind="el módulo"
      overline={moduleNumberLabel(module.name, number) ?? undefined}
      enabled={module.enabled}
      pending={setAccess.isPending}
      onToggle={toggle}
    >
      {module.watchedPercent !== null && <WatchedBadge percent={module.watchedPercent} />}
      {module.progress && <ProgressBadge progress={module.progress} />}
      {module.enabled && (
        <Button
          component={Link}
          href={paths.adminUserActivity(userId, courseId, module.id)}
          variant="default"
          leftSection={<IconChecklist size={16} aria-hidden />}
          aria-label={`Ver respuestas del módulo ${module.name}`}
        >
          Ver respuestas
        </Button>
      )}
    </AccessItem>
  );
}

/** The trainee's page in this course: everything about them in it. */
function RecordLink({ userId, courseId }: { userId: string; courseId: string }) {
  return (
    <Group mt={4}>
      <Button
        component={Link}
        href={paths.adminTraineeRecord(userId, courseId)}
        variant="default"
        size="xs"
        leftSection={<IconId size={14} aria-hidden />}
      >
        Ver legajo
      </Button>
    </Group>
  );
}

function ModulesSkeleton() {
  return (
    <Stack gap="xs" aria-hidden>
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} height={80} radius="md" />
      ))}
    </Stack>
  );
}

export function UserModulesPage() {
  const { userId = '', courseId = '' } = useParams<{ userId: string; courseId: string }>();
  const user = useUser(userId);
  const courses = useUserCourses(userId);
  const modules = useUserModules(userId, courseId);

  const error = user.error ?? modules.error ?? courses.error;
  if (error)
    return (
      <LoadError
        error={error}
        backTo={user.error ? paths.adminUsers() : paths.adminUserCourses(userId)}
        backLabel={user.error ? 'Volver a la lista de usuarios' : 'Volver a los cursos del usuario'}
        notFoundText={user.error ? 'Este usuario no existe o fue borrado.' : 'Este curso no existe o fue borrado.'}
        onRetry={() => void Promise.all([user.refetch(), courses.refetch(), modules.refetch()])}
      />
    );

  const course = courses.data?.find((item) => item.id === courseId);
  const userData = user.data;

  return (
    <Stack gap="lg" maw={860}>
      <Stack gap={4}>
        <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }}>
          <Anchor component={Link} href={paths.adminUsers()} size="sm">
            Lista de Usuarios
          </Anchor>
          <Anchor component={Link} href={paths.adminUserCourses(userId)} size="sm">
            {userData?.name ?? 'Usuario'}
          </Anchor>
          <Text size="sm" c="gray.7" aria-current="page">
            Módulos
          </Text>
        </Breadcrumbs>
        {courses.data && userData ? (
          <>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {course?.name ?? 'Módulos del curso'}
            </Title>
            <Text c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              Módulos de {userData.name} · {userData.email}
            </Text>
            {userData.role === 'student' && course?.enabled && <RecordLink userId={userId} courseId={courseId} />}
          </>
        ) : (
          <Stack gap="xs" aria-hidden>
            <Skeleton height={30} width="60%" />
            <Skeleton height={16} width="45%" />
          </Stack>
        )}
      </Stack>

      {course && !course.enabled && (
        <Alert
          variant="light"
          color="orange"
          icon={<IconInfoCircle aria-hidden />}
          title={
            <Text component="span" fw={700} size="sm" c="dark.9">
              El curso está bloqueado para este usuario
            </Text>
          }
        >
          <Text size="sm">
            Mientras el curso esté bloqueado no ve ninguno de sus módulos, aunque figuren habilitados acá. Habilitar un módulo también
            habilita el curso.
          </Text>
        </Alert>
      )}

      {!modules.data || !userData ? (
        <ModulesSkeleton />
      ) : modules.data.length === 0 ? (
        <EmptyState
          icon={IconLayoutList}
          title="Este curso todavía no tiene módulos"
          text="Cuando crees uno, vas a poder habilitarlo para este usuario desde acá."
        />
      ) : (
        <Stack gap="sm">
          <Group justify="space-between" align="baseline">
            <Title order={2} size="h4">
              Módulos
            </Title>
            <Text size="sm" c="gray.7">
              {modules.data.filter((module) => module.enabled).length} de {modules.data.length} habilitados
            </Text>
          </Group>
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {modules.data.map((module, index) => (
              <li key={module.id}>
                <ModuleItem userId={userId} userName={userData.name} courseId={courseId} module={module} number={index + 1} />
              </li>
            ))}
          </Stack>
        </Stack>
      )}
      <UserExams userId={userId} courseId={courseId} />
    </Stack>
  );
}
