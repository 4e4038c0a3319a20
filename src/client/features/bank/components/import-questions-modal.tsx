import { useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, Modal, NumberInput, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCheck, IconDownload, IconFileImport, IconUpload } from '@tabler/icons-react';
import { examMessages } from '../../../../shared/messages.ts';
import {
  EDITION_MAX,
  EDITION_MIN,
  OPTION_LETTERS,
  type BankFileFormat,
  type BankImportPreview,
  type BankImportResult,
  type BankImportRow,
} from '../../../../shared/schemas/exams.ts';
import { notify } from '../../../components/notify.ts';
import { downloadCsv } from '../../../lib/csv-download.ts';
import { useFocusOnChange } from '../../../lib/row-focus.ts';
import { useImportQuestions, usePreviewImport } from '../api/import-questions.ts';

const count = new Intl.NumberFormat('es-AR');

const templateRows = [
  ['pregunta', 'a', 'b', 'c', 'd', 'e', 'correctas', 'capitulo', 'regla', 'explicacion'],
  [
    '¿Cuánto dura una exclusión?',
    'Un minuto',
    'Dos minutos',
    'Cinco minutos',
    '',
    '',
    'b',
    'Regla 16',
    '16:3',
    'Dos minutos de juego, con el reloj en marcha.',
  ],
];
const downloadTemplate = () => downloadCsv('plantilla-banco-de-preguntas.csv', templateRows);

interface ImportQuestionsModalProps {
  courseId: string;
  opened: boolean;
  /** The edition the file's questions are of, at first: the one the course's bank uses. */
  edition: number;
  onClose: () => void;
}

/** 'Importar preguntas': a CSV, JSON, GIFT or Moodle XML file and the edition, checked row by row before anything is written. */
export function ImportQuestionsModal({ courseId, opened, edition, onClose }: ImportQuestionsModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Importar preguntas"
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {opened && <ImportQuestions courseId={courseId} edition={edition} onDone={onClose} />}
    </Modal>
  );
}

