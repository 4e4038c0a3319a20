import { useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { Alert, Anchor, Badge, Button, Card, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconUserPlus } from '@tabler/icons-react';
import { staffRoleLabels, type StaffRole } from '../../../shared/course-roles.ts';
import type { TeamMember } from '../../../shared/schemas/team.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { notify } from '../../components/notify.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { paths } from '../../lib/paths.ts';
import { useRemoveMember, useSetRoles, useTeam } from './api/use-team.ts';
import { AddMemberModal } from './components/add-member-modal.tsx';
import { RolesField } from './components/roles-field.tsx';

/** 'Cambiar roles': the member's roles as checkboxes (at least one; 'Quitar del equipo' for none). */
function RolesModal({ courseId, member, onClose }: { courseId: string; member: TeamMember | null; onClose: () => void }) {
  // The modal stays mounted (so it gives the focus back to the button that opened it); the last
  // member shown stays in it while it closes.
  const [shown, setShown] = useState(member);
  if (member && member !== shown) setShown(member);
  return (
    <Modal opened={member !== null} onClose={onClose} title={`Roles de ${shown?.name ?? ''}`} closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      {shown && <RolesForm key={shown.userId} courseId={courseId} member={shown} onClose={onClose} />}
    </Modal>
  );
}

/** The member's roles as checkboxes, and 'Guardar'. */
function RolesForm({ courseId, member, onClose }: { courseId: string; member: TeamMember; onClose: () => void }) {
  const save = useSetRoles(courseId);
  const [roles, setRoles] = useState<StaffRole[]>(member.roles);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (roles.length === 0) {
          setFailure('Elegí al menos un rol. Para sacarlo del equipo, usá «Quitar del equipo».');
          return;
        }
        save.mutate(
          { userId: member.userId, roles },
          { onSuccess: ({ message }) => (notify(message, member.name), onClose()), onError: (error) => setFailure(error.message) },
        );
      }}
    >
      <Stack gap="md">
        <RolesField value={roles} onChange={setRoles} />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={save.isPending}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function MemberCard({ member, onRoles, onRemove }: { member: TeamMember; onRoles: () => void; onRemove: () => void }) {
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {member.name}
            </Text>
            <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              {member.email}
            </Text>
          </Stack>
          <Group gap={6}>
            {member.roles.map((role) => (
              <Badge key={role} variant="light" style={{ textTransform: 'none' }}>
                {staffRoleLabels[role]}
              </Badge>
            ))}
            {member.invitationPending && (
              <Badge color="gray" variant="outline" style={{ textTransform: 'none' }}>
                Invitación pendiente
              </Badge>
            )}
          </Group>
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={onRoles} aria-label={`Cambiar roles de ${member.name}`}>
            Cambiar roles
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={onRemove} aria-label={`Quitar del equipo a ${member.name}`}>
            Quitar del equipo
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** 'Equipo del curso': who works on the course and in which roles; add, change roles, remove. */
export function TeamPage() {
  const { courseId = '' } = useParams<{ courseId: string }>();
  const team = useTeam(courseId);
  const remove = useRemoveMember(courseId);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  return (
    <Stack gap="md">
      <Anchor component={Link} href={paths.adminCourse(courseId)} size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {team.data?.courseName ?? 'El curso'}
        </Group>
      </Anchor>
      <PageTitle
        actions={
          <Button
            ref={addButton}
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={() => setAdding(true)}
            disabled={!team.data}
          >
            Agregar al equipo
          </Button>
        }
      >
        Equipo del curso
      </PageTitle>
      {team.isPending ? (
        <Skeleton h={200} role="status" aria-busy="true" aria-label="Cargando el equipo" />
      ) : team.isError ? (
        <LoadError
          error={team.error}
          notFoundText="Este curso no existe: puede que lo hayan eliminado."
          backTo={paths.adminCourses()}
          backLabel="Volver a los cursos"
          onRetry={() => void team.refetch()}
        />
      ) : team.data.members.length === 0 ? (
        <EmptyState
          title="Todavía no hay nadie en el equipo"
          text="Agregá a quienes trabajan en el curso: instructores, ayudantes, observadores y tesorería. Los administradores ya pueden hacer todo."
        />
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Equipo">
          {team.data.members.map((member) => (
            <MemberCard key={member.userId} member={member} onRoles={() => setEditing(member)} onRemove={() => setRemoving(member)} />
          ))}
        </Stack>
      )}
      <AddMemberModal courseId={courseId} opened={adding} onClose={() => setAdding(false)} />
      <RolesModal courseId={courseId} member={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={removing !== null}
        title="Quitar del equipo"
        text={`${removing?.name ?? ''} deja de trabajar en este curso. Lo que hizo (correcciones, respuestas, observaciones) queda con su nombre.`}
        confirmLabel="Quitar del equipo"
        danger
        pending={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.userId, {
            onSuccess: () => {
              notify('Quitado del equipo', removing.name);
              setRemoving(null);
              // The button that opened the dialog left with the member: the focus goes to
              // 'Agregar al equipo' once the dialog has closed, not to the page's start.
              setTimeout(() => addButton.current?.focus(), 300);
            },
          })
        }
        onClose={() => {
          remove.reset();
          setRemoving(null);
        }}
      />
    </Stack>
  );
}
