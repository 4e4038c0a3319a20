import { useEffect, useState } from 'react';
import { Alert, Button, Group, NativeSelect, Skeleton, Stack, Text } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { noticeMessages } from '../../../../shared/messages.ts';
import {
  staffNoticeKinds,
  traineeNoticeKinds,
  type NoticeChannel,
  type NoticeKind,
  type NoticePreferences,
} from '../../../../shared/schemas/notices.ts';
import { notify } from '../../../components/notify.ts';
import { currentPushSubscription, pushSupport, PushRefused, subscribePush, unsubscribePush, type PushSupport } from '../../../lib/push.ts';
import {
  useDeletePushSubscription,
  useNoticePreferences,
  usePushStatus,
  useSaveNoticePreferences,
  useSavePushSubscription,
} from '../api/use-notices.ts';

const kindText: Record<NoticeKind, { label: string; description: string }> = {
  correction: { label: 'Corrección de una actividad', description: 'Cuando tu instructor corrige tus respuestas.' },
  forumReply: { label: 'Respuesta en el foro', description: 'Cuando te responden en el foro de un módulo en el que escribiste.' },
  lessonTomorrow: { label: 'Clase presencial (el día antes)', description: 'La tarde anterior, con la hora y el lugar.' },
  instalmentDue: { label: 'Cuota por vencer', description: 'Tres días antes de que venza una cuota sin pagar, y ese día.' },
  examOpen: { label: 'Examen disponible', description: 'Cuando abre un examen que podés rendir.' },
  licenceExpiry: { label: 'Licencia por vencer', description: '60, 30 y 7 días antes de que venza tu licencia.' },
  submission: { label: 'Respuestas para corregir', description: 'Cuando un alumno de tus cursos envía sus respuestas.' },
  question: { label: 'Pregunta en el foro', description: 'Cuando un alumno de tus cursos escribe en el foro de un módulo.' },
};

const valueOf = (channel: NoticeChannel) => `${channel.push ? 'aviso' : 'sin-aviso'}:${channel.email}`;
const channelOf = (value: string): NoticeChannel => {
  const [push, email] = value.split(':') as [string, NoticeChannel['email']];
  return { push: push === 'aviso', email };
};

const traineeOptions = [
  { value: 'aviso:immediate', label: 'Aviso y email' },
  { value: 'aviso:never', label: 'Solo aviso en el teléfono' },
  { value: 'sin-aviso:immediate', label: 'Solo email' },
  { value: 'sin-aviso:never', label: 'Nada' },
];
const staffOptions = [
  { value: 'aviso:immediate', label: 'Aviso y email' },
  { value: 'aviso:daily', label: 'Aviso y un resumen diario por email' },
  { value: 'aviso:never', label: 'Solo aviso en el teléfono' },
  { value: 'sin-aviso:immediate', label: 'Solo email' },
  { value: 'sin-aviso:daily', label: 'Solo un resumen diario por email' },
  { value: 'sin-aviso:never', label: 'Nada' },
];

type DeviceState = 'loading' | 'on' | 'off' | PushSupport;

/** 'Recibir avisos en este teléfono': asks the browser's permission only when pressed. */
function ThisPhone() {
  const status = usePushStatus();
  const save = useSavePushSubscription();
  const remove = useDeletePushSubscription();
  const [device, setDevice] = useState<DeviceState>('loading');
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const endpoints = status.data?.endpoints;

  useEffect(() => {
    const support = pushSupport();
    if (support !== 'supported') {
      setDevice(support);
      return;
    }
    if (!endpoints) return;
    let live = true;
    void currentPushSubscription()
      .catch(() => null)
      .then((subscription) => {
        if (live) setDevice(subscription && endpoints.includes(subscription.endpoint) ? 'on' : 'off');
      });
    return () => {
      live = false;
    };
  }, [endpoints]);

  const turnOn = async () => {
    if (!status.data) return;
    setProblem(null);
    setWorking(true);
    try {
      const subscription = await subscribePush(status.data.publicKey);
      await save.mutateAsync({
        endpoint: subscription.endpoint ?? '',
        keys: { p256dh: subscription.keys?.p256dh ?? '', auth: subscription.keys?.auth ?? '' },
      });
      setDevice('on');
      notify('Listo', noticeMessages.subscribed);
    } catch (error) {
      if (error instanceof PushRefused) setDevice(pushSupport() === 'denied' ? 'denied' : 'off');
      else setProblem(noticeMessages.subscribeFailed);
    } finally {
      setWorking(false);
    }
  };

  const turnOff = async () => {
    setWorking(true);
    try {
      const endpoint = await unsubscribePush();
      if (endpoint) await remove.mutateAsync(endpoint);
      setDevice('off');
      notify('Listo', noticeMessages.unsubscribed);
    } finally {
      setWorking(false);
    }
  };

  if (status.error && device === 'loading')
    return (
      <Alert color="gray" title="Avisos en este teléfono">
        No pudimos saber si este teléfono recibe avisos. Se va a ver cuando vuelva la señal.
      </Alert>
    );
  return <PhoneState device={device} working={working} problem={problem} onTurnOn={() => void turnOn()} onTurnOff={() => void turnOff()} />;
}

