import { useState } from 'react';
import { Badge, Button, Group } from '@mantine/core';
import { IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../components/notify.ts';
import { useSetUserActive } from '../api/use-set-user-active.ts';
import { useUserActive } from '../api/use-user.ts';

/** 'Desactivar usuario' / 'Reactivar usuario' on the user's page, with a confirmation that says what happens. */
export function UserActiveToggle({ userId, userName }: { userId: string; userName: string }) {
  const active = useUserActive(userId).data;
  const setActive = useSetUserActive(userId);
  const [opened, setOpened] = useState(false);
  if (active === undefined) return null;

  const close = () => {
    setOpened(false);
    setActive.reset();
  };
  const confirm = () =>
    setActive.mutate(!active, {
      onSuccess: () => {
        close();
        notify(
          active ? 'Usuario desactivado' : 'Usuario reactivado',
          active ? `${userName} ya no puede iniciar sesión.` : `${userName} puede volver a iniciar sesión.`,
        );
      },
    });

  return (
    <Group gap="xs">
      {!active && (
        <Badge color="red" variant="light">
          Desactivado
        </Badge>
      )}
      <Button
        size="xs"
        variant="default"
        leftSection={active ? <IconUserOff size={14} aria-hidden /> : <IconUserCheck size={14} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {active ? 'Desactivar usuario' : 'Reactivar usuario'}
      </Button>
      <ConfirmDialog
        opened={opened}
        title={active ? `¿Desactivar a ${userName}?` : `¿Reactivar a ${userName}?`}
        text={
          active
            ? 'No va a poder iniciar sesión y las sesiones que tenga abiertas se cierran ahora mismo. Sus respuestas, correcciones y mensajes se conservan; podés reactivarlo cuando quieras.'
            : 'Va a poder volver a iniciar sesión con su contraseña y encontrar todo lo que había hecho.'
        }
        confirmLabel={active ? 'Desactivar' : 'Reactivar'}
        danger={active}
        pending={setActive.isPending}
        error={setActive.error?.message ?? null}
        onConfirm={confirm}
        onClose={close}
      />
    </Group>
  );
}
