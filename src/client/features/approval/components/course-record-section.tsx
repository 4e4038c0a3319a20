import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFileTypeCsv, IconFileTypePdf, IconLock, IconPencil } from '@tabler/icons-react';
import { dayOf, dayText } from '../../../../shared/calendar.ts';
import type { CourseRecordList, CourseRecordSummary } from '../../../../shared/schemas/course-records.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../components/notify.ts';
import { useCloseRecord } from '../api/close-record.ts';
import { useSupersedeRecord } from '../api/supersede-record.ts';
import { draftRecordUrl, recordFileUrl, useCourseRecords } from '../api/use-course-records.ts';

const HEADING_ID = 'acta-del-curso';

/** '27 nov 2026', the day a record was closed in the course's zone. */
const closedDay = (iso: string) => dayText(dayOf(new Date(iso)));
/** '12 aptos de 20'. */
const countsText = (record: CourseRecordSummary) =>
  `${record.aptoCount} ${record.aptoCount === 1 ? 'apto' : 'aptos'} de ${record.traineeCount}`;

/**
 * 'Descargar PDF' and 'Descargar CSV' of a file pair, side by side in the caller's row; `what` names
 * them for a screen reader ('del acta N° 2'). In a record's row (`compact`) they read 'PDF' and 'CSV'.
 */
function Downloads({ pdf, csv, what, compact = false }: { pdf: string; csv: string; what: string; compact?: boolean }) {
  const size = compact ? 'xs' : 'sm';
  return (
    <>
      <Button
        component="a"
        href={pdf}
        download
        variant="light"
        size={size}
        leftSection={<IconFileTypePdf size={16} aria-hidden />}
        aria-label={`Descargar PDF ${what}`}
      >
        {compact ? 'PDF' : 'Descargar PDF'}
      </Button>
      <Button
        component="a"
        href={csv}
        download
        variant="light"
        size={size}
        leftSection={<IconFileTypeCsv size={16} aria-hidden />}
        aria-label={`Descargar CSV ${what}`}
      >
        {compact ? 'CSV' : 'Descargar CSV'}
      </Button>
    </>
  );
}

/**
 * 'Acta del curso' on the approval page: the draft's files while the course is open, 'Cerrar acta',
 * and every record issued ('Vigente' or 'Reemplazada') with its files and 'Corregir acta' on the one in force.
 */
