import { useState } from 'react';
import { Link } from 'wouter';
import { Alert, Anchor, Badge, Button, FileInput, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconDownload, IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import type { ImportPreview, ImportResult, ImportRow } from '../../../shared/schemas/users.ts';
import { downloadCsv } from '../../lib/csv-download.ts';
import { useFocusOnChange } from '../../lib/row-focus.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { paths } from '../../lib/paths.ts';
import { CourseSelect } from '../../components/course-select.tsx';
import { useStaffReach } from '../../lib/course-roles.ts';
import { useCourseParam } from '../../lib/use-course-param.ts';
import { useImportUsers, usePreviewImport } from './api/use-import-users.ts';

const count = new Intl.NumberFormat('es-AR');

/** The columns the import reads; the template and the file of failed rows have them (and the latter each row's problem). */
const templateRows = [['nombre', 'email']];
const downloadTemplate = () => downloadCsv('plantilla-alumnos.csv', templateRows);
const downloadFailed = (rows: ImportRow[]) =>
  downloadCsv('alumnos-con-errores.csv', [['nombre', 'email', 'problema'], ...rows.map((row) => [row.name, row.email, row.problem ?? ''])]);

function PreviewTable({ rows, label }: { rows: ImportRow[]; label: string }) {
  // Three narrow columns (the name and email stacked), so each row's problem is visible on a phone without scrolling.
  return (
    <Table striped withTableBorder verticalSpacing="xs" horizontalSpacing="xs" aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" w={48}>
            Fila
          </Table.Th>
          <Table.Th scope="col">Alumno</Table.Th>
          <Table.Th scope="col">Estado</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.line}>
            <Table.Td>{row.line}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <Text size="sm" fw={500}>
                {row.name || '—'}
              </Text>
              <Text size="sm" c="gray.7">
                {row.email || '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              {row.problem ? (
                <Text size="sm" c="red.9" fw={500}>
                  {row.problem}
                </Text>
              ) : (
                <Badge color="green" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
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

interface FailedRowsSectionProps {
  rows: ImportRow[];
}

/** The rows the import left out, with their problems and a CSV of them to fix and import again. */
function FailedRowsSection({ rows }: FailedRowsSectionProps) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="filas-con-errores">
      <Text fw={600} id="filas-con-errores">
        {rows.length === 1 ? 'Esta fila no se importó' : `Estas ${count.format(rows.length)} filas no se importaron`}: corregilas y volvé a
        importarlas.
      </Text>
      <PreviewTable rows={rows} label="Filas que no se importaron" />
      <Group>
        {/* On a phone the label wraps rather than being cut. */}
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => downloadFailed(rows)}
          h="auto"
          py={8}
          styles={{ label: { whiteSpace: 'normal' } }}
        >
          Descargar las filas con errores (CSV)
        </Button>
      </Group>
    </Stack>
  );
}

interface ClassListFormProps {
  file: File | null;
  onFileChange: (file: File | null) => void;
  courseId: string | null;
  onCourseChange: (courseId: string | null) => void;
  error: Error | null;
  checking: boolean;
  checked: boolean;
  onCheck: () => void;
}

