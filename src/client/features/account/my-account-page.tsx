import { useState } from 'react';
import { Link } from 'wouter';
import { IconCertificate, IconCloudDownload } from '@tabler/icons-react';
import { Button, Group, Paper, Radio, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import type { Delivery, EmailPreferences } from '../../../shared/schemas/users.ts';
import { messages } from '../../../shared/messages.ts';
import { LoadError } from '../../components/load-error.tsx';
import { notify } from '../../components/notify.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { useEmailPreferences, useSaveEmailPreferences } from './api/use-email-preferences.ts';
import { NameForm, PasswordForm } from './components/account-forms.tsx';
import { MyRecord } from './components/my-record.tsx';

const deliveryOptions: Array<{ value: Delivery; label: string; description: string }> = [
  { value: 'immediate', label: 'Al instante', description: 'Un email cada vez.' },
  { value: 'daily', label: 'Resumen diario', description: 'Un solo email por día con todo lo que llegó.' },
  { value: 'never', label: 'Nunca', description: 'Lo ves cuando entrás a Aula Virtual.' },
];

function DeliveryChoice({ label, value, onChange }: { label: string; value: Delivery; onChange: (value: Delivery) => void }) {
  return (
    <Radio.Group label={label} value={value} onChange={(next) => onChange(next as Delivery)}>
      <Stack gap="xs" mt={6}>
        {deliveryOptions.map((option) => (
          <Radio key={option.value} value={option.value} label={option.label} description={option.description} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

function PreferencesForm({ role, saved }: { role: 'admin' | 'student'; saved: EmailPreferences }) {
  const save = useSaveEmailPreferences();
  const [draft, setDraft] = useState<EmailPreferences>(saved);
  const changed =
    draft.submissions !== saved.submissions ||
    draft.questions !== saved.questions ||
    draft.forumReplies !== saved.forumReplies ||
    draft.licenceReminders !== saved.licenceReminders;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const changes =
      role === 'admin'
        ? { submissions: draft.submissions, questions: draft.questions }
        : { forumReplies: draft.forumReplies, licenceReminders: draft.licenceReminders };
    save.mutate(changes, { onSuccess: () => notify('Listo', messages.preferencesSaved) });
  };

  return (
    <form onSubmit={submit}>
      <Stack>
        {role === 'admin' ? (
          <>
            <DeliveryChoice
              label="Cuando un alumno envía sus respuestas para corregir"
              value={draft.submissions}
              onChange={(submissions) => setDraft({ ...draft, submissions })}
            />
            <DeliveryChoice
              label="Cuando un alumno escribe en el foro de un módulo"
              value={draft.questions}
              onChange={(questions) => setDraft({ ...draft, questions })}
            />
          </>
        ) : (
          <Radio.Group
            label="Cuando un instructor responde en el foro de un módulo en el que escribiste"
            value={draft.forumReplies}
            onChange={(forumReplies) => setDraft({ ...draft, forumReplies: forumReplies === 'never' ? 'never' : 'immediate' })}
          >
            <Stack gap="xs" mt={6}>
              <Radio
                value="immediate"
                label="Avisarme por email"
                description="Como mucho un email por módulo cada 10 minutos, con todas las respuestas juntas."
              />
              <Radio value="never" label="No avisarme" description="Las respuestas las ves cuando entrás al foro." />
            </Stack>
          </Radio.Group>
        )}
        {role === 'student' && (
          <Switch
            label="Avisos de vencimiento de mi licencia"
            description="Un email 60, 30 y 7 días antes de que venza tu licencia, para que la renueves a tiempo."
            checked={draft.licenceReminders}
            onChange={(event) => setDraft({ ...draft, licenceReminders: event.currentTarget.checked })}
          />
        )}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!changed}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 'Mi cuenta': who is signed in, a trainee's own record in each course, their name and password, and which emails they want. */
export function MyAccountPage() {
  const session = useSession();
  const preferences = useEmailPreferences();
  const user = session.data;
  const home = user && (user.role === 'admin' || user.staff) ? paths.adminHome() : paths.studentHome();

  if (preferences.error)
    return <LoadError error={preferences.error} backTo={home} backLabel="Volver al inicio" onRetry={() => void preferences.refetch()} />;

  return (
    <Stack gap="md" maw={640}>
      <PageTitle>Mi cuenta</PageTitle>
      {user && (
        <Stack gap={2}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {user.name}
          </Text>
          <Text c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
        </Stack>
      )}
      {user?.role === 'student' && <MyRecord />}
      {user?.role === 'student' && (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="certificados-titulo">
          <Group justify="space-between" gap="sm">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={2} size="h4" id="certificados-titulo">
                Mis certificados
              </Title>
              <Text size="sm" c="gray.7">
                Tus licencias de árbitro: el PDF y la dirección para verificarlas.
              </Text>
            </Stack>
            <Button component={Link} href={paths.myCertificates()} variant="light" leftSection={<IconCertificate size={16} aria-hidden />}>
              Ver mis certificados
            </Button>
          </Group>
        </Paper>
      )}
      {user?.role === 'student' && (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="descargas-titulo">
          <Group justify="space-between" gap="sm">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={2} size="h4" id="descargas-titulo">
                Descargas
              </Title>
              <Text size="sm" c="gray.7">
                Los módulos guardados en este teléfono para estudiar sin señal.
              </Text>
            </Stack>
            <Button component={Link} href={paths.myDownloads()} variant="light" leftSection={<IconCloudDownload size={16} aria-hidden />}>
              Ver mis descargas
            </Button>
          </Group>
        </Paper>
      )}
      {user && (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="datos-titulo">
          <Title order={2} size="h4" id="datos-titulo" mb="sm">
            Tus datos
          </Title>
          <NameForm key={user.name} name={user.name} />
        </Paper>
      )}
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="clave-titulo">
        <Title order={2} size="h4" id="clave-titulo" mb="sm">
          Cambiar contraseña
        </Title>
        <PasswordForm />
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="emails-titulo">
        <Title order={2} size="h4" id="emails-titulo" mb="sm">
          Emails
        </Title>
        {preferences.data && user ? (
          <PreferencesForm
            key={JSON.stringify(preferences.data)}
            role={user.role === 'admin' || user.staff ? 'admin' : 'student'}
            saved={preferences.data}
          />
        ) : (
          <Stack gap="sm" aria-hidden>
            <Skeleton height={20} width="70%" />
            <Skeleton height={16} width="40%" />
            <Skeleton height={16} width="40%" />
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