function ImportQuestions({ courseId, edition: usedEdition, onDone }: { courseId: string; edition: number; onDone: () => void }) {
  const previewImport = usePreviewImport(courseId);
  const importQuestions = useImportQuestions(courseId);
  const [file, setFile] = useState<File | null>(null);
  const [edition, setEdition] = useState<number | string>(usedEdition);
  const [done, setDone] = useState<BankImportResult | null>(null);
  const validEdition = typeof edition === 'number' && Number.isInteger(edition) && edition >= EDITION_MIN && edition <= EDITION_MAX;

  const changed = () => {
    previewImport.reset();
    importQuestions.reset();
    setDone(null);
  };
  const check = () => {
    if (file && validEdition) previewImport.mutate({ file, edition });
  };
  const runImport = () => {
    if (!file || !validEdition) return;
    importQuestions.mutate(
      { file, edition },
      {
        onSuccess: (result) => {
          setDone(result);
          setFile(null);
          previewImport.reset();
          notify('Importación terminada', result.message);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      {done && (
        <Alert color="green" title={done.message} role="status">
          <Button mt="xs" size="xs" variant="light" onClick={onDone}>
            Ver el banco
          </Button>
        </Alert>
      )}
      <ImportFileForm
        file={file}
        onFileChange={(value) => {
          setFile(value);
          changed();
        }}
        edition={edition}
        onEditionChange={(value) => {
          setEdition(value);
          changed();
        }}
        validEdition={validEdition}
        error={previewImport.error}
        checking={previewImport.isPending}
        checked={Boolean(previewImport.data)}
        onCheck={check}
      />
      {previewImport.data && (
        <PreviewSection
          preview={previewImport.data}
          error={importQuestions.error}
          importing={importQuestions.isPending}
          onImport={runImport}
        />
      )}
    </Stack>
  );
}

interface ImportFileFormProps {
  file: File | null;
  onFileChange: (file: File | null) => void;
  edition: number | string;
  onEditionChange: (edition: number | string) => void;
  validEdition: boolean;
  error: Error | null;
  checking: boolean;
  checked: boolean;
  onCheck: () => void;
}

/** What the file must hold, the file and the edition, sent to be checked with 'Revisar archivo'. */
function ImportFileForm(props: ImportFileFormProps) {
  const { file, onFileChange, edition, onEditionChange, validEdition, error, checking, checked, onCheck } = props;
  return (
    <Stack gap="sm">
      <Text size="sm">
        Un archivo CSV (como lo guarda Excel, separado por coma o punto y coma) con una fila de títulos y las columnas{' '}
        <strong>pregunta, a, b, correctas</strong> y <strong>capitulo</strong>; <strong>c, d, e, regla</strong> y{' '}
        <strong>explicacion</strong> son opcionales. En <strong>correctas</strong> van las letras de las opciones correctas: a, o a,c si son
        varias. También sirve un JSON: una lista de objetos con esos mismos campos.
      </Text>
      <Text size="sm">{examMessages.importMoodleHelp}</Text>
      <Group>
        <Button variant="subtle" size="compact-sm" leftSection={<IconDownload size={14} aria-hidden />} onClick={downloadTemplate}>
          Descargar la plantilla
        </Button>
      </Group>
      <FileInput
        label={examMessages.importFileLabel}
        placeholder="Elegí el archivo"
        styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
        accept=".csv,.json,.gift,.txt,.xml,text/csv,application/json,text/plain,application/xml,text/xml"
        leftSection={<IconFileImport size={18} aria-hidden />}
        value={file}
        onChange={onFileChange}
        clearable
        clearButtonProps={{ 'aria-label': 'Quitar el archivo' }}
        required
      />
      <NumberInput
        label="Edición del reglamento"
        description="La de todas las preguntas del archivo"
        min={EDITION_MIN}
        max={EDITION_MAX}
        allowDecimal={false}
        allowNegative={false}
        value={edition}
        onChange={onEditionChange}
        error={validEdition ? undefined : `Indicá un año entre ${EDITION_MIN} y ${EDITION_MAX}.`}
        required
        maw={240}
      />
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      <Group>
        <Button onClick={onCheck} disabled={!file || !validEdition} loading={checking} variant={checked ? 'default' : 'filled'}>
          Revisar archivo
        </Button>
      </Group>
    </Stack>
  );
}

interface PreviewSectionProps {
  preview: BankImportPreview;
  error: Error | null;
  importing: boolean;
  onImport: () => void;
}

const PREVIEW_ID = 'banco-vista-previa';

/** Moodle's files (GIFT, XML) are read question by question, each by the line it starts on. */
const byQuestion = (format: BankFileFormat) => format === 'gift' || format === 'xml';

/** The checked file, row by row, and 'Importar', which writes the valid rows. */
function PreviewSection({ preview, error, importing, onImport }: PreviewSectionProps) {
  const moodle = byQuestion(preview.format);
  // Each new reading of the file takes the focus to its summary, and the next Tab reaches 'Importar'.
  const summary = useFocusOnChange<HTMLParagraphElement>(preview);
  return (
    <Stack gap="sm" component="section" aria-labelledby={PREVIEW_ID}>
      <Text fw={600} id={PREVIEW_ID} tabIndex={-1} ref={summary}>
        {moodle ? (
          examMessages.importMoodleSummary(preview.valid, preview.invalid)
        ) : (
          <>
            {count.format(preview.valid)} {preview.valid === 1 ? 'fila lista' : 'filas listas'} para importar,{' '}
            {count.format(preview.invalid)} con errores
          </>
        )}
      </Text>
      <PreviewTable rows={preview.rows} lineColumn={moodle ? examMessages.importLineColumn : 'Fila'} />
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      <Group>
        <Button onClick={onImport} disabled={preview.valid === 0} loading={importing} leftSection={<IconUpload size={16} aria-hidden />}>
          Importar
        </Button>
        {preview.invalid > 0 && (
          <Text size="sm" c="gray.7">
            {moodle ? examMessages.importMoodleSkippedNote : 'Las filas con errores no se importan.'}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

/** Three columns (the question with its options stacked), so each row's problem is visible on a phone. */
function PreviewTable({ rows, lineColumn }: { rows: BankImportRow[]; lineColumn: string }) {
  return (
    <Table withTableBorder verticalSpacing="xs" horizontalSpacing="xs" aria-label="Filas del archivo">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" w={48}>
            {lineColumn}
          </Table.Th>
          <Table.Th scope="col">Pregunta</Table.Th>
          <Table.Th scope="col" w="35%">
            Estado
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.line} bg={row.problem ? 'var(--mantine-color-red-0)' : undefined}>
            <Table.Td>{row.line}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <Text size="sm" fw={500}>
                {row.text || '—'}
              </Text>
              {row.options.map((option, index) => (
                <Text key={index} size="xs" c="gray.7">
                  {OPTION_LETTERS[index]}) {option || '—'}
                </Text>
              ))}
              <Text size="xs" c="gray.8">
                {/* A question the bank has no place for has no options, nor right ones, to show. */}
                {row.options.length > 0 && `Correctas: ${row.correct || '—'} · `}
                {row.chapter || 'sin capítulo'}
                {row.rule ? ` · ${row.rule}` : ''}
              </Text>
            </Table.Td>
            <Table.Td>
              {row.problem ? (
                <Group gap={4} wrap="nowrap" align="flex-start">
                  <IconAlertTriangle size={16} color="var(--mantine-color-red-8)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                  <Text size="sm" c="red.9" fw={500}>
                    <VisuallyHidden component="span">Con error: </VisuallyHidden>
                    {row.problem}
                  </Text>
                </Group>
              ) : (
                <Badge color="green" variant="light" leftSection={<IconCheck size={12} aria-hidden />} style={{ textTransform: 'none' }}>
                  Lista
                </Badge>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
