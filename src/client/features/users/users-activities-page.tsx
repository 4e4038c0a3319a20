import { Link, useSearchParams } from 'wouter';
import { Badge, Button, Group, Loader, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { PageRange } from '../../components/page-range.tsx';
import { IconChevronRight, IconFileImport, IconUserSearch } from '@tabler/icons-react';
import type { UserListItem } from '../../../shared/schemas/access.ts';
import { paths } from '../../lib/paths.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { SearchField } from '../../components/search-field.tsx';
import { useUserList } from './api/use-user-list.ts';

const count = new Intl.NumberFormat('es-AR');

/** The spec's colours: green for admins, orange for users with answers to correct, grey otherwise. */
function userColor(user: UserListItem) {
  if (user.role === 'admin') return 'green';
  return user.pending ? 'orange' : 'gray';
}

/** Page and search live in the address, so reloading or going back keeps them. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;

  const setSearch = (value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value.trim()) next.set('q', value);
        else next.delete('q');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  const setPage = (value: number) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value > 1) next.set('page', String(value));
      else next.delete('page');
      return next;
    });
  return { search, page, setSearch, setPage };
}

function UserRow({ user }: { user: UserListItem }) {
  const color = userColor(user);
  return (
    <UnstyledButton
      component={Link}
      href={paths.adminUserCourses(user.id)}
      className="tile"
      display="block"
      p="sm"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        border: '1px solid var(--mantine-color-gray-3)',
        borderLeft: `6px solid var(--mantine-color-${color}-${color === 'gray' ? 4 : 7})`,
        background: `var(--mantine-color-${color}-0)`,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {user.name}
          </Text>
          <Text size="sm" c="gray.7" truncate>
            {user.email}
          </Text>
          {(user.role === 'admin' || user.pending || user.invitationPending) && (
            <Group gap={6} mt={4}>
              {user.role === 'admin' && (
                <Badge variant="dot" color="green" size="sm">
                  Administrador
                </Badge>
              )}
              {user.pending && (
                <Badge variant="dot" color="orange" size="sm">
                  Por corregir
                </Badge>
              )}
              {user.invitationPending && (
                <Badge variant="dot" color="grape" size="sm">
                  Invitación pendiente
                </Badge>
              )}
            </Group>
          )}
        </Stack>
        <IconChevronRight size={20} aria-hidden style={{ flexShrink: 0 }} />
      </Group>
    </UnstyledButton>
  );
}

function ListSkeleton() {
  return (
    <Stack gap="xs" aria-hidden>
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} height={68} radius="md" />
      ))}
    </Stack>
  );
}

export function UsersActivitiesPage() {
  const { search, page, setSearch, setPage } = useListParams();
  const list = useUserList(search.trim(), page);
  const data = list.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const changePage = (value: number) => {
    setPage(value);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  let body;
  if (list.isPending) body = <ListSkeleton />;
  else if (list.isError && !data)
    body = <LoadError error={list.error} backTo={paths.adminHome()} backLabel="Volver al inicio" onRetry={() => void list.refetch()} />;
  else if (!data || data.total === 0)
    body = search.trim() ? (
      <EmptyState
        icon={IconUserSearch}
        title="No hay usuarios que coincidan"
        text={`Ningún nombre ni email contiene “${search.trim()}”.`}
      />
    ) : (
      <EmptyState icon={IconUserSearch} title="Todavía no hay usuarios" text="Creá el primero desde Crear usuario." />
    );
  else if (data.users.length === 0)
    body = (
      <EmptyState
        title="Esta página está vacía"
        text={`La lista tiene ${totalPages === 1 ? 'una sola página' : `${count.format(totalPages)} páginas`}.`}
      >
        <Button variant="light" onClick={() => changePage(1)}>
          Ir a la primera página
        </Button>
      </EmptyState>
    );
  else {
    const first = (data.page - 1) * data.pageSize + 1;
    const last = first + data.users.length - 1;
    body = (
      <Stack gap="sm">
        <Group gap="xs" justify="space-between">
          <Text size="sm" c="gray.7" aria-live="polite">
            {search.trim()
              ? `${count.format(data.total)} ${data.total === 1 ? 'usuario coincide' : 'usuarios coinciden'} con “${search.trim()}”`
              : `${count.format(data.total)} ${data.total === 1 ? 'usuario' : 'usuarios'}`}
            {data.total > data.pageSize && ` · mostrando ${count.format(first)}–${count.format(last)}`}
          </Text>
          {list.isFetching && <Loader size="xs" role="status" aria-label="Actualizando" />}
        </Group>
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none', opacity: list.isPlaceholderData ? 0.6 : 1 }}
          aria-busy={list.isPlaceholderData}
        >
          {data.users.map((user) => (
            <li key={user.id}>
              <UserRow user={user} />
            </li>
          ))}
        </Stack>
        {totalPages > 1 && (
          <PageRange total={totalPages} value={Math.min(page, totalPages)} onChange={changePage} label="Páginas de la lista" />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={760}>
      <PageTitle
        actions={
          <Button
            component={Link}
            href={paths.adminImportUsers()}
            variant="default"
            size="sm"
            leftSection={<IconFileImport size={16} aria-hidden />}
          >
            Importar alumnos
          </Button>
        }
      >
        Lista de Usuarios
      </PageTitle>
      <SearchField search={search} onSearch={setSearch} label="Buscar usuario" placeholder="Nombre o email" style={{ maxWidth: 480 }} />
      {body}
    </Stack>
  );
}
