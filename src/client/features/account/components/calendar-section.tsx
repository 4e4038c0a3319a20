import { useState } from 'react';
import { Alert, Button, CopyButton, Group, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandGoogle, IconCalendarPlus, IconCopy, IconRefresh } from '@tabler/icons-react';
import { noticeMessages } from '../../../../shared/messages.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../components/notify.ts';
import { useCalendarAddress, useChangeCalendarAddress } from '../api/use-calendar.ts';

/** A long label wraps on a narrow phone instead of being cut. */
const wrapping = { label: { whiteSpace: 'normal' as const, textAlign: 'center' as const } };

/** 'Mi cuenta' → 'Calendario': the private address of the person's dates, to add once to the calendar they use. */
export function CalendarSection({ trainee }: { trainee: boolean }) {
  const address = useCalendarAddress();
  const change = useChangeCalendarAddress();
  const [confirming, setConfirming] = useState(false);
  const what = trainee
    ? 'Las clases presenciales (con lugar y tema), los vencimientos de tus cuotas, los exámenes y el vencimiento de tu licencia'
    : 'Las clases presenciales y los exámenes de tus cursos';

  return (
    <Stack gap="sm">
      <Text size="sm">
        {what} aparecen en el calendario que ya usás, y se actualizan solos: una clase que cambia se mueve, una cancelada aparece cancelada.
      </Text>
      {address.data ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Button
              component="a"
              href={address.data.google}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconBrandGoogle size={16} aria-hidden />}
              fullWidth
              h="auto"
              py={8}
              styles={wrapping}
            >
              Agregar a Google Calendar
            </Button>
            <Button
              component="a"
              href={address.data.webcal}
              variant="light"
              leftSection={<IconCalendarPlus size={16} aria-hidden />}
              fullWidth
              h="auto"
              py={8}
              styles={wrapping}
            >
              Agregar al calendario del teléfono
            </Button>
          </SimpleGrid>
          <TextInput
            label="Dirección privada del calendario"
            description="Para otras aplicaciones de calendario (Outlook, Thunderbird): pegala donde dice «suscribirse a un calendario». No la compartas: con ella se ven tus fechas."
            value={address.data.url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          />
          <Group gap="sm">
            <CopyButton value={address.data.url}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  size="sm"
                  leftSection={<IconCopy size={16} aria-hidden />}
                  onClick={() => {
                    copy();
                    notify('Listo', noticeMessages.calendarCopied);
                  }}
                >
                  {copied ? 'Copiada' : 'Copiar dirección'}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" size="sm" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => setConfirming(true)}>
              Cambiar dirección
            </Button>
          </Group>
        </>
      ) : address.error ? (
        <Alert color="red" role="alert">
          No se pudo leer la dirección de tu calendario. Probá de nuevo en un rato.
        </Alert>
      ) : (
        <Stack gap="sm" aria-hidden>
          <Skeleton height={36} width="70%" />
          <Skeleton height={36} />
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        title="¿Cambiar la dirección del calendario?"
        text="La dirección actual deja de funcionar enseguida: los calendarios donde la agregaste dejan de recibir tus fechas. Después tenés que agregar la nueva."
        confirmLabel="Cambiar dirección"
        pending={change.isPending}
        error={change.error ? 'No se pudo cambiar la dirección. Probá de nuevo.' : null}
        onConfirm={() =>
          change.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              notify('Listo', noticeMessages.calendarChanged);
            },
          })
        }
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