/** The CSV to import and the course to enable, sent to be checked with 'Revisar archivo'. */
function ClassListForm({ file, onFileChange, courseId, onCourseChange, error, checking, checked, onCheck }: ClassListFormProps) {
  // An instructor imports into one of their courses only.
  const { admin } = useStaffReach();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack>
        <Text size="sm">
          Subí un archivo CSV con una fila de títulos y las columnas <strong>nombre</strong> y <strong>email</strong>, separadas por coma o
          punto y coma, como lo guarda Excel. Antes de crear nada vas a ver cada fila con su problema, si lo tiene.
        </Text>
        <Group>
          <Button variant="subtle" size="compact-sm" leftSection={<IconDownload size={14} aria-hidden />} onClick={downloadTemplate}>
            Descargar la plantilla
          </Button>
        </Group>
        <FileInput
          label="Archivo CSV"
          placeholder="Elegí el archivo"
          // Mantine's placeholder grey is too pale for WCAG AA on white.
          styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
          accept=".csv,text/csv,text/plain"
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          value={file}
          onChange={onFileChange}
          clearable
          clearButtonProps={{ 'aria-label': 'Quitar el archivo' }}
          required
        />
        <CourseSelect
          label={admin ? 'Curso para habilitar (opcional)' : 'Curso'}
          description="Se habilita el curso con su primer módulo para todos los alumnos importados."
          for="alumnos.gestionar"
          {...(admin ? { allLabel: 'Ninguno por ahora' } : {})}
          value={courseId}
          onChange={onCourseChange}
          empty={
            <Text size="sm" c="gray.7">
              No hay cursos en los que puedas inscribir alumnos.
            </Text>
          }
        />
        {error && (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        )}
        <Group>
          <Button onClick={onCheck} disabled={!file || (!admin && !courseId)} loading={checking} variant={checked ? 'default' : 'filled'}>
            Revisar archivo
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

interface PreviewSectionProps {
  preview: ImportPreview;
  error: Error | null;
  importing: boolean;
  onImport: () => void;
}

const PREVIEW_ID = 'vista-previa';

/** The checked file, row by row, and the 'Importar' button that creates the valid rows. */
function PreviewSection({ preview, error, importing, onImport }: PreviewSectionProps) {
  // Each new reading of the file takes the focus to its summary, and the next Tab reaches 'Importar'.
  const summary = useFocusOnChange<HTMLParagraphElement>(preview);
  return (
    <Stack gap="sm" component="section" aria-labelledby={PREVIEW_ID}>
      <Text fw={600} id={PREVIEW_ID} tabIndex={-1} ref={summary}>
        {count.format(preview.valid)} {preview.valid === 1 ? 'fila lista' : 'filas listas'} para importar, {count.format(preview.invalid)}{' '}
        con errores
        {preview.course ? ` · se habilita "${preview.course.name}"` : ''}
      </Text>
      <PreviewTable rows={preview.rows} label="Filas del archivo" />
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
            Las filas con errores no se crean.
          </Text>
        )}
      </Group>
    </Stack>
  );
}

/** 'Importar alumnos': a CSV class list, checked row by row before anything is created. */
export function ImportUsersPage() {
  const previewImport = usePreviewImport();
  const importUsers = useImportUsers();
  const [file, setFile] = useState<File | null>(null);
  const [courseId, setCourseId] = useCourseParam();
  const { admin } = useStaffReach();
  const [done, setDone] = useState<ImportResult | null>(null);
  const preview = previewImport.data;
  const failedRows = done?.rows.filter((row) => row.problem !== null) ?? [];

  const changed = () => {
    previewImport.reset();
    importUsers.reset();
  };

  const check = () => {
    if (!file) return;
    setDone(null);
    previewImport.mutate({ file, courseId });
  };

  const runImport = () => {
    if (!file) return;
    importUsers.mutate(
      { file, courseId },
      {
        onSuccess: (result) => {
          setDone(result);
          setFile(null);
          previewImport.reset();
        },
      },
    );
  };

  return (
    <Stack gap="md" maw={900}>
      <PageTitle
        actions={
          <Anchor component={Link} href={paths.adminCreateUser(courseId ?? undefined)} size="sm">
            Crear un usuario a mano
          </Anchor>
        }
      >
        Importar alumnos
      </PageTitle>

      {done && (
        <Alert color="green" title={done.message} role="status">
          Cada alumno recibe un email para crear su contraseña.{' '}
          {admin ? (
            <Anchor component={Link} href={paths.adminUsers()}>
              Ver la lista de usuarios
            </Anchor>
          ) : (
            courseId && (
              <Anchor component={Link} href={paths.adminCourse(courseId)}>
                Ir al curso
              </Anchor>
            )
          )}
        </Alert>
      )}
      {failedRows.length > 0 && <FailedRowsSection rows={failedRows} />}

      <ClassListForm
        file={file}
        onFileChange={(value) => {
          setFile(value);
          changed();
        }}
        courseId={courseId}
        onCourseChange={(value) => {
          setCourseId(value);
          changed();
        }}
        error={previewImport.error}
        checking={previewImport.isPending}
        checked={Boolean(preview)}
        onCheck={check}
      />

      {preview && <PreviewSection preview={preview} error={importUsers.error} importing={importUsers.isPending} onImport={runImport} />}
    </Stack>
  );
}
