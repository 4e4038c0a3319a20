import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSignature } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { CourseApproval } from '../../../../shared/schemas/approval.ts';
import {
  SIGNER_NAME_MAX,
  SIGNER_TITLE_MAX,
  certificateSignerSchema,
  type CertificateSigner,
} from '../../../../shared/schemas/certificates.ts';
import { notify } from '../../../components/notify.ts';
import { showOnForm } from '../../../lib/api.ts';
import { useSaveSigner } from '../api/save-signer.ts';

const HEADING_ID = 'firma-del-certificado';
const NAME_ID = 'firma-nombre';

/** Whether the course names who signs its certificates (nothing is issued before). */
export const isSigned = (signer: CourseApproval['signer']) => signer.name.trim() !== '' && signer.title.trim() !== '';

/** Moves to the signature's first field: the link beside a disabled 'Emitir certificados'. */
export function goToSigner() {
  const field = document.getElementById(NAME_ID);
  field?.scrollIntoView({ block: 'center' });
  field?.focus({ preventScroll: true });
}

function SignerFields({
  courseId,
  signer,
  onSaved,
  onCancel,
}: {
  courseId: string;
  signer: CertificateSigner;
  onSaved: () => void;
  onCancel: (() => void) | null;
}) {
  const save = useSaveSigner(courseId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ mode: 'controlled', initialValues: signer, validate: zod4Resolver(certificateSignerSchema) });
  const submit = form.onSubmit((values) => {
    setFailure(null);
    save.mutate(values, {
      onSuccess: ({ signer: saved, message }) => {
        notify(message, `${saved.name} · ${saved.title}`);
        onSaved();
      },
      onError: showOnForm(form, setFailure),
    });
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Firma del certificado">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            id={NAME_ID}
            label="Nombre de quien firma"
            placeholder="Marta Gómez"
            required
            maxLength={SIGNER_NAME_MAX}
            autoComplete="off"
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Cargo"
            placeholder="Director de la Escuela de Árbitros"
            required
            maxLength={SIGNER_TITLE_MAX}
            autoComplete="off"
            {...form.getInputProps('title')}
          />
        </SimpleGrid>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancelar
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            Guardar firma
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * 'Firma del certificado': who signs the course's certificates and their title, asked once per
 * course and printed under the signature line of each one issued from then on. Until it is set the
 * fields are open; then it reads as a line, with 'Cambiar firma'.
 */
export function SignerSection({ courseId, signer }: { courseId: string; signer: CourseApproval['signer'] }) {
  const signed = isSigned(signer);
  const [editing, setEditing] = useState(false);
  const change = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  // Back from the fields (saved or not), focus goes to 'Cambiar firma' once it is drawn (a first
  // signature shows it only when the saved one reaches the page's data, a moment after the answer).
  useEffect(() => {
    if (!refocus || editing || !change.current) return;
    change.current.focus();
    setRefocus(false);
  }, [refocus, editing, signed]);
  const close = () => {
    setEditing(false);
    setRefocus(true);
  };

  return (
    <Stack component="section" gap="sm" aria-labelledby={HEADING_ID}>
      <Stack gap={2}>
        <Title order={3} size="h5" id={HEADING_ID}>
          Firma del certificado
        </Title>
        <Text size="sm" c="gray.7">
          Quién firma los certificados de este curso: su nombre y su cargo van bajo la línea de firma de cada uno que se emita desde ahora.
          Los ya emitidos no cambian.
        </Text>
      </Stack>
      {signed && !editing ? (
        <Group justify="space-between" align="center" gap="sm">
          <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
            <IconSignature size={20} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              <strong>{signer.name}</strong>, {signer.title}
            </Text>
          </Group>
          <Button ref={change} variant="default" size="xs" onClick={() => setEditing(true)}>
            Cambiar firma
          </Button>
        </Group>
      ) : (
        <SignerFields courseId={courseId} signer={signer} onSaved={close} onCancel={signed ? close : null} />
      )}
    </Stack>
  );
}
