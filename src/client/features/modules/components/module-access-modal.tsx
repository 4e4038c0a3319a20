import { useEffect, useRef } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ModuleWithQuestions } from '../../../../shared/schemas/content.ts';
import { useSetModuleAccessForAll } from '../api/set-module-access.ts';

export interface AccessTarget {
  module: ModuleWithQuestions;
  enabled: boolean;
}

interface ModuleAccessModalProps {
  target: AccessTarget | null;
  opened: boolean;
  onClose: () => void;
  onExited: () => void;
}

const count = new Intl.NumberFormat('es-AR');
const students = (n: number) => `${count.format(n)} ${n === 1 ? 'alumno' : 'alumnos'}`;

/** Confirms 'Habilitar para todos' / 'Bloquear para todos', then says how many students it reached. */
export function ModuleAccessModal({ target, opened, onClose, onExited }: ModuleAccessModalProps) {
  const title = target?.enabled === false ? 'Bloquear para todos' : 'Habilitar para todos';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onExited}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {target && <AccessConfirmation key={`${target.module.id}-${target.enabled}`} target={target} onClose={onClose} />}
    </Modal>
  );
}

function AccessConfirmation({ target: { module, enabled }, onClose }: { target: AccessTarget; onClose: () => void }) {
  const setAccess = useSetModuleAccessForAll();
  const closeRef = useRef<HTMLButtonElement>(null);
  const affected = setAccess.data?.affected;

  useEffect(() => {
    if (affected !== undefined) closeRef.current?.focus();
  }, [affected]);

  if (affected !== undefined) {
    const message =
      affected === 0
        ? 'Ningún alumno tiene este curso habilitado todavía, así que no hubo cambios.'
        : `${enabled ? 'Se habilitó' : 'Se bloqueó'} «${module.name}» para ${students(affected)}.`;
    return (
      <Stack>
        <Alert color={affected === 0 ? 'gray' : 'green'} role="status">
          {message}
        </Alert>
        <Group justify="flex-end">
          <Button ref={closeRef} onClick={onClose}>
            Cerrar
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack>
      <Text>
        {enabled ? '¿Habilitar' : '¿Bloquear'} el módulo <strong>«{module.name}»</strong> para todos los alumnos que tienen el curso
        habilitado?
      </Text>
      <Text size="sm" c="dimmed">
        {enabled
          ? 'Cada uno podrá ver el video y responder las preguntas del módulo.'
          : 'Dejan de ver el módulo. Sus respuestas, correcciones y devoluciones se conservan y vuelven si lo habilitás de nuevo.'}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={setAccess.isPending} data-autofocus>
          Cancelar
        </Button>
        <Button
          color={enabled ? 'teal.9' : 'red'}
          loading={setAccess.isPending}
          onClick={() => setAccess.mutate({ moduleId: module.id, courseId: module.courseId, enabled })}
        >
          {enabled ? 'Habilitar para todos' : 'Bloquear para todos'}
        </Button>
      </Group>
    </Stack>
  );
}
