import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconCertificate, IconDownload } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { asksSomething } from '../../../../shared/approval-rules.ts';
import { dayText } from '../../../../shared/calendar.ts';
import { certificateMessages as m } from '../../../../shared/messages.ts';
import type { CourseApproval } from '../../../../shared/schemas/approval.ts';
import { REVOKE_REASON_MAX, revokeCertificateSchema, type Certificate } from '../../../../shared/schemas/certificates.ts';
import { CertificateStateBadge } from '../../../components/certificate-state-badge.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { notify } from '../../../components/notify.ts';
import { showOnForm } from '../../../lib/api.ts';
import { useIssueCertificates, useRevokeCertificate } from '../api/certificate-actions.ts';
import { useApproval } from '../api/use-approval.ts';
import { useCourseCertificates } from '../api/use-course-certificates.ts';
import { goToSigner, isSigned, SignerSection } from './signer-form.tsx';

const HEADING_ID = 'certificados-titulo';
type Trainee = CourseApproval['trainees'][number];

const traineesText = (n: number) => (n === 1 ? '1 alumno apto sin certificado' : `${n} alumnos aptos sin certificado`);

/** Why 'Emitir certificados' cannot be used now, or null when it can. */
function blockerOf(approval: CourseApproval, waiting: Trainee[]): string | null {
  if (!asksSomething(approval.requirements)) return m.noRequirements;
  if (!approval.licence.level.trim()) return m.noLevel;
  if (!isSigned(approval.signer)) return m.noSigner;
  if (waiting.length === 0) return m.noneToIssue;
  return null;
}