/** What this phone can do and does: in plain words where it cannot, the button where it can. */
function PhoneState(props: { device: DeviceState; working: boolean; problem: string | null; onTurnOn: () => void; onTurnOff: () => void }) {
  const { device, working, problem } = props;
  if (device === 'unsupported')
    return (
      <Alert color="gray" title="Este navegador no recibe avisos">
        {noticeMessages.unsupported}
      </Alert>
    );
  if (device === 'denied')
    return (
      <Alert color="yellow" title="Avisos bloqueados">
        {noticeMessages.permissionDenied}
      </Alert>
    );
  if (device === 'loading') return <Skeleton height={36} width={260} aria-hidden />;
  return (
    <Stack gap={6}>
      {device === 'on' ? (
        <Group gap="sm">
          <Text size="sm" fw={600} c="teal.9">
            Este teléfono recibe tus avisos.
          </Text>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconBellOff size={16} aria-hidden />}
            loading={working}
            onClick={props.onTurnOff}
          >
            Dejar de recibir avisos aquí
          </Button>
        </Group>
      ) : (
        <>
          <Group>
            <Button leftSection={<IconBell size={16} aria-hidden />} loading={working} onClick={props.onTurnOn}>
              Recibir avisos en este teléfono
            </Button>
          </Group>
          <Text size="sm" c="gray.7">
            El navegador te va a pedir permiso para mostrarlos. Mientras tanto, te avisamos por email.
          </Text>
        </>
      )}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}

function KindsForm({ kinds, saved }: { kinds: readonly NoticeKind[]; saved: NoticePreferences }) {
  const save = useSaveNoticePreferences();
  const [draft, setDraft] = useState<NoticePreferences>(saved);
  const changed = kinds.some((kind) => valueOf(draft[kind]) !== valueOf(saved[kind]));
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const changes = Object.fromEntries(kinds.map((kind) => [kind, draft[kind]])) as Partial<NoticePreferences>;
    save.mutate(changes, { onSuccess: () => notify('Listo', noticeMessages.preferencesSaved) });
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        {kinds.map((kind) => (
          <NativeSelect
            key={kind}
            label={kindText[kind].label}
            description={kindText[kind].description}
            data={(staffNoticeKinds as readonly string[]).includes(kind) ? staffOptions : traineeOptions}
            value={valueOf(draft[kind])}
            onChange={(event) => setDraft({ ...draft, [kind]: channelOf(event.currentTarget.value) })}
          />
        ))}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!changed}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 'Mi cuenta' → 'Avisos': this phone, and per kind whether it comes as a notice, an email, both or neither. */
export function NoticesSection({ trainee, staff }: { trainee: boolean; staff: boolean }) {
  const preferences = useNoticePreferences();
  const kinds = [...(trainee ? traineeNoticeKinds : []), ...(staff ? staffNoticeKinds : [])];
  return (
    <Stack gap="md">
      <ThisPhone />
      {preferences.data ? (
        <KindsForm key={JSON.stringify(preferences.data)} kinds={kinds} saved={preferences.data} />
      ) : preferences.error ? (
        <Alert color="red" role="alert">
          No se pudieron leer tus avisos. Probá de nuevo en un rato.
        </Alert>
      ) : (
        <Stack gap="sm" aria-hidden>
          <Skeleton height={20} width="60%" />
          <Skeleton height={36} />
          <Skeleton height={20} width="60%" />
          <Skeleton height={36} />
        </Stack>
      )}
    </Stack>
  );
}
