import { Fragment } from 'react';
import { Link } from 'wouter';
import { Alert, Anchor, Button, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCertificate, IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { certificateMessages } from '../../../shared/messages.ts';
import type { Certificate } from '../../../shared/schemas/certificates.ts';
import { CertificateStateBadge } from '../../components/certificate-state-badge.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { paths } from '../../lib/paths.ts';
import { useMyCertificates } from './api/use-my-certificates.ts';

/**
 * The address as text that breaks where a reader expects on a narrow screen: after a slash, before
 * a dot, never inside the code ('…/verificar/' and 'AV-7K3P-9QXD' on their own lines rather than
 * 'verif' and 'icar'). Only a piece wider than the line itself is cut anywhere.
 */
function AddressText({ url }: { url: string }) {
  const slash = url.lastIndexOf('/');
  const pieces = url
    .slice(0, slash + 1)
    .split(/(?<=\/)(?!\/)|(?=\.)/)
    .filter(Boolean);
  return (
    <>
      {pieces.map((piece, i) => (
        <Fragment key={i}>
          {piece}
          <wbr />
        </Fragment>
      ))}
      <span style={{ whiteSpace: 'nowrap' }}>{url.slice(slash + 1)}</span>
    </>
  );
}

/** The verification address, to hand to whoever asks: a link, and a button that copies it. */
function VerificationAddress({ certificate }: { certificate: Certificate }) {
  const labelId = `verificacion-${certificate.id}`;
  return (
    <Stack gap={4}>
      <Text size="sm" c="gray.7" id={labelId}>
        Dirección de verificación
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Anchor
          href={certificate.verifyUrl}
          target="_blank"
          rel="noopener"
          size="sm"
          aria-describedby={labelId}
          style={{ overflowWrap: 'anywhere', minWidth: 0 }}
        >
          <AddressText url={certificate.verifyUrl} />
        </Anchor>
        <CopyButton value={certificate.verifyUrl}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              size="xs"
              color={copied ? 'green' : undefined}
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
              onClick={copy}
              style={{ flexShrink: 0 }}
              aria-label={copied ? 'Dirección copiada' : `Copiar la dirección de verificación de ${certificate.courseName}`}
            >
              {copied ? 'Copiada' : 'Copiar'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

function CertificateCard({ certificate }: { certificate: Certificate }) {
  const headingId = `certificado-${certificate.id}`;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {certificate.courseName}
            </Title>
            <Text fw={600} c="blue.9">
              {certificate.level}
            </Text>
          </Stack>
          <CertificateStateBadge state={certificate.state} size="lg" />
        </Group>
        <Stack gap={0}>
          <Text size="sm">{certificateMessages.issuedOn(certificate.issuedOn)}</Text>
          <Text size="sm">{certificateMessages.expiresOn(certificate.expiresOn)}</Text>
          <Text size="sm" c="gray.7">
            Código {certificate.code}
            {certificate.rulesEdition ? ` · Reglamento: ${certificate.rulesEdition}` : ''}
          </Text>
        </Stack>
        {certificate.state === 'revocado' ? (
          <Alert color="red" variant="light" title="Certificado revocado">
            {certificate.revokedReason}
          </Alert>
        ) : (
          <>
            <VerificationAddress certificate={certificate} />
            <Group>
              <Button
                component="a"
                href={certificate.pdfUrl}
                download
                leftSection={<IconDownload size={16} aria-hidden />}
                aria-label={`Descargar PDF del certificado de ${certificate.courseName}`}
              >
                Descargar PDF
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** 'Mi cuenta' → 'Mis certificados': each licence with its state, its PDF and the address anyone can check it at. */
export function MyCertificatesPage() {
  const query = useMyCertificates();
  const back = (
    <Button component={Link} href={paths.myAccount()} variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} px={0}>
      Mi cuenta
    </Button>
  );

  if (query.error)
    return <LoadError error={query.error} backTo={paths.myAccount()} backLabel="Volver a Mi cuenta" onRetry={() => void query.refetch()} />;

  return (
    <Stack gap="md" maw={720}>
      <Group>{back}</Group>
      <PageTitle>Mis certificados</PageTitle>
      {!query.data ? (
        <ListSkeleton rowHeight={180} />
      ) : query.data.certificates.length === 0 ? (
        <EmptyState
          icon={IconCertificate}
          title="Todavía no tenés certificados"
          text="Cuando apruebes un curso y tu instructor emita tu certificado, lo vas a encontrar acá, con su PDF y la dirección para verificarlo."
        />
      ) : (
        <Stack gap="md">
          {query.data.certificates.map((certificate) => (
            <CertificateCard key={certificate.id} certificate={certificate} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