/** 'Emitir certificados' for everyone waiting, after saying who, and 'Emitir' for each one of them. */
function IssuePanel({ courseId, approval, waiting }: { courseId: string; approval: CourseApproval; waiting: Trainee[] }) {
  const issue = useIssueCertificates(courseId);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const blocker = blockerOf(approval, waiting);

  const send = (userIds?: string[]) => {
    setFailure(null);
    issue.mutate(userIds ? { userIds } : {}, {
      onSuccess: ({ message }) => {
        setConfirming(false);
        notify(message, 'Cada alumno lo encuentra en Mi cuenta → Mis certificados.');
      },
      onError: (error) => setFailure(error.message),
    });
  };

  return (
    <Stack gap="sm">
      <Group gap="sm" align="center">
        <Button
          leftSection={<IconCertificate size={16} aria-hidden />}
          disabled={blocker !== null}
          aria-describedby="certificados-estado"
          onClick={() => {
            setFailure(null);
            issue.reset();
            setConfirming(true);
          }}
        >
          Emitir certificados
        </Button>
        <Text size="sm" c={blocker ? 'gray.7' : undefined} id="certificados-estado">
          {blocker === m.noSigner
            ? 'Falta la firma del certificado: quién los firma y su cargo.'
            : (blocker ?? traineesText(waiting.length))}
        </Text>
        {blocker === m.noSigner && (
          <Anchor component="button" type="button" size="sm" underline="always" onClick={goToSigner}>
            Completar la firma
          </Anchor>
        )}
      </Group>
      {approval.licence.level.trim() && (
        <Text size="sm" c="gray.7">
          Licencia: {approval.licence.level}
          {approval.licence.rulesEdition ? ` · Reglamento: ${approval.licence.rulesEdition}` : ''} · vence a los {approval.licence.months}{' '}
          {approval.licence.months === 1 ? 'mes' : 'meses'}
        </Text>
      )}
      {failure && !confirming && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {blocker === null && (
        <Text size="sm" fw={600} id="aptos-sin-certificado" mt="xs">
          Aptos sin certificado
        </Text>
      )}
      {blocker === null && (
        <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby="aptos-sin-certificado">
          {waiting.map((trainee, index) => (
            <Group
              component="li"
              key={trainee.id}
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              py={6}
              style={{ borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-gray-3)' }}
            >
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {trainee.name}
              </Text>
              <Button
                variant="light"
                size="xs"
                style={{ flexShrink: 0 }}
                aria-label={`Emitir el certificado de ${trainee.name}`}
                loading={issue.isPending && issue.variables?.userIds?.[0] === trainee.id}
                onClick={() => send([trainee.id])}
              >
                Emitir
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        title="¿Emitir certificados?"
        text={`Se emite el certificado de ${waiting.map((t) => t.name).join(', ')}. Lo que dice un certificado no cambia después; si hiciera falta, se revoca.`}
        confirmLabel={waiting.length === 1 ? 'Emitir 1 certificado' : `Emitir ${waiting.length} certificados`}
        pending={issue.isPending}
        error={confirming ? failure : null}
        onConfirm={() => send()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

/** 'Revocar': the reason is required; the public page says 'Revocado' from then on. */
function RevokeModal({ courseId, certificate, onClose }: { courseId: string; certificate: Certificate | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={certificate !== null} onClose={onClose} title="Revocar certificado" fullScreen={phone} centered={!phone}>
      {certificate && <RevokeForm courseId={courseId} certificate={certificate} onDone={onClose} />}
    </Modal>
  );
}

function RevokeForm({ courseId, certificate, onDone }: { courseId: string; certificate: Certificate; onDone: () => void }) {
  const revoke = useRevokeCertificate(courseId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ mode: 'controlled', initialValues: { reason: '' }, validate: zod4Resolver(revokeCertificateSchema) });
  const submit = form.onSubmit((values) => {
    setFailure(null);
    revoke.mutate(
      { certificateId: certificate.id, reason: values.reason },
      {
        onSuccess: ({ message }) => {
          notify(message, `${certificate.holderName}: ${certificate.code}`);
          onDone();
        },
        onError: showOnForm(form, setFailure),
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          El certificado {certificate.code} de <strong>{certificate.holderName}</strong> deja de ser válido: la página de verificación va a
          decir «Revocado». Queda anotado en el historial del alumno.
        </Text>
        <Textarea
          label="Motivo"
          required
          autosize
          minRows={3}
          maxLength={REVOKE_REASON_MAX}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" color="red" loading={revoke.isPending}>
            Revocar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The state, and for a revoked one its reason. */
function StateCell({ certificate }: { certificate: Certificate }) {
  return (
    <Stack gap={2} align="flex-start">
      <CertificateStateBadge state={certificate.state} />
      {certificate.revokedReason && (
        <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          {certificate.revokedReason}
        </Text>
      )}
    </Stack>
  );
}

function Actions({ certificate, onRevoke }: { certificate: Certificate; onRevoke: () => void }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        component="a"
        href={certificate.pdfUrl}
        download
        variant="default"
        size="xs"
        leftSection={<IconDownload size={14} aria-hidden />}
        aria-label={`Descargar el PDF del certificado de ${certificate.holderName}`}
      >
        PDF
      </Button>
      {certificate.state !== 'revocado' && (
        <Button
          variant="subtle"
          color="red"
          size="xs"
          onClick={onRevoke}
          aria-label={`Revocar el certificado de ${certificate.holderName}`}
        >
          Revocar
        </Button>
      )}
    </Group>
  );
}

/** The course's certificates: a table from 576 px, cards below. */
function CertificateList({ certificates, onRevoke }: { certificates: Certificate[]; onRevoke: (certificate: Certificate) => void }) {
  if (certificates.length === 0) {
    return (
      <EmptyState
        icon={IconCertificate}
        title="Todavía no se emitió ningún certificado"
        text="Los alumnos aptos reciben el suyo con «Emitir certificados»."
      />
    );
  }
  return (
    <>
      <Table visibleFrom="xs" verticalSpacing="sm" aria-label="Certificados emitidos">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Alumno</Table.Th>
            <Table.Th scope="col">Código</Table.Th>
            <Table.Th scope="col">Emitido</Table.Th>
            <Table.Th scope="col">Vence</Table.Th>
            <Table.Th scope="col">Estado</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Acciones</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {certificates.map((certificate) => (
            <Table.Tr key={certificate.id}>
              <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
                {certificate.holderName}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor href={certificate.verifyUrl} target="_blank" rel="noopener" size="sm" underline="always">
                  {certificate.code}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dayText(certificate.issuedOn)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dayText(certificate.expiresOn)}</Table.Td>
              <Table.Td>
                <StateCell certificate={certificate} />
              </Table.Td>
              <Table.Td>
                <Actions certificate={certificate} onRevoke={() => onRevoke(certificate)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack component="ul" gap="sm" p={0} m={0} hiddenFrom="xs" style={{ listStyle: 'none' }} aria-label="Certificados emitidos">
        {certificates.map((certificate) => (
          <Paper key={certificate.id} component="li" withBorder radius="md" p="sm">
            <Stack gap="xs">
              <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                <Text fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  {certificate.holderName}
                </Text>
                <CertificateStateBadge state={certificate.state} />
              </Group>
              {certificate.revokedReason && (
                <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                  Motivo: {certificate.revokedReason}
                </Text>
              )}
              <Text size="sm" c="gray.8">
                <Anchor href={certificate.verifyUrl} target="_blank" rel="noopener" size="sm" underline="always">
                  {certificate.code}
                </Anchor>{' '}
                · {dayText(certificate.issuedOn)} al {dayText(certificate.expiresOn)}
              </Text>
              <Actions certificate={certificate} onRevoke={() => onRevoke(certificate)} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}

/**
 * 'Certificados' on the approval page: 'Emitir certificados' for the 'Apto' trainees without one
 * (or one by one), and the course's certificates with their state, PDF and 'Revocar'.
 */
export function CertificatesSection({ courseId }: { courseId: string }) {
  const approval = useApproval(courseId);
  const certificates = useCourseCertificates(courseId);
  const [revoking, setRevoking] = useState<Certificate | null>(null);
  const failed = approval.error ?? certificates.error;

  let body;
  if (approval.data && certificates.data) {
    const holding = new Set(certificates.data.certificates.filter((c) => c.state !== 'revocado').map((c) => c.userId));
    const waiting = approval.data.trainees.filter((t) => t.outcome === 'apto' && !holding.has(t.id));
    body = (
      <Stack gap="md">
        <SignerSection courseId={courseId} signer={approval.data.signer} />
        <Divider />
        <IssuePanel courseId={courseId} approval={approval.data} waiting={waiting} />
        <CertificateList certificates={certificates.data.certificates} onRevoke={setRevoking} />
      </Stack>
    );
  } else if (failed) {
    body = (
      <Alert color="red" role="alert" title="No pudimos cargar los certificados">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{failed.message}</Text>
          <Button variant="default" size="xs" onClick={() => void Promise.all([approval.refetch(), certificates.refetch()])}>
            Reintentar
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    body = (
      <Stack gap="sm" aria-hidden>
        <Skeleton height={36} width="50%" />
        <Skeleton height={120} />
      </Stack>
    );
  }

  return (
    <Stack component="section" gap="sm" aria-labelledby={HEADING_ID}>
      <Stack gap={2}>
        <Title order={2} size="h4" id={HEADING_ID}>
          Certificados
        </Title>
        <Text size="sm" c="gray.7">
          La licencia de cada alumno apto: un PDF con su código y un código QR que cualquiera puede verificar.
        </Text>
      </Stack>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        {body}
      </Paper>
      <RevokeModal courseId={courseId} certificate={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  );
}
