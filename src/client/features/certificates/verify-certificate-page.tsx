import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { Alert, Box, Button, Group, Paper, Skeleton, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconBan, IconCircleCheck, IconClockX, IconFileUnknown, IconPlayHandball, type Icon } from '@tabler/icons-react';
import type { CertificateState } from '../../../shared/approval-rules.ts';
import { certificateStateLabels } from '../../../shared/approval-rules.ts';
import { normalizeCode } from '../../../shared/certificate-code.ts';
import { certificateMessages } from '../../../shared/messages.ts';
import type { Verification } from '../../../shared/schemas/certificates.ts';
import { ApiError } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { useVerification } from './api/use-verification.ts';

const EXAMPLE_CODE = 'AV-7K3P-9QXD';
const { dayText } = certificateMessages;

const stateLook: Record<CertificateState, { color: string; icon: Icon; text: (v: Verification) => string }> = {
  vigente: { color: 'green', icon: IconCircleCheck, text: (v) => `Este certificado está en vigencia hasta el ${dayText(v.expiresOn)}.` },
  vencido: { color: 'orange', icon: IconClockX, text: (v) => `Este certificado venció el ${dayText(v.expiresOn)}.` },
  revocado: { color: 'red', icon: IconBan, text: () => 'Quien emitió este certificado lo revocó: ya no es válido.' },
};

/** The state, large and unmistakable (colour, icon and word): what a club official looks for first. */
function StateBanner({ verification }: { verification: Verification }) {
  const look = stateLook[verification.state];
  return (
    <Paper
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      bg={`var(--mantine-color-${look.color}-0)`}
      style={{ border: `2px solid var(--mantine-color-${look.color}-7)` }}
      role="status"
    >
      <Group gap="md" wrap="nowrap" align="center">
        <ThemeIcon size={56} radius="xl" color={look.color} variant="filled" aria-hidden style={{ flexShrink: 0 }}>
          <look.icon size={36} />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fz={34} fw={800} lh={1.1} c={`${look.color}.9`} data-testid="certificate-state">
            {certificateStateLabels[verification.state]}
          </Text>
          <Text size="sm" c="gray.9">
            {look.text(verification)}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** One line of the certificate: its label above, its value large enough to read at arm's length. */
function Field({ label, children }: { label: string; children: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="gray.7">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function CertificateFound({ code, verification }: { code: string; verification: Verification }) {
  return (
    <Stack gap="md">
      <StateBanner verification={verification} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack component="dl" gap="sm" m={0}>
          <Field label="Nombre">{verification.name}</Field>
          <Field label="Curso">{verification.course}</Field>
          <Field label="Nivel">{verification.level}</Field>
          <Field label="Emitido el">{dayText(verification.issuedOn)}</Field>
          <Field label="Vence el">{dayText(verification.expiresOn)}</Field>
          <Field label="Código">{code}</Field>
        </Stack>
      </Paper>
    </Stack>
  );
}

function NotFound() {
  return (
    <Paper radius="md" p={{ base: 'md', sm: 'lg' }} withBorder style={{ borderWidth: 2 }} role="status">
      <Group gap="md" wrap="nowrap" align="center">
        <ThemeIcon size={56} radius="xl" color="gray" variant="light" aria-hidden style={{ flexShrink: 0 }}>
          <IconFileUnknown size={34} />
        </ThemeIcon>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fz={24} fw={800} lh={1.2}>
            {certificateMessages.verifyNotFound}
          </Text>
          <Text size="sm" c="gray.8">
            Revisá el código tal como está impreso en el certificado, debajo de las fechas (por ejemplo {EXAMPLE_CODE}).
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** The answer for a code from the address: the certificate, 'No encontramos ese certificado', or why it could not be asked. */
function Result({ code }: { code: string }) {
  const query = useVerification(code);
  if (query.data) return <CertificateFound code={code} verification={query.data} />;
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title="No pudimos verificar el certificado">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{query.error.message}</Text>
          <Button variant="default" size="xs" onClick={() => void query.refetch()}>
            Reintentar
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="md" role="status" aria-busy aria-label="Verificando">
      <Skeleton height={96} radius="md" />
      <Skeleton height={280} radius="md" />
    </Stack>
  );
}

/** 'Verificar otro código': a code typed from paper, read as the code meant (case, dashes, O for 0). */
function CodeForm({ another }: { another: boolean }) {
  const [, navigate] = useLocation();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const code = normalizeCode(typed);
    if (!code) {
      setError(`Revisá el código: son AV y 8 letras o números, como ${EXAMPLE_CODE}.`);
      return;
    }
    setError(null);
    navigate(paths.verifyCertificate(code));
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={another ? 'Verificar otro código' : 'Código del certificado'}
          description="Está impreso en el certificado, debajo de las fechas."
          placeholder={EXAMPLE_CODE}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          error={error}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          styles={{ input: { fontSize: 18, letterSpacing: 1, textTransform: 'uppercase' } }}
        />
        <Group justify="flex-end">
          <Button type="submit">Verificar</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The public page a licence's QR code opens (`/verificar/{codigo}`): no sign-in, nothing but the
 * holder's name, the course, the level, the dates and the state. On a phone, at a glance.
 */
export function VerifyCertificatePage() {
  const params = useParams<{ codigo?: string }>();
  const raw = params.codigo ?? '';
  const code = raw ? (normalizeCode(raw) ?? raw) : '';
  return (
    <Box component="main" mih="100dvh" bg="gray.0" px="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack maw={560} mx="auto" gap="md">
        <Group gap="xs" justify="center">
          <ThemeIcon size={32} radius="xl" aria-hidden>
            <IconPlayHandball size={20} />
          </ThemeIcon>
          <Text fw={800} c="blue.9">
            Aula Virtual
          </Text>
        </Group>
        <Title order={1} size="h3" ta="center" tabIndex={-1}>
          Verificación de certificado
        </Title>
        {code ? (
          // A new code's query starts empty: never the previous code's answer while it loads.
          <Result code={code} />
        ) : (
          <Text ta="center" c="gray.8">
            Ingresá el código de un certificado de árbitro para ver si está vigente.
          </Text>
        )}
        <CodeForm key={code} another={Boolean(code)} />
      </Stack>
    </Box>
  );
}