export function CourseRecordSection({ courseId }: { courseId: string }) {
  const query = useCourseRecords(courseId);
  return (
    <Stack component="section" gap="sm" aria-labelledby={HEADING_ID}>
      <Stack gap={2}>
        <Title order={2} size="h4" id={HEADING_ID}>
          Acta del curso
        </Title>
        <Text size="sm" c="gray.7">
          El registro para la federación: el curso, sus requisitos y el resultado de cada alumno, con tu nombre y la fecha.
        </Text>
      </Stack>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        {query.data ? (
          <RecordBody courseId={courseId} list={query.data} />
        ) : query.isError ? (
          <Alert color="red" role="alert" title="No pudimos cargar el acta del curso">
            <Text size="sm">{query.error instanceof Error ? query.error.message : 'Ocurrió un error inesperado.'}</Text>
            <Button variant="default" size="xs" mt="xs" onClick={() => void query.refetch()}>
              Reintentar
            </Button>
          </Alert>
        ) : (
          <Stack gap="xs" aria-hidden>
            <Skeleton height={16} width="70%" />
            <Skeleton height={36} width="60%" />
            <Skeleton height={56} />
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

function RecordBody({ courseId, list }: { courseId: string; list: CourseRecordList }) {
  const close = useCloseRecord(courseId);
  const supersede = useSupersedeRecord(courseId);
  const [closing, setClosing] = useState(false);
  const [correcting, setCorrecting] = useState<CourseRecordSummary | null>(null);
  const inForce = list.records.find((record) => record.supersededAt === null) ?? null;
  const nextNumber = (list.records[0]?.number ?? 0) + 1;
  const replaced = list.open ? (list.records[0] ?? null) : null;

  const confirmClose = () =>
    close.mutate(undefined, {
      onSuccess: ({ record, message }) => {
        setClosing(false);
        notify(message, `Acta N° ${record.number}: ${countsText(record)}.`);
      },
    });
  const confirmCorrect = () => {
    if (!correcting) return;
    supersede.mutate(correcting.id, {
      onSuccess: ({ record, message }) => {
        setCorrecting(null);
        notify(message, `El acta N° ${record.number} queda como reemplazada.`);
      },
    });
  };

  return (
    <Stack gap="md">
      {inForce ? (
        <Text size="sm">
          <IconLock size={14} aria-hidden style={{ verticalAlign: '-2px', marginRight: 4 }} />
          Acta N° {inForce.number} cerrada el {closedDay(inForce.closedAt)} por {inForce.closedByName}. Los resultados ya no cambian; para
          corregir algo, usá «Corregir acta».
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            El acta está abierta: los resultados se calculan con lo registrado hasta hoy. Descargá el borrador para revisarla; al cerrarla,
            los resultados quedan fijos.
            {replaced && ` Esta acta corrige el acta N° ${replaced.number}.`}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Button
              leftSection={<IconLock size={16} aria-hidden />}
              onClick={() => {
                close.reset();
                setClosing(true);
              }}
            >
              Cerrar acta
            </Button>
            <Downloads pdf={draftRecordUrl(courseId, 'pdf')} csv={draftRecordUrl(courseId, 'csv')} what="del borrador del acta" />
          </Group>
        </Stack>
      )}
      {list.records.length > 0 && (
        <Stack gap={0}>
          <Title order={3} size="h5" mb={4} id={`${HEADING_ID}-emitidas`}>
            Actas emitidas
          </Title>
          <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={`${HEADING_ID}-emitidas`}>
            {list.records.map((record, index) => (
              <RecordItem
                key={record.id}
                record={record}
                first={index === 0}
                onCorrect={() => {
                  supersede.reset();
                  setCorrecting(record);
                }}
              />
            ))}
          </Stack>
        </Stack>
      )}
      <ConfirmDialog
        opened={closing}
        title={`¿Cerrar el acta N° ${nextNumber}?`}
        text="Se emite el acta con los resultados de hoy. Desde ese momento los resultados ya no cambian, y lo que a alguien todavía le falte queda como «No apto». Si después hay que corregir algo, se emite una nueva acta que rectifica esta."
        confirmLabel="Cerrar acta"
        pending={close.isPending}
        error={close.error?.message ?? null}
        onConfirm={confirmClose}
        onClose={() => setClosing(false)}
      />
      <ConfirmDialog
        opened={correcting !== null}
        title={`¿Corregir el acta N° ${correcting?.number ?? ''}?`}
        text={`El acta se conserva como fue emitida y se abre una nueva para corregir. Los resultados vuelven a calcularse con lo registrado; al cerrarla, la nueva acta dice que rectifica el acta N° ${correcting?.number ?? ''}.`}
        confirmLabel="Corregir acta"
        pending={supersede.isPending}
        error={supersede.error?.message ?? null}
        onConfirm={confirmCorrect}
        onClose={() => setCorrecting(null)}
      />
    </Stack>
  );
}

function RecordItem({ record, first, onCorrect }: { record: CourseRecordSummary; first: boolean; onCorrect: () => void }) {
  const vigente = record.supersededAt === null;
  return (
    <Stack component="li" gap={6} py="sm" style={{ borderTop: first ? undefined : '1px solid var(--mantine-color-gray-3)' }}>
      <Group gap="xs" wrap="wrap" align="center">
        <Text fw={700}>Acta N° {record.number}</Text>
        <Badge color={vigente ? 'green' : 'gray'} variant="light" style={{ textTransform: 'none' }}>
          {vigente ? 'Vigente' : 'Reemplazada'}
        </Badge>
      </Group>
      <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
        Cerrada el {closedDay(record.closedAt)} por {record.closedByName} · {countsText(record)}
        {record.supersededAt && ` · reemplazada el ${closedDay(record.supersededAt)}`}
      </Text>
      <Group gap="xs" wrap="wrap">
        <Downloads
          pdf={recordFileUrl(record.id, 'pdf')}
          csv={recordFileUrl(record.id, 'csv')}
          what={`del acta N° ${record.number}`}
          compact
        />
        {vigente && (
          <Button variant="default" size="xs" leftSection={<IconPencil size={14} aria-hidden />} onClick={onCorrect}>
            Corregir acta
          </Button>
        )}
      </Group>
    </Stack>
  );
}
